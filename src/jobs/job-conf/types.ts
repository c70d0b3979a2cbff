/**
 * Where jobs run, as the platform's operators configure it in `job_conf.xml` (release 15.05): runner
 * plugins, destinations, tool mappings and limits. Only what this platform can honour is accepted
 * (see parse-job-conf.ts); the rest is refused when the file is read.
 */

/** The runners this platform has: its own local workers, or a Slurm cluster. */
export type RunnerKind = 'local' | 'slurm';

/** A `<plugin type="runner">` of `<plugins>`. */
export interface JobPlugin {
  id: string;
  kind: RunnerKind;
  /** The plugin's `workers`, or that of `<plugins>`; null when neither sets it (the engine's own setting applies). */
  workers: number | null;
  /** The plugin's `<param>`s, as written. */
  params: Record<string, string>;
}

/**
 * One statement of the tool environment a job script sets up, in the order written in the destination:
 * a variable (`<env id="NAME">value</env>`), a file to source (`<env file="…"/>`) or a command to run
 * (`<env exec="…"/>`). Values and file names are shell text: the platform writes them inside double
 * quotes (so `$PATH` expands), or verbatim when `raw="true"` (see envStatement).
 */
export type EnvEntry = { name: string; value: string; raw: boolean } | { file: string; raw: boolean } | { exec: string };

/** The limits a runner says a job reached, as `<resubmit condition>` names them. */
export const RESUBMIT_CONDITIONS = ['memory_limit_reached', 'walltime_reached'] as const;
export type ResubmitCondition = (typeof RESUBMIT_CONDITIONS)[number];

/**
 * A `<resubmit>` of a destination: a job that reached a limit there goes back to the queue for
 * another destination (the first rule whose condition matches applies).
 */
export interface ResubmitRule {
  /** The limit it applies to; null (no `condition`) for either. */
  condition: ResubmitCondition | null;
  /** Where the job goes next: a destination id (a tag resolved to its first destination). */
  destinationId: string;
}

/** A `<destination>`: where a job runs and how. */
export interface JobDestination {
  id: string;
  /** The `<plugin>` its `runner` attribute names. */
  pluginId: string;
  kind: RunnerKind;
  tags: string[];
  /** `<param id="nativeSpecification">` of a Slurm destination: sbatch options (split with nativeSpecificationArgs). */
  nativeSpecification: string | null;
  /** Every `<param>` of the destination (nativeSpecification included), as written. */
  params: Record<string, string>;
  env: EnvEntry[];
  /** Its `<resubmit>` rules, in file order. */
  resubmit: ResubmitRule[];
}

/**
 * A concurrency limit on destinations: `<limit type="destination_…" id="…">` counts the jobs of one
 * destination, `tag="…"` the jobs of all destinations with that tag together (as the platform counts them).
 */
export interface DestinationLimit {
  by: 'id' | 'tag';
  /** The destination id or tag as written. */
  name: string;
  /** The destinations whose active jobs count together against the limit. */
  destinationIds: string[];
  limit: number;
}

/** `<limits>`: null or empty when not set. A job is active while queued at a runner or running. */
export interface JobLimits {
  /** Active jobs of one registered user, all destinations together. */
  registeredUserConcurrentJobs: number | null;
  /** Active jobs of one anonymous session, all destinations together. */
  anonymousUserConcurrentJobs: number | null;
  /** Active jobs of one user in a destination or tag. */
  destinationUserConcurrentJobs: DestinationLimit[];
  /** Active jobs of all users in a destination or tag. */
  destinationTotalConcurrentJobs: DestinationLimit[];
  /** `<limit type="walltime">HH:MM:SS</limit>`: how long any job may run. */
  walltimeSeconds: number | null;
}

export interface JobConfig {
  /** The file read; null for the built-in configuration (no JOB_CONFIG_FILE). */
  source: string | null;
  plugins: JobPlugin[];
  /** In the order of the file (a tag resolves to the first of its destinations). */
  destinations: JobDestination[];
  /** The destination of every tool not mapped (`<destinations default>`, a tag resolved). */
  defaultDestinationId: string;
  /**
   * `<tool id destination>` mappings: tool id as the platform keys it (lower case, no trailing `/`; a
   * depot guid, a guid without its version, or a short tool id) to a destination id (a tag resolved).
   */
  toolDestinations: Record<string, string>;
  /** Where uploads (`upload1`) run: a local destination unless `<tools>` maps upload1 itself. */
  uploadDestinationId: string;
  limits: JobLimits;
  /** What was read but has no effect here (handlers, job parameters…): one line each, for the log. */
  notices: string[];
}

/** A job configuration that cannot be used; the message names the file, the line and what to change. */
export class JobConfigError extends Error {
  readonly source: string;
  readonly line: number | null;

  constructor(source: string, detail: string, line: number | null = null) {
    super(line === null ? `${source}: ${detail}` : `${source}, line ${line}: ${detail}`);
    this.name = 'JobConfigError';
    this.source = source;
    this.line = line;
  }
}
