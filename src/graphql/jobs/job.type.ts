import { Field, Int, ObjectType } from 'type-graphql';

/** Plain fields read as properties (`simpleResolvers`): job listings stream thousands per answer. */
@ObjectType('Job', { simpleResolvers: true })
export class JobType {
  @Field(() => String)
  toolId!: string;

  @Field(() => String)
  toolVersion!: string;

  @Field(() => String)
  state!: string;

  @Field(() => Int, { nullable: true })
  exitCode!: number | null;

  @Field(() => Date)
  createTime!: Date;

  @Field(() => Date)
  updateTime!: Date;

  @Field(() => String, { nullable: true })
  info!: string | null;
}

/** A dataset a job read or wrote, under its parameter name. */
@ObjectType('JobDataset')
export class JobDatasetType {
  @Field(() => String)
  name!: string;
}

@ObjectType('JobMetric')
export class JobMetricType {
  @Field(() => String)
  title!: string;

  @Field(() => String)
  value!: string;

  @Field(() => String)
  plugin!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { name: 'rawValue' })
  raw_value!: string;
}

@ObjectType('JobAttempt', {
  description:
    "One run of a job: those a job_conf.xml <resubmit> rule abandoned when they reached a limit (state 'resubmitted': the job went on to another destination), then the run that ended the job, or the one under way. Numbered from 1 in the order they ran.",
})
export class JobAttemptType {
  @Field(() => Int)
  number!: number;

  @Field(() => String, { description: "'resubmitted', the job's end ('ok', 'error'), or the job's state while this run is under way." })
  state!: string;

  @Field(() => String, { nullable: true, description: "The limit that ended it, as <resubmit condition> names it: 'memory_limit_reached' or 'walltime_reached'." })
  limitReached!: string | null;

  @Field(() => String, { nullable: true, description: 'Why it ended so.' })
  reason!: string | null;

  @Field(() => Date, { nullable: true })
  startTime!: Date | null;

  @Field(() => Date, { nullable: true })
  endTime!: Date | null;

  @Field(() => String, { nullable: true, description: 'Administrators only: the job_conf.xml destination it ran at.' })
  destinationId!: string | null;

  @Field(() => String, { nullable: true, description: "Administrators only: the runner ('local', 'remote' or 'slurm')." })
  runner!: string | null;

  @Field(() => String, { nullable: true, description: "Administrators only: the batch system's id of the run (Slurm's job id)." })
  externalId!: string | null;

  @Field(() => String, { nullable: true, description: 'Administrators only: how the batch system said the run ended (COMPLETED, OUT_OF_MEMORY, TIMEOUT…).' })
  externalState!: string | null;
}
