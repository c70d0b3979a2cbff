import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../../../context/service-context';
import type { History } from '../../../entities/history.entity';
import { type ContentRef, WorkflowInvocation } from '../../../entities/workflow-invocation.entity';
import { Workflow } from '../../../entities/workflow.entity';
import { AppError, errors } from '../../../errors/error-kinds';
import { enqueueTask } from '../../../tasks/task-queue';
import { copyHdas, copyLddaToHistory } from '../../datasets';
import { decodeId } from '../../shared';
import { recalculateDiskUsage } from '../../usage';
import { findWorkflow, readableWorkflow } from '../workflow-access';
import { cancelInvocationJobs } from './invocation-jobs';
import { type InvocationView, listInvocationsOf, readInvocation, stepsByInvocationId } from './invocation-view';
import { type GivenInput, givenInputs, replacementParams, requireInstalledTools, type RunWorkflowInput, stepParameters } from './run-request';
import { SCHEDULE_TASK } from './scheduler';
import { requireReadableElements } from '../../collections';
import { loadElementTrees } from '../../collections';
import type { HdaService } from '../../datasets';
import type { HdcaService } from '../../collections';
import type { HistoryMutationService } from '../../history-mutations';
import type { HistoryService } from '../../histories';
import type { LibraryDatasetLookup } from '../../datasets';
import type { TaskRunner } from '../../../tasks/task-runner';
import type { WorkflowService } from '../workflow.service';
import type { ToolCatalogService } from '../../tools';

const NOT_ACCESSIBLE = 'Workflow is not owned by or shared with current user';
/** How long a run request waits for a scheduler that another worker took (the platform answered when scheduled). */
const SCHEDULE_WAIT_MS = 60_000;

/**
 * Runs of workflows: a run records an invocation (inputs copied into the target history, parameters
 * resolved) and queues the durable scheduling task; invocations are listed, shown and cancelled.
 */
export class InvocationService {
  constructor(private readonly hdas: HdaService, private readonly hdcas: HdcaService, private readonly histories: HistoryService, private readonly historyMutations: HistoryMutationService, private readonly libraryDatasets: LibraryDatasetLookup, private readonly tasks: TaskRunner, private readonly workflows: WorkflowService, private readonly tools: ToolCatalogService) {}

  /**
   * `POST /api/workflows` with `workflow_id`: the platform answered once the workflow was scheduled,
   * so this request does the scheduling task itself (unless a worker already took it, then waits).
   * A run that fails to schedule answers its error.
   */
  async run(ctx: ServiceContext, encodedWorkflowId: string, input: RunWorkflowInput): Promise<InvocationView> {
    const { invocationId, taskId } = await this.create(ctx, encodedWorkflowId, input);
    if (!(await this.tasks.runNow(taskId))) await this.waitWhileNew(ctx, invocationId);
    const invocation = await this.read(ctx, invocationId);
    if (invocation.state === 'failed') throw new AppError('MessageException', invocation.message ?? 'The workflow could not be scheduled.');
    return invocation;
  }

  /** `POST /api/workflows/{id}/invocations`: answers at once; a background worker schedules it. */
  async invoke(ctx: ServiceContext, encodedWorkflowId: string, input: RunWorkflowInput): Promise<InvocationView> {
    const { invocationId } = await this.create(ctx, encodedWorkflowId, input);
    this.tasks.notify();
    return this.read(ctx, invocationId);
  }

  private async create(ctx: ServiceContext, encodedWorkflowId: string, input: RunWorkflowInput): Promise<{ invocationId: number; taskId: number }> {
    const user = ctx.caller.requireUser();
    const workflow = await readableWorkflow(ctx, encodedWorkflowId, NOT_ACCESSIBLE);
    const steps = await this.workflows.latestSteps(ctx, workflow);
    requireInstalledTools(this.tools.registry, workflow, steps);
    const given = givenInputs(steps, input);
    const request = { stepParameters: stepParameters(steps, input), replacementParams: replacementParams(input) };
    return ctx.em.transactional(async (em) => {
      const history = await this.targetHistory(ctx, input);
      const inputs: Record<string, ContentRef> = {};
      for (const item of given) inputs[String(item.step.orderIndex)] = await this.placeInput(ctx, history, item, !input.noAddToHistory);
      const invocation = em.create(WorkflowInvocation, {
        workflow: em.getReference(Workflow, workflow.latestWorkflowId as number),
        history,
        user: ctx.requireUserRef(),
        uuid: randomUUID(),
        request: { inputs, ...request },
      });
      await em.flush();
      if (history.user) await recalculateDiskUsage(em, user.id);
      const task = await enqueueTask(em, SCHEDULE_TASK, { invocationId: invocation.id });
      return { invocationId: invocation.id, taskId: task.id };
    });
  }

