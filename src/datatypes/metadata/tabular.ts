import { guessColumnType, overrules } from './column-types';
import type { ColumnType } from './column-types';
import { readLines } from './read-lines';

export interface TabularMetadata {
  data_lines: number | null;
  comment_lines: number | null;
  columns: number;
  column_types: ColumnType[];
}

export interface TabularOptions {
  /**
   * Lines at the start counted as comments. Undefined (the platform's skip=None) means none, but the
   * first line is taken as a possible header: its types only fill columns no other line has typed.
   */
  skip?: number;
  /** Stop after this many data lines (line counts are then unknown if more follows). Null: no limit. */
  maxDataLines?: number | null;
}

/**
 * The platform's Tabular.set_meta: counts data and comment lines ('#' and blank lines are comments)
 * and types every column as the most general of int, float, list, str seen in it.
 */
export async function tabularMetadata(path: string, { skip, maxDataLines = 100000 }: TabularOptions = {}): Promise<TabularMetadata> {
  const skipCount = skip ?? 0;
  let dataLines = 0;
  let commentLines = 0;
  let columnTypes: (ColumnType | undefined)[] = [];
  let firstLineTypes: (ColumnType | undefined)[] = ['str'];
  let capped = false;
  let moreFollows = false;
  let i = 0;
  for await (const line of readLines(path)) {
    if (capped) {
      moreFollows = true;
      break;
    }
    if (i < skipCount || !line || line.startsWith('#')) {
      commentLines += 1;
    } else {
      dataLines += 1;
      line.split('\t').forEach((field, n) => {
        if (n >= columnTypes.length) columnTypes.push(undefined);
        const type = guessColumnType(field);
        if (overrules(type, columnTypes[n])) columnTypes[n] = type;
      });
      if (i === 0 && skip === undefined) {
        firstLineTypes = columnTypes;
        columnTypes = firstLineTypes.map(() => undefined);
      }
    }
    if (maxDataLines !== null && dataLines >= maxDataLines) capped = true;
    i += 1;
  }
  // The first line pads missing columns and fills untyped ones; 'str' is the default.
  const types: ColumnType[] = [];
  const width = Math.max(columnTypes.length, firstLineTypes.length);
  for (let n = 0; n < width; n += 1) types.push(columnTypes[n] ?? firstLineTypes[n] ?? 'str');
  return {
    data_lines: moreFollows ? null : dataLines,
    comment_lines: moreFollows ? null : commentLines,
    columns: types.length,
    column_types: types,
  };
}
