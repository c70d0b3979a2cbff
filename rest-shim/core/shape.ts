/** Small shaping helpers: the GraphQL aliases do the renaming, these add what REST adds. */

/** Drops the keys a caller may not see (the platform deletes them rather than nulling them). */
export function withoutKeys<T extends Record<string, unknown>>(item: T, keys: readonly string[]): Partial<T> {
  const copy: Record<string, unknown> = { ...item };
  for (const key of keys) delete copy[key];
  return copy as Partial<T>;
}

/** Adds the record's `url` (the path of its show operation). */
export function withUrl<T extends { id: string }>(item: T, url: (id: string) => string): T & { url: string } {
  return { ...item, url: url(item.id) };
}

/** GraphQL's ISO date-time ("…T10:00:00.120Z") as the platform's naive isoformat ("…T10:00:00.120000"). */
export function pythonIso(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d+))?Z?$/.exec(value);
  if (!match) return value;
  const fraction = match[2] ? match[2].padEnd(6, '0').slice(0, 6) : '';
  return fraction && Number(fraction) !== 0 ? `${match[1]}.${fraction}` : match[1];
}
