import { useCallback, useMemo, useState } from 'react';
import type { HistoryItem } from '../history-item-documents';
import type { HistoryItemFilterInput } from './panel-filter';

/** An item of the selection, by kind and id. */
export const itemKey = (item: Pick<HistoryItem, '__typename' | 'id'>) => `${item.__typename}:${item.id}`;

/** What the graph's operations take: the items by id, or everything the filter keeps. */
export interface SelectionInput {
  datasetIds?: string[];
  collectionIds?: string[];
  filter?: HistoryItemFilterInput;
}

export interface HistorySelection {
  /** The panel shows checkboxes. */
  selecting: boolean;
  setSelecting(on: boolean): void;
  /** "Select all": every item the filter keeps, loaded or not. */
  all: boolean;
  /** How many items are selected. */
  count: number;
  isSelected(item: HistoryItem): boolean;
  /** A checkbox clicked: with shift, every loaded item from the last one clicked to this one takes its new state. */
  toggle(item: HistoryItem, shift: boolean): void;
  selectAll(): void;
  clear(): void;
  /** The selected items the panel has loaded (all of them unless "Select all" reached beyond the loaded pages). */
  loadedItems(): HistoryItem[];
  input(): SelectionInput;
}

/**
 * The history panel's selection: items picked one by one or by shift-click ranges (among the loaded
 * rows, in the order shown), or "all N matching the filter", which is sent to the graph as the filter
 * itself. A new filter clears it.
 */
export function useHistorySelection(items: readonly HistoryItem[], totalCount: number, filter: HistoryItemFilterInput): HistorySelection {
  const [selecting, setSelectingState] = useState(false);
  const [picked, setPicked] = useState<ReadonlyMap<string, HistoryItem>>(new Map());
  const [all, setAll] = useState(false);
  const [anchor, setAnchor] = useState<string | null>(null);
  const filterKey = JSON.stringify(filter);
  const [selectedUnder, setSelectedUnder] = useState(filterKey);
  if (selectedUnder !== filterKey) {
    // What was selected under another filter is not what the new one shows.
    setSelectedUnder(filterKey);
    setPicked(new Map());
    setAll(false);
    setAnchor(null);
  }

  const clear = useCallback(() => {
    setPicked(new Map());
    setAll(false);
    setAnchor(null);
  }, []);

  const toggle = useCallback(
    (item: HistoryItem, shift: boolean) => {
      const key = itemKey(item);
      // Unticking one of "all": the loaded items stay selected but that one.
      const current = all ? new Map(items.map((each) => [itemKey(each), each])) : new Map(picked);
      setAll(false);
      const select = !current.has(key);
      const anchorIndex = anchor === null ? -1 : items.findIndex((each) => itemKey(each) === anchor);
      const index = items.findIndex((each) => itemKey(each) === key);
      const range = shift && anchorIndex >= 0 && index >= 0 ? items.slice(Math.min(anchorIndex, index), Math.max(anchorIndex, index) + 1) : [item];
      for (const each of range) {
        if (select) current.set(itemKey(each), each);
        else current.delete(itemKey(each));
      }
      setPicked(current);
      setAnchor(key);
    },
    [all, anchor, items, picked],
  );

  return useMemo(
    () => ({
      selecting,
      setSelecting: (on: boolean) => {
        setSelectingState(on);
        if (!on) clear();
      },
      all,
      count: all ? totalCount : picked.size,
      isSelected: (item: HistoryItem) => all || picked.has(itemKey(item)),
      toggle,
      selectAll: () => {
        setAll(true);
        setPicked(new Map());
      },
      clear,
      loadedItems: () => (all ? [...items] : [...picked.values()].sort((a, b) => a.hid - b.hid)),
      input: (): SelectionInput => {
        if (all) return { filter };
        const chosen = [...picked.values()];
        return {
          datasetIds: chosen.filter((item) => item.__typename === 'HistoryContent').map((item) => item.id),
          collectionIds: chosen.filter((item) => item.__typename !== 'HistoryContent').map((item) => item.id),
        };
      },
    }),
    [selecting, all, totalCount, picked, toggle, clear, items, filter],
  );
}
