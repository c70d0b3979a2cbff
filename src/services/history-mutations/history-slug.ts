import type { EntityManager } from '@mikro-orm/postgresql';
import type { History } from '../../entities/history.entity';
import { HISTORIES } from '../sharing';
import { uniqueSlug } from '../sharing';

/**
 * A history shared through its own update (`importable`/`published` in PUT /api/histories/{id})
 * gets a slug as the sharing routes give one (see `sharing/shareable-slug.ts`).
 */
export async function ensureSharedSlug(em: EntityManager, history: History): Promise<void> {
  if (history.slug || !(history.importable || history.published) || !history.user) return;
  history.slug = await uniqueSlug(em, HISTORIES, history.user.id, history.name, history.id);
}
