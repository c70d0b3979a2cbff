import { DATASET_STATES } from '../../entities/dataset.entity';
import { errors } from '../../errors/error-kinds';

/**
 * What the history panel's filter keeps: the same conditions for the panel's pages and for the
 * operations on "everything a filter keeps" (hide, delete, copy… of a selection), so what a user
 * sees is what an operation changes. An absent (null) condition keeps everything.
 */
export interface HistoryItemFilter {
  /** The name contains this text (case-insensitive). */
  name?: string | null;
  /** Datasets of this datatype (collections have none: they are left out). */
  extension?: string | null;
  /** Datasets in this state (collections are left out). */
  state?: string | null;
  /** Items carrying this tag: `name`, `name:value`; `#x` is the name tag `name:x`. */
  tag?: string | null;
  hidMin?: number | null;
  hidMax?: number | null;
  deleted?: boolean | null;
  visible?: boolean | null;
}

const FILTER_KEYS = ['deleted', 'visible', 'name', 'extension', 'state', 'tag', 'hidMin', 'hidMax'] as const;
export type HistoryItemFilterKey = (typeof FILTER_KEYS)[number];

/** Longest text a filter condition takes. */
const MAX_FILTER_TEXT = 255;

/** The filter checked and normalised: texts trimmed (empty: no condition), a `#x` tag made `name:x`; a bad value is the caller's error. */
export function checkedItemFilter(filter: HistoryItemFilter): HistoryItemFilter {
  const text = (key: 'name' | 'extension' | 'state' | 'tag'): string | null => {
    const value = filter[key];
    if (value === undefined || value === null) return null;
    const trimmed = value.trim();
    if (trimmed.length > MAX_FILTER_TEXT) throw errors.invalid(`The ${key} filter is longer than ${MAX_FILTER_TEXT} characters.`);
    return trimmed === '' ? null : trimmed;
  };
  const state = text('state');
  if (state !== null && !(DATASET_STATES as readonly string[]).includes(state)) throw errors.invalid(`Unknown dataset state: ${state}`);
  const tag = text('tag');
  for (const key of ['hidMin', 'hidMax'] as const) {
    const hid = filter[key];
    if (hid !== undefined && hid !== null && (!Number.isInteger(hid) || hid < 0 || hid > 2_147_483_647)) throw errors.invalid(`${key} must be a whole number of at least 0.`);
  }
  return {
    name: text('name'),
    extension: text('extension'),
    state,
    tag: tag?.startsWith('#') ? `name:${tag.slice(1)}` : tag,
    hidMin: filter.hidMin ?? null,
    hidMax: filter.hidMax ?? null,
    deleted: filter.deleted ?? null,
    visible: filter.visible ?? null,
  };
}

/** The conditions a filter sets, in a fixed order (a statement's shape). */
export function filterKeysOf(filter: HistoryItemFilter): HistoryItemFilterKey[] {
  return FILTER_KEYS.filter((key) => filter[key] !== undefined && filter[key] !== null);
}

/** The parameters of `itemFilterClauses`, in its order. */
export function itemFilterValues(filter: HistoryItemFilter, keys: readonly HistoryItemFilterKey[]): unknown[] {
  return keys.map((key) => filter[key]);
}

/**
 * `and` clauses for the conditions `keys` on the rows of `alias` (a history dataset or collection
 * association), each taking its parameter from `placeholder(i)` (i: its place among the keys), so
 * both sides of a union can share the parameters. A dataset-only condition (extension, state) keeps no
 * collection (its parameter is still used, so it has a type).
 */
export function itemFilterClauses(alias: string, kind: 'dataset' | 'collection', keys: readonly HistoryItemFilterKey[], placeholder: (index: number) => string): string {
  const itemType = kind === 'dataset' ? 'hda' : 'hdca';
  return keys
    .map((key, index) => {
      const p = placeholder(index);
      switch (key) {
        case 'deleted':
          return `and ${alias}.deleted = ${p}::boolean`;
        case 'visible':
          return `and ${alias}.visible = ${p}::boolean`;
        case 'name':
          return `and strpos(lower(${alias}.name), lower(${p}::text)) > 0`;
        case 'extension':
          return kind === 'dataset' ? `and ${alias}.extension = ${p}::text` : `and ${p}::text is null`;
        case 'state':
          return kind === 'dataset' ? `and exists (select 1 from dataset fd where fd.id = ${alias}.dataset_id and fd.state = ${p}::text)` : `and ${p}::text is null`;
        case 'tag':
          return `and exists (select 1 from item_tag ft where ft.item_type = '${itemType}' and ft.item_id = ${alias}.id
                    and case when coalesce(ft.value, '') = '' then ft.name else ft.name || ':' || ft.value end = ${p}::text)`;
        case 'hidMin':
          return `and ${alias}.hid >= ${p}::int`;
        case 'hidMax':
          return `and ${alias}.hid <= ${p}::int`;
      }
    })
    .join(' ');
}
