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
