import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Job } from './job.entity';

/**
 * One run of a job that ended: the runs a job's `<resubmit>` rules abandoned (state `resubmitted`:
 * a limit was reached and the job went on to another destination) and the run it ended with (`ok` or
 * `error`). Numbered from 1 in the order they ran; the job's metrics are those of its last run.
 */
@Entity({ tableName: 'job_attempt' })
@Unique({ properties: ['job', 'number'] })
export class JobAttempt {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => Job, { deleteRule: 'cascade' })
  job!: Job;

  @Property({ type: 'integer' })
  number!: number;

  /** How the run ended for the job: `resubmitted`, `ok` or `error`. */
  @Property({ type: 'string', length: 64 })
  state!: string;

  /** The job_conf.xml destination it ran at. */
  @Property({ type: 'string', length: 255, nullable: true })
  destinationId: string | null = null;

  /** 'local', 'remote' or 'slurm'. */
  @Property({ type: 'string', length: 64, nullable: true })
  runner: string | null = null;

  /** The batch system's id of the run (Slurm's job id). */
  @Property({ type: 'string', length: 255, nullable: true })
  externalId: string | null = null;

  /** How the batch system said the run ended (COMPLETED, OUT_OF_MEMORY, TIMEOUT…). */
  @Property({ type: 'string', length: 32, nullable: true })
  externalState: string | null = null;

  /** The limit the run reached, as `<resubmit condition>` names it (memory_limit_reached, walltime_reached). */
  @Property({ type: 'string', length: 32, nullable: true })
  limitReached: string | null = null;

  /** Why it ended so: the job's info message of that run. */
  @Property({ type: 'text', nullable: true })
  info: string | null = null;

  @Property({ type: 'datetime', length: 6, nullable: true })
  startTime: Date | null = null;

  @Property({ type: 'datetime', length: 6, nullable: true })
  endTime: Date | null = null;
}
