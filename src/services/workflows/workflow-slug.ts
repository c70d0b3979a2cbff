import type { EntityManager } from '@mikro-orm/postgresql';
import type { StoredWorkflow } from '../../entities/workflow.entity';
import { WORKFLOWS } from '../sharing';
import { uniqueSlug } from '../sharing';

/** A workflow shared by link or published on import gets a slug, as the sharing model gives one. */
export async function ensureWorkflowSlug(em: EntityManager, workflow: StoredWorkflow): Promise<void> {
  if (workflow.slug || !(workflow.importable || workflow.published)) return;
  workflow.slug = await uniqueSlug(em, WORKFLOWS, workflow.user.id, workflow.name, workflow.id);
}
