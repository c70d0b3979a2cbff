import type { ListColumn } from '../ui/ListTable';
import { ListTable } from '../ui/ListTable';
import type { JobDetails } from './job-documents';

export type JobAttempt = JobDetails['attempts'][number];

/** The platform's words for the limits a run may reach (job_conf.xml `<resubmit condition>`). */
const LIMITS: Record<string, string> = {
  memory_limit_reached: 'memory limit reached',
  walltime_reached: 'walltime reached',
};

const when = (time: unknown) => (time ? new Date(String(time)).toLocaleString() : '—');
const or = (value: string | null | undefined) => value || '—';

const COLUMNS: ReadonlyArray<ListColumn<JobAttempt>> = [
  { header: 'Attempt', rowHeader: true, cell: (attempt) => attempt.number },
  { header: 'State', cell: (attempt) => <span className={`state state-${attempt.state}`}>{attempt.state}</span> },
  { header: 'Limit', cell: (attempt) => (attempt.limitReached ? (LIMITS[attempt.limitReached] ?? attempt.limitReached) : '—') },
  { header: 'Reason', className: 'job-attempt-reason', cell: (attempt) => or(attempt.reason) },
  { header: 'Started', cell: (attempt) => when(attempt.startTime) },
  { header: 'Ended', cell: (attempt) => when(attempt.endTime) },
];

const ADMIN_COLUMNS: ReadonlyArray<ListColumn<JobAttempt>> = [
  { header: 'Destination', cell: (attempt) => or(attempt.destinationId) },
  { header: 'Runner', cell: (attempt) => or(attempt.runner) },
  { header: 'External id', cell: (attempt) => or(attempt.externalId) },
  { header: 'Ended as', cell: (attempt) => or(attempt.externalState) },
];

/**
 * A job's runs when it was resubmitted (job_conf.xml `<resubmit>`): each run that reached a limit of
 * its compute resource, then the one that ended the job (or is under way). Administrators also see
 * where each ran: destination, runner, the batch system's id and how it said the run ended.
 */
export function JobAttempts({ attempts, admin }: { attempts: readonly JobAttempt[]; admin: boolean }) {
  if (!attempts.some((attempt) => attempt.state === 'resubmitted')) return null;
  return (
    <section aria-labelledby="job-attempts-heading">
      <h2 id="job-attempts-heading">Attempts</h2>
      <p>This job was resubmitted: a run that reached a limit of its compute resource was sent to another destination.</p>
      {/* Scrolls sideways on a narrow screen; nothing in it takes the focus, so the region itself does (keyboard scrolling). */}
      <div className="table-scroll" role="region" aria-label="Attempts" tabIndex={0}>
        <ListTable
          columns={admin ? [...COLUMNS, ...ADMIN_COLUMNS] : COLUMNS}
          rows={attempts}
          rowKey={(attempt) => String(attempt.number)}
          caption="Attempts, in the order they ran"
          empty="No attempt."
          scroll={false}
        />
      </div>
    </section>
  );
}
