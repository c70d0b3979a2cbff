import type { IdentityService } from '../../../auth/identity.service';
import { type CoreServices, ServiceContext } from '../../../context/service-context';
import type { JobEngine } from '../../../jobs/job-engine';
import { User } from '../../../entities/user.entity';
import { type ContentRef, WorkflowInvocation, WorkflowInvocationStep, WorkflowInvocationStepJob } from '../../../entities/workflow-invocation.entity';
import { Job } from '../../../entities/job.entity';
import { WorkflowStep } from '../../../entities/workflow.entity';
import { AppError } from '../../../errors/error-kinds';
import type { TaskHandler } from '../../../tasks/task-runner';
import type { ToolDefinition } from '../../../tools';
import { dataInputNames, flatParameters } from '../tool-state';
import { readSteps, type StepView } from '../workflow-view';
import { cancelInvocationJobs } from './invocation-jobs';
import { applyPostJobActions } from './post-job-actions';
import type { ToolCatalogService, ToolExecutionService } from '../../tools';

export const SCHEDULE_TASK = 'workflow.schedule';

/** What the scheduler uses: it acts for the invocation's user, and runs each step's tool. */
export interface SchedulerServices extends CoreServices {
  identity: IdentityService;
  jobEngine: JobEngine;
  tools: ToolCatalogService;
  toolExecution: ToolExecutionService;
}

/** The durable task that schedules an invocation's steps (claimed with SKIP LOCKED like every task). */
export function scheduleTaskHandler(services: SchedulerServices): TaskHandler {
  return async (task) => {
    await new WorkflowScheduler(services).schedule(Number(task.payload.invocationId));
    return {};
  };
}

/**
 * Schedules an invocation: each step in order, in its own transaction that records the step with
 * the jobs it queued (so a scheduler that restarts skips what is done). Input steps pass on what the
 * run was given; tool steps queue their jobs on the job engine with their inputs wired to earlier
 * steps' outputs. A `data` input given a collection maps the step over it (one job per element,
 * the outputs gathered into implicit collections). The job engine runs each job once its inputs are
 * ready, and pauses the dependants of a job that failed.
 */
export class WorkflowScheduler {
  constructor(private readonly services: SchedulerServices) {}

  async schedule(invocationId: number): Promise<void> {
    const { services } = this;
    const em = services.db.orm.em.fork();
    const invocation = await em.findOne(WorkflowInvocation, { id: invocationId }, { populate: ['user', 'history'] });
    if (!invocation || invocation.state !== 'new') return;
    const user = invocation.user as User;
    const caller = services.identity.callerFor({ id: user.id, email: user.email, username: user.username ?? null });
    const ctx: ServiceContext = new ServiceContext(() => services.db.orm.em.fork({ useContext: true }), caller, services, services.log.child({ invocationId }));
    const steps = await readSteps(ctx, [invocation.workflow.id]);
    const done = await em.find(WorkflowInvocationStep, { invocation: invocationId });
    const outputs = new Map<number, Record<string, ContentRef>>();
    const doneByStep = new Map(done.map((step) => [step.workflowStep.id, step]));
    for (const step of steps) {
      const recorded = doneByStep.get(step.id);
      if (recorded) {
        outputs.set(step.orderIndex, recorded.outputs);
        continue;
      }
      if ((await this.stateOf(invocationId)) !== 'new') return;
      try {
        const produced = await ctx.em.transactional(() => this.scheduleStep(ctx, invocation, step, outputs));
        outputs.set(step.orderIndex, produced);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        ctx.log.info({ step: step.orderIndex, err: error.message }, 'workflow invocation failed');
        await this.fail(ctx, invocationId, `Step ${step.orderIndex + 1} (${step.toolId ?? step.type}): ${error.message}`);
        return;
      }
    }
    await em.nativeUpdate(WorkflowInvocation, { id: invocationId, state: 'new' }, { state: 'scheduled', updateTime: new Date() });
    services.jobEngine.notify();
  }

