/** Shell quoting for values that come from users (parameters, dataset attributes). */

const SAFE = /^[A-Za-z0-9_.,:/=+@%-]*$/;

/**
 * Returns `text` bare when every character is in the safe set (so plain values read as before),
 * otherwise single-quoted with embedded quotes closed and escaped: the result is always exactly
 * one shell word (or nothing, for the empty string), whatever the value holds.
 */
export function shellQuote(text: string): string {
  if (SAFE.test(text)) return text;
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
