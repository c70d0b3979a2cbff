import { Entity, Index, JsonType, Property, type Opt } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';

export const TASK_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/**
 * The columns of a durable task queue (not a table itself): each application has its own queue
 * table with these columns (the platform's `background_task`, the depot's in its own schema).
 */
export abstract class TaskRecord extends BaseEntity {
  @Property({ type: 'string', length: 64 })
  kind!: string;

  @Property({ type: JsonType })
  payload: Record<string, unknown> & Opt = {};

  @Property({ type: 'string', length: 32 })
  state: TaskState & Opt = 'queued';

  @Property({ type: 'integer' })
  attempts: number & Opt = 0;

  @Property({ type: 'integer' })
  maxAttempts: number & Opt = 3;

  @Property({ type: 'string', length: 255, nullable: true })
  lockedBy: string | null = null;

  @Property({ type: 'datetime', length: 6, nullable: true })
  heartbeatTime: Date | null = null;

  @Property({ type: 'datetime', length: 6 })
  runAfter: Date & Opt = new Date();

  @Property({ type: JsonType, nullable: true })
  result: Record<string, unknown> | null = null;

  @Property({ type: 'text', nullable: true })
  error: string | null = null;
}

/**
 * Durable queue of long work other than tool runs (history exports and imports, later installs):
 * claimed with `FOR UPDATE SKIP LOCKED`; a stale heartbeat puts a task back in the queue.
 */
@Entity({ tableName: 'background_task' })
@Index({ properties: ['state', 'runAfter'] })
export class BackgroundTask extends TaskRecord {}
