import type { ServiceContext } from '../../context/service-context';
import { errors } from '../../errors/error-kinds';
import type { ExtractionInput } from './extraction/extraction.service';
import type { InvocationView } from './run/invocation-view';
import type { RunWorkflowInput } from './run/run-request';
import type { WorkflowView } from './workflow-view';
import type { InvocationService } from './run/invocation.service';
import type { WorkflowExtractionService } from './extraction/extraction.service';
import type { WorkflowImportService } from './workflow-import.service';

/** The ways `POST /api/workflows` creates or runs something; a request names exactly one. */
export const CREATION_WAYS = ['workflow_id', 'installed_repository_file', 'from_history_id', 'shared_workflow_id', 'workflow'] as const;

export interface WorkflowRequestInput {
  /** The payload keys the request gave (the ways among them decide what it does). */
  given: string[];
  workflowId?: string | null;
  installedRepositoryFile?: string | null;
  sharedWorkflowId?: string | null;
  workflow?: unknown;
  publish?: boolean;
  importable?: boolean | null;
  run?: RunWorkflowInput;
  extraction?: Omit<ExtractionInput, 'fromHistoryId'> & { fromHistoryId?: string | null };
}

/** What the request did: a workflow made, or a run invoked. */
export interface WorkflowRequestResult {
  workflow: WorkflowView | null;
  invocation: InvocationView | null;
}

/**
 * `POST /api/workflows` (platform-facts §4.8): none of the ways is RequestParameterMissingException,
 * several RequestParameterInvalidException; each way goes to its service.
 */
export class WorkflowRequestService {
  constructor(private readonly invocations: InvocationService, private readonly workflowExtraction: WorkflowExtractionService, private readonly workflowImports: WorkflowImportService) {}

  async handle(ctx: ServiceContext, input: WorkflowRequestInput): Promise<WorkflowRequestResult> {
    ctx.caller.requireUser();
    const ways = CREATION_WAYS.filter((way) => input.given.includes(way));
    if (ways.length === 0) throw errors.missing(`One parameter among - ${CREATION_WAYS.join(', ')} - must be specified`);
    if (ways.length > 1) throw errors.invalid(`Only one parameter among - ${CREATION_WAYS.join(', ')} - must be specified`);
    const none = { workflow: null, invocation: null };
    switch (ways[0]) {
      case 'workflow':
        return { ...none, workflow: await this.workflowImports.importDict(ctx, input.workflow, { publish: input.publish, importable: input.importable }) };
      case 'shared_workflow_id':
        return { ...none, workflow: await this.workflowImports.importShared(ctx, input.sharedWorkflowId ?? '') };
      case 'installed_repository_file':
        return { ...none, workflow: await this.workflowImports.importInstalledFile(ctx, input.installedRepositoryFile ?? '') };
      case 'from_history_id':
        return { ...none, workflow: await this.workflowExtraction.extract(ctx, { ...input.extraction, fromHistoryId: input.extraction?.fromHistoryId ?? '' }) };
      default:
        if (!input.workflowId) throw errors.invalid('Invalid workflow_id specified.');
        return { ...none, invocation: await this.invocations.run(ctx, input.workflowId, input.run ?? {}) };
    }
  }
}
