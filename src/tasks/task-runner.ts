import { randomBytes } from 'node:crypto';
import { logLoopFailure } from '../logging/loop-failure';
import { hostname } from 'node:os';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { TaskRecord } from '../entities/background-task.entity';
import type { DatabaseSignals } from '../db/signals';
import type { Logger } from '../logging/logger';
import { claimTask, claimTaskById, failTask, finishTask, PLATFORM_TASKS, recoverStaleTasks, type TaskTable, touchTask } from './task-queue';

/** Does one task; throws to fail the attempt. */
export type TaskHandler = (task: TaskRecord, em: EntityManager) => Promise<Record<string, unknown>>;

/** What a handler reports when its task fails for good (after the last attempt). */
export type TaskFailureHandler = (task: TaskRecord, em: EntityManager, error: string) => Promise<void>;

export interface TaskRunnerSettings {
  workers: number;
  pollMs: number;
  heartbeatMs: number;
  staleSeconds: number;
  /** The queue worked through (the platform's by default). */
  queue?: TaskTable;
  /** PostgreSQL's signals: a task queued by any process wakes this runner (the platform's queue). */
  signals?: DatabaseSignals;
  /**
   * How often idle workers look for tasks while they listen to `signals` (a queued task wakes them
   * at once; the look also recovers the tasks of stopped processes); `pollMs` whenever signals may
   * be missed, or without signals.
   */
  signalledPollMs?: number;
}

/**
 * Works through the background task queue: claims, heartbeats while a handler runs, records the
 * result; after a crash, the next start (or another process) picks unfinished tasks up again.
 */
export class TaskRunner {
  readonly worker = `${hostname()}:${process.pid}:tasks:${randomBytes(3).toString('hex')}`;
  private readonly handlers = new Map<string, { run: TaskHandler; failed?: TaskFailureHandler }>();
  private running = false;
  private loops: Promise<void>[] = [];
  /** The worker loops waiting for a task (each woken by a queued task, or its poll). */
  private readonly waiting = new Set<() => void>();
  private readonly queue: TaskTable;
  private readonly onQueued = () => this.notify();

  constructor(
    private readonly orm: MikroORM,
    private readonly log: Logger,
    private readonly settings: TaskRunnerSettings,
  ) {
    this.queue = settings.queue ?? PLATFORM_TASKS;
  }

  register(kind: string, run: TaskHandler, failed?: TaskFailureHandler): void {
    this.handlers.set(kind, { run, failed });
  }

  notify(): void {
    for (const wake of [...this.waiting]) wake();
  }

  async start(): Promise<void> {
    const recovered = await recoverStaleTasks(this.orm.em.fork(), this.settings.staleSeconds, this.queue);
    if (recovered) this.log.warn({ recovered }, 'background tasks of a stopped process queued again');
    this.running = true;
    this.settings.signals?.on('task_queued', this.onQueued);
    for (let i = 0; i < this.settings.workers; i += 1) this.loops.push(this.loop());
  }

  async stop(): Promise<void> {
    this.running = false;
    this.settings.signals?.off('task_queued', this.onQueued);
    this.notify();
    await Promise.all(this.loops);
  }

  /**
   * Does a queued task now, in this process (a request that answers with its result). False when
   * another worker holds it already.
   */
  async runNow(taskId: number): Promise<boolean> {
    if (!(await claimTaskById(this.orm.em.fork(), taskId, this.worker, this.queue))) return false;
    await this.runOne(taskId);
    return true;
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let taskId: number | null = null;
      try {
        await recoverStaleTasks(this.orm.em.fork(), this.settings.staleSeconds, this.queue);
        taskId = await claimTask(this.orm.em.fork(), [...this.handlers.keys()], this.worker, this.queue);
      } catch (error) {
        logLoopFailure(this.log, error, 'claiming a task failed');
      }
      if (taskId === null) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            this.waiting.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, this.idlePollMs());
          this.waiting.add(wake);
        });
        continue;
      }
      await this.runOne(taskId);
    }
  }

  /** The slow poll while signals arrive; the configured one while they may be missed. */
  private idlePollMs(): number {
    const { pollMs, signalledPollMs, signals } = this.settings;
    return signals?.listening && signalledPollMs ? Math.max(pollMs, signalledPollMs) : pollMs;
  }

  private async runOne(taskId: number): Promise<void> {
    const em = this.orm.em.fork();
    // A task removed since its claim (its tables emptied) is no work: it must not end the loop.
    const task = await em.findOne(this.queue.entity, { id: taskId });
    const handler = task ? this.handlers.get(task.kind) : undefined;
    if (!task || !handler) return;
    const beat = setInterval(() => void touchTask(this.orm.em.fork(), taskId, this.worker, this.queue).catch(() => undefined), this.settings.heartbeatMs);
    try {
      const result = await handler.run(task, em);
      await finishTask(this.orm.em.fork(), taskId, result, this.queue);
      this.log.info({ taskId, kind: task.kind }, 'background task done');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = await failTask(this.orm.em.fork(), taskId, message, 5, this.queue);
      this.log.warn({ taskId, kind: task.kind, err: error, final }, 'background task failed');
      if (final && handler.failed) await handler.failed(task, this.orm.em.fork(), message).catch(() => undefined);
    } finally {
      clearInterval(beat);
    }
  }
}
