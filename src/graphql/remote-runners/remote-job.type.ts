import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('RemoteJobFile')
export class RemoteJobFileType {
  @Field(() => String)
  path!: string;
}

@ObjectType('RemoteJobOutput')
export class RemoteJobOutputType {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  path!: string;
}

/** A job handed to a remote runner: paths are the server's, all under jobDirectory. */
@ObjectType('RemoteJob')
export class RemoteJobType {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'The job_key for the job files API.' })
  jobKey!: string;

  @Field(() => String, { description: 'Identifies this claim; send it with heartbeats and the report.' })
  claimId!: string;

  @Field(() => String)
  toolId!: string;

  @Field(() => String)
  commandLine!: string;

  @Field(() => String)
  jobDirectory!: string;

  @Field(() => String)
  workingDirectory!: string;

  @Field(() => Int)
  timeoutSeconds!: number;

  @Field(() => [RemoteJobFileType])
  inputs!: RemoteJobFileType[];

  @Field(() => [RemoteJobOutputType])
  outputs!: RemoteJobOutputType[];
}

@InputType('RemoteJobResultInput')
export class RemoteJobResultInput {
  @Field(() => Int)
  exitCode!: number;

  @Field(() => String)
  stdout!: string;

  @Field(() => String)
  stderr!: string;

  @Field(() => Float)
  startEpoch!: number;

  @Field(() => Float)
  endEpoch!: number;

  @Field(() => String)
  runnerName!: string;

  @Field(() => String, { nullable: true, description: 'Why the runner could not run the job (download error, timeout…).' })
  failure?: string;

  @Field(() => String, {
    nullable: true,
    description: "The limit that stopped the run, when one did: 'walltime_reached' (the runner's time limit) or 'memory_limit_reached'. The destination's <resubmit> rules apply to it.",
  })
  limitReached?: string;

  @Field(() => Float, { nullable: true, description: "The peak resident memory of the command's processes, in bytes, when the runner measured it (recorded as core/memory_peak_bytes)." })
  memoryPeakBytes?: number;

  @Field(() => Float, { nullable: true, description: "The user CPU time of the command's processes, in seconds, when measured (core/cpu_user_seconds)." })
  cpuUserSeconds?: number;

  @Field(() => Float, { nullable: true, description: "The system CPU time of the command's processes, in seconds, when measured (core/cpu_system_seconds)." })
  cpuSystemSeconds?: number;
}
