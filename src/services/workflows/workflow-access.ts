import type { ServiceContext } from '../../context/service-context';
import { AppError, errors } from '../../errors/error-kinds';
import { decodeId } from '../shared';
import { readWorkflow, type WorkflowView } from './workflow-view';

/** The platform's decode failure for workflow ids. */
export const malformedWorkflowId = (value: unknown) => errors.malformedId(`Malformed workflow id ( ${String(value)} ) specified, unable to decode`);

/** A stored workflow by encoded id: MalformedId when it cannot be decoded, ObjectNotFound when unknown. */
export async function findWorkflow(ctx: ServiceContext, encodedId: string): Promise<WorkflowView> {
  const workflow = await readWorkflow(ctx, decodeId(ctx, encodedId, malformedWorkflowId));
  if (!workflow) throw errors.notFound('No such workflow found.');
  return workflow;
}

export const ownsWorkflow = (ctx: ServiceContext, workflow: WorkflowView) => ctx.caller.isAdmin || workflow.userId === ctx.caller.userId;

/**
 * Who may read (show, download, run, import) a workflow: its owner, administrators, users it is
 * shared with, and everyone when it is importable (published implies importable).
 */
export function mayReadWorkflow(ctx: ServiceContext, workflow: WorkflowView): boolean {
  return ownsWorkflow(ctx, workflow) || workflow.importable || workflow.published || workflow.sharedWithCaller;
}

/** Show's refusal (platform-facts §4.8). `visitors`: a caller without identity may read an importable or published one. */
export async function readableWorkflow(
  ctx: ServiceContext,
  encodedId: string,
  message = 'Workflow is neither importable, nor owned by or shared with current user',
  options: { visitors?: boolean } = {},
): Promise<WorkflowView> {
  if (!options.visitors) ctx.caller.requireIdentity();
  const workflow = await findWorkflow(ctx, encodedId);
  if (!mayReadWorkflow(ctx, workflow)) throw new AppError('ItemAccessibilityException', message);
  return workflow;
}

/** Changes (update, delete, sharing) are for the owner and administrators. */
export async function ownedWorkflow(ctx: ServiceContext, encodedId: string): Promise<WorkflowView> {
  ctx.caller.requireIdentity();
  const workflow = await findWorkflow(ctx, encodedId);
  if (!ownsWorkflow(ctx, workflow)) throw errors.notOwned('Workflow is not owned by current user');
  return workflow;
}
