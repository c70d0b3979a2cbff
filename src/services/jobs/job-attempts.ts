import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';
import { sql } from '../../db/sql/sql-statement';

/**
 * One run of a job as the graph shows it: the runs a `<resubmit>` rule abandoned (state
 * `resubmitted`), the run that ended the job, or the run under way. Where and how it ran (destination,
 * runner, the batch system's id and state) only for administrators, as on the job itself.
 */
export interface JobAttemptView {
  number: number;
  /** `resubmitted` (the job went on to another destination), the job's end (`ok`, `error`), or its state while this run is under way. */
  state: string;
  /** The limit that ended it (memory_limit_reached, walltime_reached), when one did. */
  limitReached: string | null;
  /** Why it ended so. */
  reason: string | null;
  startTime: Date | null;
  endTime: Date | null;
  destinationId: string | null;
  runner: string | null;
  externalId: string | null;
  externalState: string | null;
}

type AttemptJson = Omit<JobAttemptView, 'startTime' | 'endTime'> & { startTime: string | null; endTime: string | null };

interface AttemptsRow {
  jobId: number;
  resubmissions: number;
  state: string;
  runner: string | null;
  destinationId: string | null;
  externalId: string | null;
  externalState: string | null;
  info: string | null;
  startTime: Date | null;
  endTime: Date | null;
  attempts: AttemptJson[];
}

const ATTEMPTS = sql<AttemptsRow>(
  'job_attempts',
  `select j.id as "jobId", j.resubmissions, j.state, j.runner, j.destination_id as "destinationId", j.external_id as "externalId",
          j.external_state as "externalState", j.info, j.start_time as "startTime", j.end_time as "endTime",
          (select coalesce(json_agg(json_build_object('number', a.number, 'state', a.state, 'limitReached', a.limit_reached, 'reason', a.info,
                    'startTime', a.start_time, 'endTime', a.end_time, 'destinationId', a.destination_id, 'runner', a.runner,
                    'externalId', a.external_id, 'externalState', a.external_state) order by a.number), '[]')
             from job_attempt a where a.job_id = j.id) as attempts
     from job j where j.id = any($1::int[])`,
);

const date = (value: string | null): Date | null => (value === null ? null : new Date(value));

/**
 * The recorded attempts, and the run under way (or one that ended without being recorded: a job
 * stopped or recovered, or run before attempts were kept) from the job's row, once a runner took it.
 */
function attemptsOf(row: AttemptsRow): JobAttemptView[] {
  const recorded = row.attempts.map((attempt) => ({ ...attempt, startTime: date(attempt.startTime), endTime: date(attempt.endTime) }));
  const current = Number(row.resubmissions) + 1;
  const started = row.runner !== null || Number(row.resubmissions) > 0;
  if (row.state === 'resubmitted' || !started || recorded.some((attempt) => attempt.number === current)) return recorded;
  return [
    ...recorded,
    {
      number: current,
      state: row.state,
      limitReached: null,
      // The job's info speaks of this run once it ended (before, of the run it was resubmitted from).
      reason: row.endTime === null ? null : row.info,
      startTime: row.startTime,
      endTime: row.endTime,
      destinationId: row.destinationId,
      runner: row.runner,
      externalId: row.externalId,
      externalState: row.externalState,
    },
  ];
}

/** Each job's attempts, in the order they ran (one statement for every job of a request). */
export const attemptsByJobId: LoaderFactory<number, JobAttemptView[]> = (ctx) =>
  new DataLoader(async (ids) => {
    const byJob = new Map((await ctx.rows(ATTEMPTS, [ids])).map((row) => [Number(row.jobId), row]));
    const caller = ctx.caller;
    return ids.map((id) => {
      const row = byJob.get(id);
      const attempts = row ? attemptsOf(row) : [];
      // Where and how a job ran are the administrators' (as the job's own runner, destination and external id).
      return caller.isAdmin ? attempts : attempts.map((attempt) => ({ ...attempt, destinationId: null, runner: null, externalId: null, externalState: null }));
    });
  });
