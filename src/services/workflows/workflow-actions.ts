import type { ServiceContext } from '../../context/service-context';
import { mayReadWorkflow, ownsWorkflow } from './workflow-access';
import type { WorkflowView } from './workflow-view';

/** What a caller may do with one workflow, from the rules its operations apply (workflow-access.ts); the web UI offers only these. */
export interface WorkflowActions {
  /** Update (a new version), rename, delete: the owner or an administrator. */
  change: boolean;
  /** Change its link access, publishing and the users it is shared with: as `change`. */
  share: boolean;
  /** Run it: a signed-in caller who may read it, unless it is deleted. */
  run: boolean;
  /** Import a copy into their own workflows: a signed-in user who may read it and does not own it. */
  copy: boolean;
  /** 15.05's Copy ("Copy of '<name>'"): a signed-in user who may read it, the owner too, unless it is deleted. */
  duplicate: boolean;
}

export function workflowActionsFor(ctx: ServiceContext, workflow: WorkflowView): WorkflowActions {
  const change = ownsWorkflow(ctx, workflow);
  const readable = mayReadWorkflow(ctx, workflow);
  return {
    change,
    share: change,
    run: !ctx.caller.isAnonymous && readable && !workflow.deleted,
    copy: ctx.caller.user !== null && workflow.userId !== ctx.caller.userId && readable,
    duplicate: ctx.caller.user !== null && readable && !workflow.deleted,
  };
}
