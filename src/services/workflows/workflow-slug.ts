import type { EntityManager } from '@mikro-orm/postgresql';
import { StoredWorkflow } from '../../entities/workflow.entity';
import { slugBase } from '../histories/history-slug';

/**
 * A shared workflow (importable or published) gets a slug when it has none, unique among the
 * owner's workflows, as the platform's `create_unique_slug` does.
 */
export async function ensureWorkflowSlug(em: EntityManager, workflow: StoredWorkflow): Promise<void> {
  if (workflow.slug || !(workflow.importable || workflow.published)) return;
  const base = slugBase(workflow.name).slice(0, 240);
  const taken = new Set(
    (await em.find(StoredWorkflow, { user: workflow.user, slug: { $like: `${base}%` }, id: { $ne: workflow.id } }, { fields: ['slug'] })).map((other) => other.slug),
  );
  let slug = base;
  for (let count = 1; taken.has(slug); count += 1) slug = `${base}-${count}`;
  workflow.slug = slug;
}
