import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * 15.05's job lock ("Lock new jobs"): while `locked`, new jobs are created and wait queued; no runner
 * of any process claims one (src/jobs/job-claims.ts reads this row). One row, id 1; none is unlocked.
 * Written only by raw statements (src/services/job-admin/job-lock.ts).
 */
@Entity({ tableName: 'job_lock' })
export class JobLock {
  @PrimaryKey({ type: 'integer', defaultRaw: '1', autoincrement: false })
  id!: number;

  @Property({ type: 'boolean', default: false })
  locked!: boolean;

  @Property({ type: 'datetime', length: 6, defaultRaw: 'now()' })
  updateTime!: Date;

  /** The administrator who last locked or unlocked (no foreign key: kept when they are deleted). */
  @Property({ type: 'integer', nullable: true })
  updatedBy?: number | null;
}
