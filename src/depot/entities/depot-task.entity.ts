import { Entity, Index } from '@mikro-orm/core';
import { TaskRecord } from '../../entities/background-task.entity';
import type { TaskTable } from '../../tasks/task-queue';
import { DEPOT_SCHEMA } from './depot-schema';

/** The depot's durable task queue (metadata of new revisions, capsule imports). */
@Entity({ tableName: 'background_task', schema: DEPOT_SCHEMA })
@Index({ properties: ['state', 'runAfter'] })
export class DepotTask extends TaskRecord {}

export const DEPOT_TASKS: TaskTable = { entity: DepotTask, table: `${DEPOT_SCHEMA}.background_task` };
