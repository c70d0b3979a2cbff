import type { EntityClass } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { BackgroundTask, type TaskRecord } from '../entities/background-task.entity';

/** Where a queue lives: its entity and its (schema-qualified) table. */
export interface TaskTable {
  entity: EntityClass<TaskRecord>;
  /** SQL name of the table, e.g. `background_task` or `depot.background_task`. */
  table: string;
}

/** The platform's queue. */
export const PLATFORM_TASKS: TaskTable = { entity: BackgroundTask, table: 'background_task' };

/** The durable queue of background tasks (exports, imports…), on PostgreSQL. */
export async function enqueueTask(em: EntityManager, kind: string, payload: Record<string, unknown>, queue: TaskTable = PLATFORM_TASKS): Promise<TaskRecord> {
  const task = em.create(queue.entity, { kind, payload, result: null } as never);
  await em.flush();
  return task;
}

/** Claims the oldest due task of the given kinds; SKIP LOCKED lets many processes share the queue. */
export async function claimTask(em: EntityManager, kinds: string[], worker: string, queue: TaskTable = PLATFORM_TASKS): Promise<number | null> {
  if (kinds.length === 0) return null;
  const rows = await em.execute<Array<{ id: number }>>(
    `update ${queue.table} set state = 'running', locked_by = ?, heartbeat_time = now(), attempts = attempts + 1, update_time = now()
     where id = (
       select id from ${queue.table}
       where state = 'queued' and run_after <= now() and kind in (${kinds.map(() => '?').join(',')})
       order by id for update skip locked limit 1)
     returning id`,
    [worker, ...kinds],
  );
  return rows.length ? Number(rows[0].id) : null;
}

/** Claims one task by id when it is still queued (a request doing its own task at once). */
export async function claimTaskById(em: EntityManager, taskId: number, worker: string, queue: TaskTable = PLATFORM_TASKS): Promise<boolean> {
  const rows = await em.execute<Array<{ id: number }>>(
    `update ${queue.table} set state = 'running', locked_by = ?, heartbeat_time = now(), attempts = attempts + 1, update_time = now()
     where id = (select id from ${queue.table} where id = ? and state = 'queued' for update skip locked)
     returning id`,
    [worker, taskId],
  );
  return rows.length > 0;
}

export async function touchTask(em: EntityManager, taskId: number, worker: string, queue: TaskTable = PLATFORM_TASKS): Promise<boolean> {
  const rows = await em.execute<Array<{ id: number }>>(
    `update ${queue.table} set heartbeat_time = now() where id = ? and locked_by = ? and state = 'running' returning id`,
    [taskId, worker],
  );
  return rows.length > 0;
}

export async function finishTask(em: EntityManager, taskId: number, result: Record<string, unknown>, queue: TaskTable = PLATFORM_TASKS): Promise<void> {
  await em.execute(`update ${queue.table} set state = 'done', result = ?, locked_by = null, update_time = now() where id = ?`, [JSON.stringify(result), taskId]);
}

/** A failed attempt: retried later while attempts remain, otherwise failed for good. Returns true when final. */
export async function failTask(em: EntityManager, taskId: number, error: string, retryDelaySeconds: number, queue: TaskTable = PLATFORM_TASKS): Promise<boolean> {
  const rows = await em.execute<Array<{ state: string }>>(
    `update ${queue.table} set
       state = case when attempts >= max_attempts then 'failed' else 'queued' end,
       error = ?, locked_by = null, update_time = now(),
       run_after = now() + (? * interval '1 second')
     where id = ? returning state`,
    [error, retryDelaySeconds, taskId],
  );
  return rows[0]?.state === 'failed';
}

/** Tasks of a process that stopped (stale heartbeat, or every running one when this is the only process) run again. */
export async function recoverStaleTasks(em: EntityManager, staleSeconds: number, queue: TaskTable = PLATFORM_TASKS): Promise<number> {
  const rows = await em.execute<Array<{ id: number }>>(
    `update ${queue.table} set state = 'queued', locked_by = null, update_time = now()
     where state = 'running' and heartbeat_time < now() - (? * interval '1 second') returning id`,
    [staleSeconds],
  );
  return rows.length;
}
