import { Field, Float, Int, ObjectType } from 'type-graphql';

@ObjectType('ServerProcessSelf', { description: 'The server process that answered.' })
export class ServerProcessSelfType {
  @Field(() => String)
  host!: string;

  @Field(() => Int)
  pid!: number;

  @Field(() => Date)
  startedAt!: Date;

  @Field(() => String)
  nodeVersion!: string;
}

@ObjectType('DatabaseStatus')
export class DatabaseStatusType {
  @Field(() => Boolean, { description: "The embedded server of DATA_DIR (true) or DATABASE_URL's server (false)." })
  embedded!: boolean;

  @Field(() => String, { description: "PostgreSQL's version." })
  version!: string;

  @Field(() => Float, { description: "The database's size in bytes." })
  sizeBytes!: number;
}

@ObjectType('ServerProcess', { description: 'A server process of this database, with its heartbeat (stale ones are kept for an hour).' })
export class ServerProcessType {
  @Field(() => String, { description: '`<host>:<pid>:<tag>`.' })
  name!: string;

  @Field(() => String)
  host!: string;

  @Field(() => Int)
  pid!: number;

  @Field(() => Date)
  startedAt!: Date;

  @Field(() => Date)
  lastHeartbeat!: Date;

  @Field(() => Boolean, { description: 'Silent longer than JOB_STALE_SECONDS: stopped without saying so, or hung.' })
  stale!: boolean;

  @Field(() => String)
  serviceVersion!: string;

  @Field(() => Int, { description: 'Its local job workers (0: it runs no jobs).' })
  localWorkers!: number;

  @Field(() => Int, { description: 'Jobs its runners hold now.' })
  jobsHeld!: number;

  @Field(() => Int, { description: 'Background tasks its task runner holds now.' })
  tasksHeld!: number;
}

@ObjectType('ClaimHolder', {
  description: 'A job or task runner seen through the claims it holds now (local workers, Slurm followers, remote runners, task runners), with its latest heartbeat.',
})
export class WorkingProcessType {
  @Field(() => String, { description: "The claim's name: `<host>:<pid>:<tag>` for a server process, the runner's name for a remote runner." })
  name!: string;

  @Field(() => String, { description: "'local', 'slurm', 'remote' (jobs) or 'tasks'." })
  kind!: string;

  @Field(() => Int, { description: 'Jobs or tasks it holds now.' })
  holding!: number;

  @Field(() => Date, { nullable: true })
  lastHeartbeat!: Date | null;

  @Field(() => Boolean, { description: 'Its heartbeat is older than JOB_STALE_SECONDS (the next sweep takes its work back).' })
  stale!: boolean;
}

@ObjectType('QueueDepth')
export class QueueDepthType {
  @Field(() => String, { nullable: true })
  destinationId!: string | null;

  @Field(() => Int, { description: 'Queued, not yet taken by a runner.' })
  waiting!: number;

  @Field(() => Int, { description: 'Taken by a runner: running, or queued in a batch system.' })
  dispatched!: number;
}

@ObjectType('SlurmReachability')
export class SlurmReachabilityType {
  @Field(() => Boolean, { description: 'A Slurm destination is configured (job_conf.xml).' })
  configured!: boolean;

  @Field(() => Boolean, { nullable: true, description: '`sinfo` and `squeue` answered within the time allowed; null when Slurm is not configured.' })
  reachable!: boolean | null;

  @Field(() => String, { nullable: true })
  problem!: string | null;

  @Field(() => Int, { nullable: true })
  elapsedMs!: number | null;
}

@ObjectType('DiskUse', { description: "DATA_DIR's filesystem." })
export class DiskUseType {
  @Field(() => String)
  path!: string;

  @Field(() => Float)
  totalBytes!: number;

  @Field(() => Float)
  usedBytes!: number;

  @Field(() => Float, { description: 'What the server may still write.' })
  freeBytes!: number;
}

@ObjectType('ConfigurationEntry', { description: 'One setting of the configuration in force.' })
export class ConfigurationEntryType {
  @Field(() => String)
  key!: string;

  @Field(() => String, { description: 'The value as text (JSON for lists and objects); `[hidden]` for a secret.' })
  value!: string;

  @Field(() => Boolean)
  secret!: boolean;
}

@ObjectType('ServerStatus', { description: 'The server as an administrator checks it.' })
export class ServerStatusType {
  @Field(() => String, { description: "The platform's release (its API's)." })
  version!: string;

  @Field(() => String, { description: "This service's own version." })
  serviceVersion!: string;

  @Field(() => ServerProcessSelfType)
  thisProcess!: ServerProcessSelfType;

  @Field(() => DatabaseStatusType)
  database!: DatabaseStatusType;

  @Field(() => [ServerProcessType], { description: 'The server processes of this database and their heartbeats.' })
  processes!: ServerProcessType[];

  @Field(() => [WorkingProcessType], { description: 'What holds jobs or tasks now (remote runners are seen only here).' })
  claimHolders!: WorkingProcessType[];

  @Field(() => [QueueDepthType], { description: 'Queued and running jobs by destination.' })
  queue!: QueueDepthType[];

  @Field(() => SlurmReachabilityType)
  slurm!: SlurmReachabilityType;

  @Field(() => DiskUseType)
  dataDir!: DiskUseType;

  @Field(() => [ConfigurationEntryType], { description: 'Secrets (keys, passwords, tokens, the database password) hidden.' })
  configuration!: ConfigurationEntryType[];

  @Field(() => Boolean, { description: 'New jobs are locked.' })
  jobsLocked!: boolean;
}
