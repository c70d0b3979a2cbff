/** A line of a tabular dataset as the table shows it: its cells, or a comment (or blank) line across the table. */
export type TableRow = { line: number; kind: 'cells'; cells: string[] } | { line: number; kind: 'comment'; text: string };

const headerNames = (line: string, delimiter: string): string[] => line.slice(1).split(delimiter).map((name) => name.trim());

const sameNames = (a: string[], b: string[]) => a.length === b.length && a.every((name, index) => name === b[index]);

/**
 * The rows of the lines read so far. The '#' header line the column names were read from is the
 * table's head, so it is not repeated as a row; other '#' lines and blank lines are comment rows.
 */
export function tableRows(lines: readonly string[], delimiter: string, names: readonly string[] | null): TableRow[] {
  let headerSkipped = false;
  const rows: TableRow[] = [];
  lines.forEach((text, index) => {
    const line = index + 1;
    if (text.startsWith('#') || text.trim() === '') {
      const isHeader = !headerSkipped && names !== null && text.startsWith('#') && sameNames(headerNames(text, delimiter), [...names]);
      if (isHeader) headerSkipped = true;
      else rows.push({ line, kind: 'comment', text });
      return;
    }
    rows.push({ line, kind: 'cells', cells: text.split(delimiter) });
  });
  return rows;
}

/** How many columns the table needs: the known count, the names, and the widest row read. */
export function tableWidth(rows: readonly TableRow[], count: number | null, names: readonly string[] | null): number {
  return rows.reduce((width, row) => (row.kind === 'cells' ? Math.max(width, row.cells.length) : width), Math.max(count ?? 0, names?.length ?? 0, 1));
}