  private async stateOf(invocationId: number): Promise<string | null> {
    const rows = await this.services.db.orm.em.fork().execute<Array<{ state: string }>>('select state from workflow_invocation where id = ?', [invocationId]);
    return rows[0]?.state ?? null;
  }

  /** A failed scheduling leaves nothing running: the jobs already queued are cancelled. */
  private async fail(ctx: ServiceContext, invocationId: number, message: string): Promise<void> {
    await ctx.em.transactional(async (em) => {
      await em.nativeUpdate(WorkflowInvocation, { id: invocationId }, { state: 'failed', message, updateTime: new Date() });
      await cancelInvocationJobs(em, invocationId, 'The workflow invocation failed to schedule.');
    });
  }

  private async scheduleStep(ctx: ServiceContext, invocation: WorkflowInvocation, step: StepView, outputs: Map<number, Record<string, ContentRef>>): Promise<Record<string, ContentRef>> {
    const em = ctx.em;
    const record = (produced: Record<string, ContentRef>) =>
      em.create(WorkflowInvocationStep, { invocation: em.getReference(WorkflowInvocation, invocation.id), workflowStep: em.getReference(WorkflowStep, step.id), outputs: produced });
    if (step.type !== 'tool') {
      const given = invocation.request.inputs[String(step.orderIndex)];
      if (!given) throw new AppError('MessageException', `No input was given for step ${step.orderIndex}.`);
      record({ output: given });
      await em.flush();
      return { output: given };
    }
    const tool = this.services.tools.registry.get(step.toolId ?? '');
    if (!tool) throw new AppError('MessageException', `Tool ${step.toolId} is not installed.`);
    const inputs = this.toolInputs(ctx, tool, step, invocation.request.stepParameters[String(step.orderIndex)] ?? {}, outputs);
    const result = await this.services.toolExecution.execute(ctx, { toolId: tool.id, historyId: ctx.services.ids.encode(invocation.history.id), inputs });
    const produced: Record<string, ContentRef> = {};
    const mapped = new Map<string, number>();
    if (result.implicitCollections.length > 0) {
      for (const implicit of result.implicitCollections) {
        produced[implicit.name] = { src: 'hdca', id: implicit.collection.id };
        mapped.set(implicit.name, implicit.collection.id);
      }
    } else {
      for (const output of result.outputs) produced[output.name] = { src: 'hda', id: output.dataset.id };
    }
    await applyPostJobActions(ctx, step.postJobActions, result.jobs, mapped, invocation.request.replacementParams);
    const recorded = record(produced);
    // By reference: a mapped step's jobs are written set-based, not managed by the EntityManager.
    for (const job of result.jobs) em.create(WorkflowInvocationStepJob, { invocationStep: recorded, job: em.getReference(Job, job.id) });
    await em.flush();
    return produced;
  }

  /**
   * The tool form of a step: its stored parameters, the run's replacements, and each connected input
   * as the dataset or collection an earlier step produced. A collection given to a plain data
   * parameter maps the step over it (the tool API's batch form).
   */
  private toolInputs(ctx: ServiceContext, tool: ToolDefinition, step: StepView, replaced: Record<string, unknown>, outputs: Map<number, Record<string, ContentRef>>): Record<string, unknown> {
    const inputs: Record<string, unknown> = { ...flatParameters(step.toolInputs), ...replaced };
    const params = new Map(dataInputNames(tool).map((input) => [input.name, input]));
    for (const [inputName, sources] of Object.entries(step.inputConnections)) {
      const param = params.get(inputName.replace(/_\d+\|/g, '_0|'));
      if (!param) continue;
      const refs = sources.map((source) => {
        const ref = outputs.get(source.stepIndex)?.[source.outputName];
        if (!ref) throw new AppError('MessageException', `Input ${inputName} is connected to output '${source.outputName}' of step ${source.stepIndex}, which it does not have.`);
        return { src: ref.src, id: ctx.services.ids.encode(ref.id) };
      });
      if (!param.collection && refs.some((ref) => ref.src === 'hdca')) inputs[inputName] = { batch: true, values: refs };
      else inputs[inputName] = param.multiple ? refs : refs[0];
    }
    return inputs;
  }
}
