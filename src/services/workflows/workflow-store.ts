import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../../context/service-context';
import { User } from '../../entities/user.entity';
import { StoredWorkflow, Workflow, WorkflowStep } from '../../entities/workflow.entity';
import { sanitizeText } from '../shared';
import type { WorkflowDescription } from './ga-format';
import type { TagService } from '../tags';

export interface NewWorkflowOptions {
  name: string;
  published?: boolean;
  importable?: boolean;
}

/**
 * Writes a new stored workflow with its first version; the caller holds the transaction. Names and
 * annotations are sanitized, as the platform sanitizes what users write.
 */
export async function storeNewWorkflow(ctx: ServiceContext, tags: TagService, ownerId: number, description: WorkflowDescription, options: NewWorkflowOptions): Promise<StoredWorkflow> {
  const em = ctx.em;
  const owner = em.getReference(User, ownerId);
  const stored = em.create(StoredWorkflow, {
    user: owner,
    name: sanitizeText(options.name),
    annotation: description.annotation ? sanitizeText(description.annotation) : null,
    published: options.published ?? false,
    importable: options.importable ?? options.published ?? false,
  });
  await em.flush();
  await addVersion(ctx, stored, description);
  if (description.tags.length > 0) await tags.setTags(ctx, owner, 'stored_workflow', stored.id, description.tags);
  return stored;
}

/**
 * A new version from the description, made the latest; every update of the contents adds one. It
 * takes the description's uuid when it gives one (imports), else a fresh one.
 */
export async function addVersion(ctx: ServiceContext, stored: StoredWorkflow, description: WorkflowDescription): Promise<Workflow> {
  const em = ctx.em;
  const version = em.create(Workflow, {
    storedWorkflow: stored,
    name: stored.name,
    uuid: description.uuid ?? randomUUID(),
    hasCycles: description.hasCycles,
  });
  for (const step of description.steps) {
    em.create(WorkflowStep, {
      workflow: version,
      orderIndex: step.orderIndex,
      type: step.type,
      toolId: step.toolId,
      toolVersion: step.toolVersion,
      toolInputs: step.toolInputs,
      label: step.label,
      uuid: step.uuid,
      annotation: step.annotation ? sanitizeText(step.annotation) : step.annotation,
      position: step.position,
      inputConnections: step.inputConnections,
      postJobActions: step.postJobActions,
      workflowOutputs: step.workflowOutputs,
    });
  }
  await em.flush();
  stored.latestWorkflow = version;
  stored.updateTime = new Date();
  await em.flush();
  return version;
}
