/**
 * JSON text as the platform's Python writes it (`json.dumps` defaults): `", "` and `": "` separators
 * and ASCII only (everything outside space..`~` as `\uXXXX`). Job parameters are stored as such text,
 * and clients see that text verbatim.
 */
export function pythonJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'string') return asciiString(value);
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
  if (typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => `${asciiString(key)}: ${pythonJson(item)}`)
      .join(', ')}}`;
  }
  return asciiString(String(value));
}

/** JSON.stringify already escapes quotes, backslashes and control characters; Python also escapes the rest. */
function asciiString(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
