import type { SniffInput } from './input';

/** Fields of one CSV line: commas separate, double quotes group (with "" for a quote). */
export function splitCsvLine(line: string): string[] | undefined {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  if (quoted) return undefined; // a field running over the line end: not handled, not CSV here
  fields.push(field);
  return fields;
}

/**
 * CSV (an extension: the 15.05 platform has no CSV sniffer): at least two non-blank lines, all with
 * the same number of comma-separated fields, at least two.
 */
export function sniffCsv(input: SniffInput, maxLines = 100): boolean {
  const rows = input.lines.filter((line) => line.trim() !== '').slice(0, maxLines).map(splitCsvLine);
  if (rows.length < 2) return false;
  const width = rows[0]?.length ?? 0;
  return width >= 2 && rows.every((row) => row !== undefined && row.length === width);
}
