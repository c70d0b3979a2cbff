/**
 * The platform's boolean readers (platform-facts §5.6). Parameters arrive as text from query strings
 * and forms, or as JSON values.
 */

/** `string_as_bool`: true, yes, on (any case) are true; everything else, "1" included, is false. */
export function stringAsBool(value: unknown, fallback = false): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'boolean') return value;
  return ['true', 'yes', 'on'].includes(String(value).trim().toLowerCase());
}

/** `asbool`: strict; anything that is not a known spelling is an error (undefined here). */
export function asBool(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  const text = String(value).trim().toLowerCase();
  if (['true', 'yes', 'on', 'y', 't', '1'].includes(text)) return true;
  if (['false', 'no', 'off', 'n', 'f', '0'].includes(text)) return false;
  return undefined;
}

/** History export flags: only True, true, T, t. */
export function exportFlag(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'boolean') return value;
  return ['True', 'true', 'T', 't'].includes(String(value));
}
