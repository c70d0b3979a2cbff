/**
 * The text of a `.loc` file, read and rewritten the platform's way: lines whose first non-blank
 * character is the comment character are comments; other non-empty lines split on the separator
 * into a row, which needs more fields than the table's largest column index.
 */
import { expandHere } from './here-template';

export interface LocReading {
  separator: string;
  commentChar: string;
  /** A row needs more fields than this. */
  largestIndex: number;
  /** The directory `${__HERE__}` stands for inside the file (the file's own). */
  here: string;
}

export interface InvalidLine {
  line: number;
  text: string;
}

/** The file's lines with their line ends (the last one may have none). */
function linesOf(text: string): string[] {
  const lines = text.split(/(?<=\n)/);
  return lines.length === 1 && lines[0] === '' ? [] : lines;
}

const isComment = (line: string, commentChar: string) => commentChar !== '' && line.trimStart().startsWith(commentChar);
const withoutLineEnd = (line: string) => line.replace(/[\r\n]+$/, '');

export function parseLocText(text: string, reading: LocReading): { rows: string[][]; invalid: InvalidLine[] } {
  const rows: string[][] = [];
  const invalid: InvalidLine[] = [];
  linesOf(text).forEach((raw, index) => {
    if (isComment(raw, reading.commentChar)) return;
    const line = withoutLineEnd(raw);
    if (line === '') return;
    const fields = expandHere(line, reading.here).split(reading.separator);
    if (reading.largestIndex < fields.length) rows.push(fields);
    else invalid.push({ line: index + 1, text: line });
  });
  return { rows, invalid };
}

/** The platform replaces the separator inside given values (a space, or a tab when the separator is a space). */
export function withoutSeparators(values: readonly string[], separator: string): string[] {
  const replacement = separator === ' ' ? '\t' : ' ';
  return values.map((value) => value.split(separator).join(replacement));
}

const sameFields = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((field, i) => field === b[i]);

/**
 * The file's text without the entries equal to `values` (as written, or with `${__HERE__}` expanded,
 * which is how listings show them). Comments, blank lines and every other line are kept as they are.
 */
export function removeEntryFromLocText(text: string, values: readonly string[], reading: LocReading): { text: string; removed: number } {
  let removed = 0;
  const kept = linesOf(text).filter((raw) => {
    if (isComment(raw, reading.commentChar)) return true;
    const line = withoutLineEnd(raw);
    if (line === '') return true;
    const matches = sameFields(line.split(reading.separator), values) || sameFields(expandHere(line, reading.here).split(reading.separator), values);
    if (matches) removed += 1;
    return !matches;
  });
  return { text: kept.join(''), removed };
}
