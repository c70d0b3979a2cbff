import type { EntityManager } from '@mikro-orm/postgresql';
import type { ShareableKind } from './shareable-kinds';

/**
 * The platform's `ready_name_for_url`: whitespace becomes dashes, anything else not alphanumeric
 * goes, a trailing dash too; lowercased, as `create_unique_slug` asks.
 */
export function slugBase(title: string, fallback: string): string {
  return (
    title
      .toLowerCase()
      .replace(/\s+/g, '-')
      .replace(/[^a-z0-9-]/g, '')
      .replace(/-$/, '')
      .slice(0, 240) || fallback
  );
}

/**
 * A slug for an item being shared for the first time: its title made fit for a URL, with -1, -2…
 * when another item of the same kind and owner already uses it (any of them, so that slugs stay
 * unique per user). The transaction holds a lock per owner and kind until it commits, so two items
 * shared at once cannot both take the same slug.
 */
export async function uniqueSlug(em: EntityManager, kind: ShareableKind, userId: number, title: string, itemId: number): Promise<string> {
  await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`slug:${kind.table}:${userId}`]);
  const base = slugBase(title, kind.slugFallback);
  const rows = await em.execute<Array<{ slug: string }>>(
    `select slug from ${kind.table} where user_id = ? and id <> ? and (slug = ? or slug like ?)`,
    [userId, itemId, base, `${base}-%`],
  );
  const taken = new Set(rows.map((row) => row.slug));
  let slug = base;
  for (let count = 1; taken.has(slug); count += 1) slug = `${base}-${count}`;
  return slug;
}