  /** `history`: a new history's name or `hist_id=<id>` (legacy); `history_id` or `history_name` otherwise. */
  private async targetHistory(ctx: ServiceContext, input: RunWorkflowInput): Promise<History> {
    const legacy = input.history ?? null;
    const existing = input.historyId || (legacy?.startsWith('hist_id=') ? legacy.slice('hist_id='.length) : null);
    if (existing) {
      const history = await this.histories.findOwned(ctx, existing);
      if (history.deleted) throw errors.invalidAttribute('Cannot run a workflow in a deleted history.');
      return history;
    }
    const name = input.historyName || legacy || undefined;
    return this.historyMutations.create(ctx, name);
  }

  /** An input as a content of the target history: copied there unless asked not to (library datasets always are). */
  private async placeInput(ctx: ServiceContext, history: History, item: GivenInput, addToHistory: boolean): Promise<ContentRef> {
    if (item.src === 'hdca') {
      const hdca = await this.hdcas.readable(ctx, item.id);
      requireReadableElements(await loadElementTrees(ctx, [hdca.collection.id]), hdca.collection.id);
      if (!addToHistory || hdca.history.id === history.id) return { src: 'hdca', id: hdca.id };
      const copy = await this.hdcas.copy(ctx, ctx.services.ids.encode(history.id), item.id);
      return { src: 'hdca', id: copy.id };
    }
    if (item.src === 'hda') {
      const hda = await this.hdas.findReadable(ctx, item.id);
      if (!addToHistory || hda.history.id === history.id) return { src: 'hda', id: hda.id };
      const [copy] = await copyHdas(ctx.em, history, [hda]);
      return { src: 'hda', id: copy.id };
    }
    const version = await this.libraryDatasets.findAccessibleVersion(ctx, item.src, item.id);
    const copy = await copyLddaToHistory(ctx.em, history, version);
    return { src: 'hda', id: copy.id };
  }

  private async waitWhileNew(ctx: ServiceContext, invocationId: number): Promise<void> {
    const deadline = Date.now() + SCHEDULE_WAIT_MS;
    while (Date.now() < deadline) {
      const current = await readInvocation(ctx, invocationId);
      if (!current || current.state !== 'new') return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private async read(ctx: ServiceContext, id: number): Promise<InvocationView> {
    const invocation = await readInvocation(ctx, id);
    if (!invocation) throw errors.notFound('No such workflow invocation.');
    return invocation;
  }

  /** The caller's invocations of a workflow (administrators: everybody's), newest first. */
  async list(ctx: ServiceContext, encodedWorkflowId: string): Promise<InvocationView[]> {
    const workflow = await readableWorkflow(ctx, encodedWorkflowId);
    return listInvocationsOf(ctx, workflow.id, ctx.caller.isAdmin, ctx.caller.userId);
  }

  /** An invocation of the caller's (any, for administrators); under a workflow's path it must be of that workflow. */
  async show(ctx: ServiceContext, encodedWorkflowId: string | null, encodedInvocationId: string): Promise<InvocationView> {
    ctx.caller.requireIdentity();
    const invocation = await readInvocation(ctx, decodeId(ctx, encodedInvocationId));
    if (!invocation) throw errors.notFound('No such workflow invocation.');
    if (encodedWorkflowId !== null) {
      const workflow = await findWorkflow(ctx, encodedWorkflowId);
      if (workflow.id !== invocation.storedWorkflowId) throw errors.notFound('No such workflow invocation.');
    }
    if (!ctx.caller.isAdmin && invocation.userId !== ctx.caller.userId) throw errors.notOwned('Invocation is not owned by current user');
    return invocation;
  }

  /** Cancels an invocation that is not over: it stops scheduling and its unfinished jobs are deleted. */
  async cancel(ctx: ServiceContext, encodedWorkflowId: string | null, encodedInvocationId: string): Promise<InvocationView> {
    const invocation = await this.show(ctx, encodedWorkflowId, encodedInvocationId);
    if (['new', 'ready', 'scheduled'].includes(invocation.state)) {
      await ctx.em.transactional(async (em) => {
        await em.nativeUpdate(WorkflowInvocation, { id: invocation.id }, { state: 'cancelled', updateTime: new Date() });
        await cancelInvocationJobs(em, invocation.id, 'The workflow invocation was cancelled.');
      });
    }
    return this.read(ctx, invocation.id);
  }

  /**
   * The legacy run answer's `outputs`: what each tool step produced, step by step, as the platform
   * keeps a step's outputs: its datasets, or for a step mapped over a collection the implicit
   * collections gathering them.
   */
  async legacyOutputIds(ctx: ServiceContext, invocation: InvocationView): Promise<number[]> {
    const steps = await ctx.loaders.get(stepsByInvocationId).load(invocation.id);
    return steps.filter((step) => step.stepType === 'tool').flatMap((step) => Object.values(step.outputs).map((ref) => ref.id));
  }
}
