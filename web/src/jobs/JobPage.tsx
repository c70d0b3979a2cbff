import { Fragment } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { JobAttempts } from './JobAttempts';
import { type JobDetails, JobDetailsQuery } from './job-documents';
import { metricRows } from './job-metrics';
import { JobParameters } from './JobParameters';
import { rerunPath } from './DatasetJobLinks';
import './jobs.css';

/** `/jobs/:jobId` ("View details"): what a job ran, on what, with which parameters, and how it went. */
export function JobPage() {
  const { jobId = '' } = useParams();
  const [result] = useQuery({ query: JobDetailsQuery, variables: { id: jobId } });
  const job = result.data?.job;
  if (!job) {
    return (
      <Page title="Job details">
        <ErrorMessage error={result.error} what="Could not open the job" />
        {result.fetching && <p role="status">Loading…</p>}
      </Page>
    );
  }
  return <JobView job={job} />;
}

const when = (time: unknown) => new Date(String(time)).toLocaleString();

function JobView({ job }: { job: JobDetails }) {
  const historyId = job.history?.id ?? null;
  const metrics = metricRows(job.metrics);
  const admin = job.commandLine !== null || job.runner !== null || job.destinationId !== null || job.externalId !== null;
  return (
    <Page title="Job details">
      <p className="job-links">
        {job.toolInstalled && job.toolId !== 'upload1' && <Link to={rerunPath(job.toolId, job.id)}>Run this job again</Link>}
        {historyId && <Link to={`/histories/${historyId}`}>Its history</Link>}
      </p>
      <dl className="facts" aria-label="Job">
        <dt>Tool</dt>
        <dd>
          {job.toolName ?? job.toolId} <span className="muted">(version {job.toolVersion})</span>
        </dd>
        <dt>State</dt>
        <dd className={`state state-${job.state}`}>{job.state}</dd>
        <dt>Exit code</dt>
        <dd data-testid="exit-code">{job.exitCode ?? '—'}</dd>
        <dt>Created</dt>
        <dd>{when(job.createTime)}</dd>
        <dt>Updated</dt>
        <dd>{when(job.updateTime)}</dd>
        {job.info && (
          <>
            <dt>Info</dt>
            <dd>{job.info}</dd>
          </>
        )}
      </dl>

      <h2>Parameters</h2>
      {!job.toolInstalled && <p className="notice">The tool {job.toolId} is no longer installed: the parameters are shown by their stored names.</p>}
      {job.parameters.length ? <JobParameters parameters={job.parameters} historyId={historyId} /> : <p className="muted">No parameters.</p>}

      <h2>Inputs</h2>
      {job.inputs.length === 0 && job.inputCollections.length === 0 ? (
        <p className="muted">No input datasets.</p>
      ) : (
        <ul aria-label="Input datasets">
          {job.inputCollections.map((input) => (
            <li key={`c-${input.name}-${input.collection.id}`}>
              {input.collection.hid !== null && historyId ? (
                <Link to={`/histories/${historyId}/collections/${input.collection.id}`}>
                  {input.collection.hid}: {input.collection.name}
                </Link>
              ) : (
                'a collection no longer there'
              )}{' '}
              <span className="muted">(collection, {input.name})</span>
            </li>
          ))}
          {job.inputs.map((input) => (
            <li key={`d-${input.name}-${input.dataset?.id ?? ''}`}>
              {input.dataset ? (
                <Link to={`/datasets/${input.dataset.id}`}>
                  {input.dataset.hid}: {input.dataset.name}
                </Link>
              ) : (
                'a dataset no longer there'
              )}{' '}
              <span className="muted">({input.name})</span>
            </li>
          ))}
        </ul>
      )}

      <h2>Outputs</h2>
      {job.outputs.length === 0 ? (
        <p className="muted">No outputs.</p>
      ) : (
        <ul aria-label="Outputs">
          {job.outputs.map((output) => (
            <li key={`${output.name}-${output.dataset?.id ?? ''}`}>
              {output.dataset ? (
                <Link to={`/datasets/${output.dataset.id}`}>
                  {output.dataset.hid}: {output.dataset.name}
                </Link>
              ) : (
                'a dataset no longer there'
              )}{' '}
              <span className="muted">
                ({output.name}
                {output.dataset && `, ${output.dataset.state}`})
              </span>
            </li>
          ))}
        </ul>
      )}

      <h2>Standard output</h2>
      <pre className="job-text" aria-label="Standard output">{job.stdout || '(empty)'}</pre>
      <h2>Standard error</h2>
      <pre className="job-text" aria-label="Standard error">{job.stderr || '(empty)'}</pre>

      <JobAttempts attempts={job.attempts} admin={admin} />

      <h2>Job metrics</h2>
      {metrics.length === 0 ? (
        <p className="muted">None recorded (yet).</p>
      ) : (
        <dl className="facts" aria-label="Job metrics">
          {metrics.map((metric) => (
            <Fragment key={metric.name}>
              <dt>{metric.title}</dt>
              <dd>{metric.value}</dd>
            </Fragment>
          ))}
        </dl>
      )}

      {admin && (
        <>
          <h2>For administrators</h2>
          <dl className="facts" aria-label="For administrators">
            <dt>Command line</dt>
            <dd>
              <code className="job-command">{job.commandLine ?? '—'}</code>
            </dd>
            <dt>Destination</dt>
            <dd>{job.destinationId ?? '—'}</dd>
            <dt>Runner</dt>
            <dd>{job.runner ?? '—'}</dd>
            <dt>External id</dt>
            <dd>{job.externalId ?? '—'}</dd>
          </dl>
        </>
      )}
    </Page>
  );
}
