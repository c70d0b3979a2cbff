import { Entity, Index, ManyToOne, Property, type Opt } from '@mikro-orm/core';
import { BigIntType } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';
import { BackgroundTask } from './background-task.entity';
import { History } from './history.entity';

/** An export archive of a history (the platform's JobExportHistoryArchive, `jeha_id`). */
@Entity({ tableName: 'history_export' })
@Index({ properties: ['history', 'id'] })
export class HistoryExport extends BaseEntity {
  @ManyToOne(() => History, { deleteRule: 'cascade' })
  history!: History;

  @ManyToOne(() => BackgroundTask, { nullable: true, deleteRule: 'set null' })
  task: BackgroundTask | null = null;

  /** 'queued', 'running', 'ok' or 'error'. */
  @Property({ type: 'string', length: 32 })
  state: string & Opt = 'queued';

  @Property({ type: 'boolean' })
  gzip: boolean & Opt = true;

  @Property({ type: 'boolean' })
  includeHidden: boolean & Opt = false;

  @Property({ type: 'boolean' })
  includeDeleted: boolean & Opt = false;

  /** The history's update time when the export started: a later change makes the export stale. */
  @Property({ type: 'datetime', length: 6 })
  historyUpdateTime!: Date;

  @Property({ type: 'text', nullable: true })
  filePath: string | null = null;

  @Property({ type: new BigIntType('number'), columnType: 'bigint', nullable: true })
  fileSize: number | null = null;

  @Property({ type: 'text', nullable: true })
  error: string | null = null;
}
