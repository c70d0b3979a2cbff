import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('JobLock', { description: "15.05's job lock: while locked, new jobs are created and wait queued in every server process." })
export class JobLockType {
  @Field(() => Boolean)
  locked!: boolean;

  @Field(() => Date, { nullable: true, description: 'When it was last locked or unlocked.' })
  changedAt!: Date | null;

  @Field(() => String, { nullable: true, description: 'Who did (their email then; null for the master API key).' })
  changedBy!: string | null;
}

@ObjectType('JobsCancelled', { description: 'What an administrator cancelling jobs did.' })
export class JobsCancelledType {
  @Field(() => [ID], { description: 'The jobs stopped (now `deleted`, their outputs discarded).' })
  cancelledIds!: string[];

  @Field(() => [ID], { description: 'The jobs given that had already ended, left as they were.' })
  alreadyFinishedIds!: string[];
}

@ObjectType('JobCount', { description: 'How many jobs that may still run are in one state at one destination.' })
export class JobCountType {
  @Field(() => String)
  state!: string;

  @Field(() => String, { nullable: true, description: 'The job_conf.xml destination (recorded, else where the job will be routed); null without a job configuration.' })
  destinationId!: string | null;

  @Field(() => Int)
  count!: number;
}

@ObjectType('JobCounts', { description: 'The jobs that may still run, counted by state and destination.' })
export class JobCountsType {
  @Field(() => [JobCountType])
  counts!: JobCountType[];

  @Field(() => Date, { description: 'When they were counted.' })
  countedAt!: Date;
}

@ObjectType('DestinationMemory', { description: 'What the jobs that ended at one destination used of memory, and what they were given.' })
export class DestinationMemoryType {
  @Field(() => String, { description: 'The job_conf.xml destination; `none` for jobs run without one.' })
  destination!: string;

  @Field(() => Int)
  jobs!: number;

  @Field(() => Int)
  failedJobs!: number;

  @Field(() => Int, { description: 'Jobs whose memory use was measured.' })
  measuredJobs!: number;

  @Field(() => Float, { nullable: true, description: 'The most one job used (bytes).' })
  maxUsedBytes!: number | null;

  @Field(() => Float, { nullable: true, description: '95 of 100 jobs used at most this (bytes).' })
  p95UsedBytes!: number | null;

  @Field(() => Float, { nullable: true })
  meanUsedBytes!: number | null;

  @Field(() => Float, { nullable: true, description: "The most a job was given (bytes; a batch system's allocation); null when none said." })
  allocatedBytes!: number | null;
}
