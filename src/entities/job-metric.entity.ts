import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { Job } from './job.entity';

/** One measurement of a finished job (runtime, exit code, …), shown in `job_metrics`. */
@Entity({ tableName: 'job_metric' })
@Index({ properties: ['job'] })
export class JobMetric {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Job, { deleteRule: 'cascade' })
  job!: Job;

  @Property({ type: 'string', length: 255 })
  plugin!: string;

  @Property({ type: 'string', length: 255 })
  name!: string;

  /** Kept as text; numeric metrics are numbers written in decimal. */
  @Property({ type: 'text' })
  value!: string;

  @Property({ type: 'boolean' })
  numeric!: boolean;
}
