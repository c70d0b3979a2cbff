/** How a chart reads a column: as numbers (a column typed int or float by the metadata) or as text (categories). */
export type ChartColumnKind = 'number' | 'text';

/** A value of a chart row: a number, a text, or null (an empty cell, or one that is not a number in a numeric column). */
export type ChartValue = number | string | null;

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** How a chart reads each column of the column types (int, float, str, list): numbers for int and float; missing ones are text. */
export function chartColumnKinds(types: readonly string[] | null, count: number): ChartColumnKind[] {
  return Array.from({ length: count }, (_, index) => (types?.[index] === 'int' || types?.[index] === 'float' ? 'number' : 'text'));
}

/** A cell as its column's kind reads it. */
export function chartValue(cell: string | undefined, kind: ChartColumnKind): ChartValue {
  if (cell === undefined) return null;
  const text = cell.trim();
  if (text === '') return null;
  if (kind === 'text') return text;
  if (!NUMBER.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}
