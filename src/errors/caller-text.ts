/**
 * Caller text inside an error message: at most `max` characters, with the full length said (a
 * parameter, an id or a path may be megabytes long; an answer never echoes all of it back).
 */
export function callerText(value: unknown, max = 80): string {
  const text = String(value);
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}
