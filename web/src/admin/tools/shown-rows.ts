import { useEffect, useState } from 'react';

/** How many rows a long in-memory list shows at first, and how many more each "Show more" adds. */
export const ROWS_AT_A_TIME = 100;

/** A filter over a list held in memory and how many of its matches are shown (more on demand; back to the first rows when the filter changes). */
export function useShownRows<Row>(rows: readonly Row[], filter: string, matches: (row: Row, words: string) => boolean) {
  const [shown, setShown] = useState(ROWS_AT_A_TIME);
  const words = filter.trim().toLowerCase();
  useEffect(() => setShown(ROWS_AT_A_TIME), [words]);
  const matching = words === '' ? rows : rows.filter((row) => matches(row, words));
  return { rows: matching.slice(0, shown), total: matching.length, more: matching.length > shown ? () => setShown((count) => count + ROWS_AT_A_TIME) : null };
}
