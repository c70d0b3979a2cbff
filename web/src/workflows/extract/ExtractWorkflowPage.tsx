import { type FormEvent, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Page } from '../../ui/Page';
import { ExtractHistoryQuery, ExtractWorkflowMutation, HistoryJobsQuery } from './extract-documents';
import { extractionCandidates } from './extraction-candidates';

/**
 * `/histories/:historyId/extract-workflow`, 15.05's "Extract Workflow": the history's jobs with their
 * outputs, each with "include", and the datasets not made by a job here as candidate inputs; a
 * name; "Create Workflow" makes it as the contract's extraction does, then offers Edit and Run.
 */
export function ExtractWorkflowPage() {
  const { historyId = '' } = useParams();
  const [historyResult] = useQuery({ query: ExtractHistoryQuery, variables: { id: historyId } });
  const [jobsResult] = useQuery({ query: HistoryJobsQuery, variables: { historyId }, requestPolicy: 'network-only' });
  const history = historyResult.data?.history;
  const candidates = useMemo(() => extractionCandidates(historyId, jobsResult.data?.jobs ?? []), [historyId, jobsResult.data]);
  const [excludedJobs, setExcludedJobs] = useState<ReadonlySet<string>>(new Set());
  const [excludedInputs, setExcludedInputs] = useState<ReadonlySet<number>>(new Set());
  const [name, setName] = useState<string | null>(null);
  const [created, extract] = useMutation(ExtractWorkflowMutation);

  if (historyResult.error) return <Page title="Extract Workflow"><ErrorMessage error={historyResult.error} what="Could not open the history" /></Page>;
  if (!history) return <Page title="Extract Workflow"><p role="status">Loading…</p></Page>;
  const workflowName = name ?? `Workflow constructed from history '${history.name}'`;
  const toggle = <T,>(set: ReadonlySet<T>, value: T): Set<T> => {
    const next = new Set(set);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    return next;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void extract({
      input: {
        fromHistoryId: history.id,
        jobIds: candidates.jobs.filter((job) => !excludedJobs.has(job.id)).map((job) => job.id),
        datasetIds: candidates.inputs.filter((input) => !excludedInputs.has(input.hid)).map((input) => input.hid),
        workflowName: workflowName.trim(),
      },
    });
  };
  const workflow = created.data?.extractWorkflow;

  return (
    <Page title="Extract Workflow">
      <Breadcrumbs crumbs={[{ label: history.name, to: `/histories/${history.id}` }, { label: 'Extract Workflow' }]} />
      {!history.viewerCan.change ? (
        <p>Only the owner of this history extracts a workflow from it.</p>
      ) : workflow ? (
        <div role="status" className="panel">
          <p>
            Workflow <Link to={`/workflows/${workflow.id}`}>{workflow.name}</Link> created with {workflow.stepCount} steps.
          </p>
          <div className="actions">
            <Link to={`/workflows/${workflow.id}/edit`}>Edit</Link>
            <Link to={`/workflows/${workflow.id}/run`}>Run</Link>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} aria-label="Extract Workflow" className="extract-workflow">
          <p className="muted">
            The jobs of this history become the workflow's steps and the datasets they started from its inputs: leave out what the workflow should not do.
          </p>
          <label>
            Workflow name
            <input required value={workflowName} onChange={(event) => setName(event.target.value)} />
          </label>
          <ErrorMessage error={jobsResult.error} what="Could not list the history's jobs" />
          {jobsResult.fetching && !jobsResult.data && <p role="status">Loading the jobs…</p>}
          <fieldset>
            <legend>Inputs</legend>
            {jobsResult.data && candidates.inputs.length === 0 && <p>No datasets to start from.</p>}
            <ul className="plain-list">
              {candidates.inputs.map((input) => (
                <li key={input.hid}>
                  <label>
                    <input type="checkbox" checked={!excludedInputs.has(input.hid)} onChange={() => setExcludedInputs(toggle(excludedInputs, input.hid))} />
                    Input dataset {input.hid}: {input.name}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <fieldset>
            <legend>Jobs</legend>
            {jobsResult.data && candidates.jobs.length === 0 && <p>No tool was run in this history.</p>}
            <ul className="plain-list">
              {candidates.jobs.map((job) => (
                <li key={job.id}>
                  <label>
                    <input type="checkbox" checked={!excludedJobs.has(job.id)} onChange={() => setExcludedJobs(toggle(excludedJobs, job.id))} aria-label={`Include ${job.toolName} (${job.outputs.map((output) => output.hid).join(', ')})`} />
                    Include {job.toolName}
                  </label>{' '}
                  <span className={`state state-${job.state}`}>{job.state}</span>
                  <ul className="muted">
                    {job.outputs.map((output) => (
                      <li key={output.hid}>
                        {output.hid}: {output.name}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </fieldset>
          <button type="submit" disabled={created.fetching || !workflowName.trim()}>
            Create Workflow
          </button>
          <ErrorMessage error={created.error} what="Could not create the workflow" />
        </form>
      )}
    </Page>
  );
}
