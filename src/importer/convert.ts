/** Conversions of 15.05 column values into this service's. */

/** A naive UTC timestamp of the platform (text) as an ISO instant; null stays null. */
export function utc(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  const text = String(value).trim();
  if (text === '') return null;
  return `${text.replace(' ', 'T')}Z`;
}

/** The text of a bytea or text column holding JSON, parsed; null when empty or not JSON (a pickle). */
export function jsonOf(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  const text = Buffer.isBuffer(value) ? value.toString('utf8') : String(value);
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A bytea or text column as text. */
export function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return Buffer.isBuffer(value) ? value.toString('utf8') : String(value);
}

export function bool(value: unknown, otherwise = false): boolean {
  return value === null || value === undefined ? otherwise : Boolean(value);
}

/** A 32-hex uuid of the platform in the dashed form a uuid column takes; null when absent or malformed. */
export function uuidOf(value: unknown): string | null {
  const text = textOf(value)?.replace(/-/g, '').toLowerCase();
  if (!text || !/^[0-9a-f]{32}$/.test(text)) return null;
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

/** Timestamps this service requires where the platform allowed none: the start of the epoch, the same on every run. */
export const NO_TIME = '1970-01-01T00:00:00Z';

/** A required timestamp: the value, else the fallback's, else the epoch. */
export function stamp(value: unknown, fallback?: unknown): string {
  return utc(value) ?? utc(fallback) ?? NO_TIME;
}

/** An integer column (bigint and numeric come as text); null stays null. */
export function int(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? Math.trunc(number) : null;
}
