/**
 * JSON texts of single values, written directly where JSON.stringify's generic walk would cost more
 * than the value: streamed listings write ten or so per item, 100,000 items an answer. Every function
 * gives exactly JSON.stringify's bytes.
 */

const stringify = JSON.stringify;

/** Characters JSON.stringify escapes in a string: quote, backslash, controls, and any surrogate (lone ones are escaped; pairs take the generic path). */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A string as JSON. */
export function jsonString(value: string): string {
  return NEEDS_ESCAPE.test(value) ? stringify(value) : `"${value}"`;
}

/** Any value as JSON: strings, booleans, null and finite numbers written directly, the rest (and undefined, as null) by JSON.stringify. */
export function jsonValue(value: unknown): string {
  if (typeof value === 'string') return jsonString(value);
  if (typeof value === 'boolean' || value === null) return value ? 'true' : value === null ? 'null' : 'false';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return stringify(value) ?? 'null';
}
