/**
 * One loaded tool data table: its definition and the rows its `.loc` files held when they were last
 * read. Immutable: a reload builds a new one and swaps it in, so a request never sees half a reload.
 */
import { dirname } from 'node:path';
import { type InvalidLine, parseLocText } from './loc-file';
import type { LocFileSpec, TableDefinition } from './table-config';

export interface LoadedFile {
  path: string;
  found: boolean;
  invalid: InvalidLine[];
}

export class ToolDataTable {
  /** Column names ordered by index (the element view's `columns`); names sharing an index keep their declared order. */
  readonly columns: readonly string[];
  /** One name per index, `value` first where names share one, null for an unnamed index (the platform's column name list). */
  readonly columnNameList: ReadonlyArray<string | null>;

  constructor(
    readonly definition: TableDefinition,
    readonly rows: ReadonlyArray<readonly string[]>,
    readonly files: readonly LoadedFile[],
  ) {
    const byName = [...definition.columns.byName];
    this.columns = byName.map(([name, index], order) => ({ name, index, order })).sort((a, b) => a.index - b.index || a.order - b.order).map(({ name }) => name);
    const list: Array<string | null> = [];
    for (let index = 0; index <= definition.columns.largestIndex; index += 1) {
      const names = byName.filter(([, at]) => at === index).map(([name]) => name);
      list.push(names.includes('value') ? 'value' : (names[0] ?? null));
    }
    this.columnNameList = list;
  }

  get name(): string {
    return this.definition.name;
  }

  /** The index of a named column, if the table has one. */
  columnIndex(name: string): number | undefined {
    return this.definition.columns.byName.get(name);
  }

  /** A row as a dictionary by column name (an unnamed index by its number); fields past the last column are left out. */
  namedFields(row: readonly string[]): Record<string, string> {
    const named: Record<string, string> = {};
    row.forEach((field, index) => {
      if (index >= this.columnNameList.length) return;
      named[this.columnNameList[index] ?? String(index)] = field;
    });
    return named;
  }

  /** The entry whose `value` column is `value` (the last one, as the platform's search ends on it). */
  entry(value: string): Record<string, string> | null {
    let found: Record<string, string> | null = null;
    for (const row of this.rows) {
      const named = this.namedFields(row);
      if (named.value === value) found = named;
    }
    return found;
  }
}

const rowKey = (row: readonly string[]) => row.join('\u0000');

/**
 * Builds a table from the text of each of its files (null: missing or unreadable). Rows of merged
 * files join only when new; a table that refuses duplicates keeps the first of equal rows.
 */
export function buildTable(definition: TableDefinition, texts: ReadonlyMap<string, string | null>): ToolDataTable {
  const rows: string[][] = [];
  const seen = new Set<string>();
  const files: LoadedFile[] = [];
  for (const file of definition.files) {
    const text = texts.get(file.path) ?? null;
    if (text === null) {
      files.push({ path: file.path, found: false, invalid: [] });
      continue;
    }
    const parsed = parseLocText(text, readingOf(definition, file));
    files.push({ path: file.path, found: true, invalid: parsed.invalid });
    for (const row of parsed.rows) {
      const key = rowKey(row);
      if ((file.merged || !definition.allowDuplicates) && seen.has(key)) continue;
      seen.add(key);
      rows.push(row);
    }
  }
  return new ToolDataTable(definition, rows, files);
}

export function readingOf(definition: TableDefinition, file: LocFileSpec) {
  return { separator: file.separator, commentChar: file.commentChar, largestIndex: definition.columns.largestIndex, here: dirname(file.path) };
}
