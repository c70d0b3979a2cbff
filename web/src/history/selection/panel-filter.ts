import type { VariablesOf } from '../../graphql';
import type { HistoryItemsPageQuery } from '../history-item-documents';
import type { HistoryItem } from '../history-item-documents';

/** The graph's filter of the panel's pages and of "everything the filter keeps". */
export type HistoryItemFilterInput = NonNullable<VariablesOf<typeof HistoryItemsPageQuery>['filter']>;

/** What the panel's filter bar holds (texts as typed; an empty one sets no condition). */
export interface PanelFilter {
  name: string;
  extension: string;
  state: string;
  tag: string;
  hidMin: string;
  hidMax: string;
  showDeleted: boolean;
  showHidden: boolean;
}

export const NO_FILTER: PanelFilter = { name: '', extension: '', state: '', tag: '', hidMin: '', hidMax: '', showDeleted: false, showHidden: false };

const text = (value: string) => (value.trim() === '' ? null : value.trim());
const hid = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : null);

/** The filter as the graph takes it: deleted and hidden items are left out unless shown. */
export function filterInput(filter: PanelFilter): HistoryItemFilterInput {
  return {
    name: text(filter.name),
    extension: text(filter.extension),
    state: text(filter.state),
    tag: text(filter.tag),
    hidMin: hid(filter.hidMin),
    hidMax: hid(filter.hidMax),
    deleted: filter.showDeleted ? null : false,
    visible: filter.showHidden ? null : true,
  };
}

/** Whether the filter sets a condition beyond the defaults (the bar says so, and offers to clear it). */
export function narrows(filter: PanelFilter): boolean {
  return [filter.name, filter.extension, filter.state, filter.tag, filter.hidMin, filter.hidMax].some((value) => value.trim() !== '');
}

/**
 * The same conditions as the graph's (history-item-filter.ts), for items the live subscription
 * announces between two reads of the pages.
 */
export function keeps(input: HistoryItemFilterInput): (item: HistoryItem) => boolean {
  return (item) => {
    const dataset = item.__typename === 'HistoryContent' ? item : null;
    if (input.deleted === false && item.deleted) return false;
    if (input.visible === true && !item.visible) return false;
    if (input.name && !item.name.toLowerCase().includes(input.name.toLowerCase())) return false;
    if (input.extension && dataset?.extension !== input.extension) return false;
    if (input.state && dataset?.state !== input.state) return false;
    if (input.tag && !(dataset?.tags ?? []).includes(input.tag.startsWith('#') ? `name:${input.tag.slice(1)}` : input.tag)) return false;
    if (typeof input.hidMin === 'number' && item.hid < input.hidMin) return false;
    if (typeof input.hidMax === 'number' && item.hid > input.hidMax) return false;
    return true;
  };
}
