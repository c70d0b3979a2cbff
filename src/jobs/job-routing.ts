import { destinationFor, type JobConfig, type JobDestination, type ResubmitCondition, type ResubmitRule, type RunnerKind } from './job-conf';
import type { ToolRegistry } from '../tools';

/** A piece of SQL with its positional parameters (`?`). */
export interface SqlPart {
  sql: string;
  params: unknown[];
}

/**
 * A list as one parameter: JSON text, read back as a PostgreSQL array by `jsonList(type)` (the query
 * builder would spread a JavaScript array into one parameter per item).
 */
export const listParam = (values: readonly (string | number)[]): string => JSON.stringify(values);
export const jsonList = (type: 'text' | 'int') => `array(select v::${type} from jsonb_array_elements_text(?::jsonb) as v)`;

/** A job is at a runner (counted by limits) while queued there or running. */
export const DISPATCHED = (alias: string) => `(${alias}.state in ('queued', 'running') and (${alias}.handler is not null or ${alias}.external_state is not null))`;

/** Serialises the claims of every process while limits are counted (one advisory lock of the job queue). */
export const LIMITED_CLAIM_LOCK = 61_400_019;


/** How many times a job may be resubmitted (JOB_MAX_RESUBMITS) when no setting says. */
export const DEFAULT_MAX_RESUBMITS = 3;

/**
 * Where queued jobs go, from the job configuration (job_conf.xml), as SQL a claim can use: the
 * destination of a job (where a resubmission sent it, else its tool's mapping, else the default;
 * uploads their own), which runner kind each destination belongs to, and the concurrency limits.
 * Tool mappings are resolved against the tools this process knows (installed tools come and go), so
 * the SQL matches exact tool ids. And where a job that reached a limit goes next (`<resubmit>`),
 * at most `maxResubmits` times.
 */
export class JobRouting {
  constructor(
    readonly config: JobConfig,
    private readonly tools: ToolRegistry,
    readonly maxResubmits: number = DEFAULT_MAX_RESUBMITS,
  ) {}

  /** Whether a job_conf.xml was given (without one, every job is local, as always). */
  get configured(): boolean {
    return this.config.source !== null;
  }

  destination(id: string): JobDestination | undefined {
    return this.config.destinations.find((destination) => destination.id === id);
  }

  destinationIdsOf(kind: RunnerKind): string[] {
    return this.config.destinations.filter((destination) => destination.kind === kind).map((destination) => destination.id);
  }

  /**
   * Where uploads run: the configuration's upload destination when it is local. Uploads run in the
   * server (they read its upload store and fetch URLs); one mapped to a Slurm destination runs on the
   * first local destination instead.
   */
  get uploadDestinationId(): string {
    const upload = destinationFor(this.config, 'upload1');
    if (upload.kind === 'local') return upload.id;
    return this.destinationIdsOf('local')[0] ?? upload.id;
  }

  /**
   * The destination of job `alias` as an SQL expression: where a resubmission sent it while the
   * configuration still defines that destination, else where its tool maps.
   */
  destinationOf(alias: string): SqlPart {
    const mapped: Record<string, string> = {};
    for (const tool of this.tools.list()) {
      if (tool.id === 'upload1') continue;
      const destination = destinationFor(this.config, tool.id).id;
      if (destination !== this.config.defaultDestinationId) mapped[tool.id] = destination;
    }
    const defined = this.config.destinations.map((destination) => destination.id);
    return {
      sql: `coalesce(case when ${alias}.resubmit_destination_id = any(${jsonList('text')}) then ${alias}.resubmit_destination_id end,
                     (?::jsonb) ->> ${alias}.tool_id, case when ${alias}.tool_id = 'upload1' then ? else ? end)`,
      params: [listParam(defined), JSON.stringify(mapped), this.uploadDestinationId, this.config.defaultDestinationId],
    };
  }

  /**
   * A command's time limit where this process runs it or hands it to a remote runner: `timeoutSeconds`
   * (JOB_TIMEOUT_SECONDS), or the job configuration's walltime when shorter.
   */
  commandTimeLimit(timeoutSeconds: number): number {
    const walltime = this.config.limits.walltimeSeconds;
    return walltime === null ? timeoutSeconds : Math.min(walltime, timeoutSeconds);
  }

  /** The `<resubmit>` rule of a destination that applies to a limit reached there (the first that matches), if any. */
  resubmitRule(destinationId: string | null, limit: ResubmitCondition): ResubmitRule | null {
    const destination = destinationId === null ? undefined : this.destination(destinationId);
    return destination?.resubmit.find((rule) => rule.condition === null || rule.condition === limit) ?? null;
  }

  /** Whether the configuration sets concurrency limits (claims then take turns). */
  get limited(): boolean {
    const limits = this.config.limits;
    return (
      limits.registeredUserConcurrentJobs !== null ||
      limits.anonymousUserConcurrentJobs !== null ||
      limits.destinationUserConcurrentJobs.length > 0 ||
      limits.destinationTotalConcurrentJobs.length > 0
    );
  }

  /**
   * Conditions a candidate `alias` with destination `destination` (an SQL expression) must meet to
   * be dispatched without passing a limit: the user's (or, anonymous, the history's) active jobs, and
   * each destination limit that counts its destination.
   */
  withinLimits(alias: string, destination: SqlPart): SqlPart {
    const limits = this.config.limits;
    const parts: string[] = [];
    const params: unknown[] = [];
    const active = DISPATCHED('r');
    if (limits.registeredUserConcurrentJobs !== null) {
      parts.push(`(${alias}.user_id is null or (select count(*) from job r where r.user_id = ${alias}.user_id and ${active}) < ?)`);
      params.push(limits.registeredUserConcurrentJobs);
    }
    if (limits.anonymousUserConcurrentJobs !== null) {
      parts.push(`(${alias}.user_id is not null or (select count(*) from job r where r.user_id is null and r.history_id is not distinct from ${alias}.history_id and ${active}) < ?)`);
      params.push(limits.anonymousUserConcurrentJobs);
    }
    for (const [limit, perUser] of [
      ...limits.destinationUserConcurrentJobs.map((entry) => [entry, true] as const),
      ...limits.destinationTotalConcurrentJobs.map((entry) => [entry, false] as const),
    ]) {
      const user = perUser ? ` and r.user_id is not distinct from ${alias}.user_id` : '';
      parts.push(
        `(not ((${destination.sql}) = any(${jsonList('text')})) or (select count(*) from job r where r.destination_id = any(${jsonList('text')})${user} and ${active}) < ?)`,
      );
      params.push(...destination.params, listParam(limit.destinationIds), listParam(limit.destinationIds), limit.limit);
    }
    return { sql: parts.length ? parts.join(' and ') : 'true', params };
  }
}

