import type { EntityManager } from '@mikro-orm/postgresql';
import { History } from '../../entities/history.entity';

/** The platform's `ready_name_for_url`: spaces become dashes, anything else not alphanumeric goes. */
export function slugBase(name: string): string {
  return name.toLowerCase().replace(/\s+/g, '-').replace(/[^a-z0-9-]/g, '') || 'history';
}

/**
 * Sharing a history (importable or published) gives it a slug when it has none, as the platform's
 * `create_unique_slug` does: the name made fit for a URL, with -1, -2… when the owner's other shared
 * histories already use it.
 */
export async function ensureSharedSlug(em: EntityManager, history: History): Promise<void> {
  if (history.slug || !(history.importable || history.published) || !history.user) return;
  const base = slugBase(history.name).slice(0, 240);
  const taken = new Set(
    (await em.find(History, { user: history.user, importable: true, slug: { $like: `${base}%` }, id: { $ne: history.id } }, { fields: ['slug'] })).map((other) => other.slug),
  );
  let slug = base;
  for (let count = 1; taken.has(slug); count += 1) slug = `${base}-${count}`;
  history.slug = slug;
}
