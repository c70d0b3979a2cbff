import { type FormEvent, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import type { ListColumn } from '../../ui/ListTable';
import { Page } from '../../ui/Page';
import { type ConnectionPage, CursorPagedTable } from '../ui/CursorPagedTable';
import { type AdminJob, AdminJobsQuery, CancelJobsMutation } from './job-documents';
import { DestinationMemory } from './DestinationMemory';
import { JobCounts } from './JobCounts';
import { JobLockControl } from './JobLockControl';

const PAGE_SIZE = 50;

/** The states a job may still run in: those an administrator may cancel. */
const ACTIVE_STATES = ['new', 'upload', 'waiting', 'queued', 'running', 'paused', 'resubmitted'];
const STATE_CHOICES = ['new', 'queued', 'running', 'paused', 'ok', 'error', 'deleted'];

/** The filters, kept in the address (a filtered list can be linked to). */
const FILTERS = ['state', 'tool', 'user', 'destination', 'since', 'until'] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;

const time = (value: string) => <time dateTime={value}>{value.replace('T', ' ').slice(0, 19)}</time>;
const or = (value: string | null | undefined) => value || '—';

/** The graph's filter variables from the address's filters. */
function variablesOf(filters: Filters) {
  return {
    states: filters.state ? [filters.state] : null,
    toolIds: filters.tool ? [filters.tool.trim()] : null,
    userEmail: filters.user?.trim() || null,
    destinationIds: filters.destination ? [filters.destination.trim()] : null,
    dateRangeMin: filters.since || null,
    dateRangeMax: filters.until || null,
  };
}

/**
 * `/admin/jobs`: the queue and history of every user's jobs, newest update first, filtered by
 * state, tool, user, destination and date; one job or the selected ones cancelled; new jobs locked
 * or unlocked; the live counts by state and destination. A job's full details are its own screen
 * (`/jobs/<id>`: command line, destination, runner, external id, output, metrics, attempts).
 */
export function AdminJobsPage() {
  const [params, setParams] = useSearchParams();
  const filters: Filters = Object.fromEntries(FILTERS.flatMap((name) => (params.get(name) ? [[name, params.get(name) as string]] : [])));
  const [draft, setDraft] = useState<Filters>(filters);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [reason, setReason] = useState('');
  const [refreshed, setRefreshed] = useState(0);
  const [said, setSaid] = useState('');
  const [cancelling, cancel] = useMutation(CancelJobsMutation);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setSelected(new Set());
    setParams(Object.fromEntries(Object.entries(draft).filter(([, value]) => value && value.trim() !== '')) as Record<string, string>);
  };
  const cancelJobs = async (ids: string[]) => {
    const outcome = await cancel({ ids, message: reason.trim() || null });
    if (!outcome.data) return;
    const { cancelledIds, alreadyFinishedIds } = outcome.data.cancelJobs;
    const ended = alreadyFinishedIds.length ? ` ${alreadyFinishedIds.length} had already ended.` : '';
    setSaid(`Cancelled ${cancelledIds.length} ${cancelledIds.length === 1 ? 'job' : 'jobs'}.${ended}`);
    setSelected(new Set());
    setRefreshed((n) => n + 1);
  };
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const usePage = (after: string | null): ConnectionPage<AdminJob> => {
    const [result] = useQuery({ query: AdminJobsQuery, variables: { first: PAGE_SIZE, after, ...variablesOf(filters) }, requestPolicy: 'cache-and-network' });
    const page = result.data?.jobsPage;
    return {
      rows: page?.edges.map((edge) => edge.node),
      hasNextPage: page?.pageInfo.hasNextPage ?? false,
      endCursor: page?.pageInfo.endCursor ?? null,
      fetching: result.fetching && !page,
      error: result.error,
    };
  };

  const columns = useMemo<ReadonlyArray<ListColumn<AdminJob>>>(
    () => [
      {
        header: 'Select',
        hideHeader: true,
        cell: (job) =>
          ACTIVE_STATES.includes(job.state) ? <input type="checkbox" aria-label={`Select job ${job.id}`} checked={selected.has(job.id)} onChange={() => toggle(job.id)} /> : null,
      },
      { header: 'Job', rowHeader: true, cell: (job) => <Link to={`/jobs/${job.id}`}>{job.id}</Link> },
      { header: 'Tool', cell: (job) => job.toolId },
      { header: 'User', cell: (job) => or(job.userEmail) },
      { header: 'State', cell: (job) => <span className={`state state-${job.state}`}>{job.state}</span> },
      { header: 'Runner', cell: (job) => or(job.runner) },
      { header: 'Destination', cell: (job) => or(job.destinationId) },
      { header: 'External id', cell: (job) => or(job.externalId) },
      // More than one: the job was resubmitted (job_conf.xml <resubmit>); its screen lists each run.
      { header: 'Attempts', cell: (job) => (job.attempts.length > 1 ? <Link to={`/jobs/${job.id}`}>{job.attempts.length}</Link> : job.attempts.length || '—') },
      { header: 'Created', cell: (job) => time(job.createTime) },
      { header: 'Updated', cell: (job) => time(job.updateTime) },
      {
        header: 'Actions',
        hideHeader: true,
        cell: (job) =>
          ACTIVE_STATES.includes(job.state) ? (
            <button type="button" aria-label={`Cancel job ${job.id}`} disabled={cancelling.fetching} onClick={() => void cancelJobs([job.id])}>
              Cancel
            </button>
          ) : null,
      },
    ],
    [selected, cancelling.fetching, reason],
  );

  const field = (name: (typeof FILTERS)[number], label: string, type = 'text', placeholder?: string) => (
    <label>
      {label}
      <input type={type} value={draft[name] ?? ''} placeholder={placeholder} onChange={(event) => setDraft({ ...draft, [name]: event.target.value })} />
    </label>
  );
  return (
    <Page title="Jobs">
      <JobLockControl />
      <JobCounts />
      <DestinationMemory />
      <section aria-labelledby="job-list-heading" className="admin-section">
        <h2 id="job-list-heading">Queue and history</h2>
        <form role="search" aria-label="Filter the jobs" className="admin-filters" onSubmit={apply}>
          <label>
            State
            <select value={draft.state ?? ''} onChange={(event) => setDraft({ ...draft, state: event.target.value })}>
              <option value="">any</option>
              {STATE_CHOICES.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </select>
          </label>
          {field('tool', 'Tool id', 'text', 'cat1')}
          {field('user', 'User (email)')}
          {field('destination', 'Destination')}
          {field('since', 'Updated from', 'date')}
          {field('until', 'Updated until', 'date')}
          <button type="submit">Filter</button>
        </form>
        <div className="admin-actions">
          <label>
            Reason (shown with the cancelled job)
            <input type="text" value={reason} onChange={(event) => setReason(event.target.value)} />
          </label>
          <button type="button" disabled={selected.size === 0 || cancelling.fetching} onClick={() => void cancelJobs([...selected])}>
            Cancel selected jobs{selected.size ? ` (${selected.size})` : ''}
          </button>
          <button type="button" onClick={() => setRefreshed((n) => n + 1)}>
            Refresh the list
          </button>
        </div>
        {cancelling.error && <ErrorMessage error={cancelling.error} what="Could not cancel the jobs" />}
        <p role="status">{said}</p>
        <CursorPagedTable
          usePage={usePage}
          columns={columns}
          rowKey={(job) => job.id}
          caption="Jobs, newest update first"
          empty="No job matches the filter."
          errorWhat="Could not list the jobs"
          resetKey={`${JSON.stringify(filters)}|${refreshed}`}
          moreLabel="Show older jobs"
        />
      </section>
    </Page>
  );
}
