/**
 * Python 2 string semantics the platform's sniffers rely on. Text is handled as one char per byte
 * (latin1), like Python 2 byte strings, so lengths and comparisons match the platform.
 */

/** Characters Python's str.strip()/split() treat as whitespace. */
const WHITESPACE = ' \t\n\r\x0b\x0c';

export const isPyWhitespace = (ch: string): boolean => WHITESPACE.includes(ch);

/** str.strip() with no argument. */
export function pyStrip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isPyWhitespace(text[start])) start += 1;
  while (end > start && isPyWhitespace(text[end - 1])) end -= 1;
  return text.slice(start, end);
}

/** str.split(sep); with sep null, split(None): runs of whitespace, no empty fields. */
export function pySplit(text: string, sep: string | null): string[] {
  if (sep !== null) return text.split(sep);
  const fields: string[] = [];
  let current = '';
  for (const ch of text) {
    if (isPyWhitespace(ch)) {
      if (current) fields.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  if (current) fields.push(current);
  return fields;
}

const INT = /^[ \t\n\r\x0b\x0c]*[+-]?\d+[ \t\n\r\x0b\x0c]*$/;
const FLOAT =
  /^[ \t\n\r\x0b\x0c]*[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|inf|infinity|nan)[ \t\n\r\x0b\x0c]*$/i;

/** Whether int(text) succeeds. */
export const isPyInt = (text: string): boolean => INT.test(text);

/** int(text), or undefined where Python raises ValueError. */
export function pyInt(text: string): number | undefined {
  return isPyInt(text) ? Number.parseInt(pyStrip(text), 10) : undefined;
}

/** Whether float(text) succeeds. */
export const isPyFloat = (text: string): boolean => FLOAT.test(text);
