import { Link } from 'react-router-dom';
import type { RerunJob } from '../jobs/job-documents';

/**
 * Says the form is filled in from a job (named, with a link to its details) and, for a failed job of
 * a map over a collection, offers to put the new output in the failed element's place.
 */
export function RerunNotice({ job, toolVersion, currentHistoryId, replace, onReplace }: { job: RerunJob; toolVersion: string; currentHistoryId: string | undefined; replace: boolean; onReplace(replace: boolean): void }) {
  const state = job.rerunState;
  const elsewhere = job.history !== null && currentHistoryId !== undefined && job.history.id !== currentHistoryId;
  const outputs = job.outputs.flatMap((output) => (output.dataset ? [`${output.dataset.hid}: ${output.dataset.name}`] : []));
  const elements = state?.mappedElements ?? [];
  return (
    <div className="notice rerun-notice" role="note" aria-label="Run this job again">
      <p>
        Filled in from <Link to={`/jobs/${job.id}`}>the job</Link> of {job.toolName ?? job.toolId} that made {outputs.length ? outputs.join(', ') : 'no output'} ({job.state}).
        {state && state.toolVersion !== toolVersion && ` The job ran version ${state.toolVersion}; this form runs version ${toolVersion}.`}
      </p>
      {elements.length > 0 && (
        <p>
          The job ran on one element of a collection: its output is element {elements.map((element) => `${element.elementPath.join(' / ')} of ${element.collectionHid}: ${element.collectionName}`).join(', ')}.
        </p>
      )}
      {elsewhere && job.history && (
        <p>
          The job ran in another history ({job.history.name}): its datasets are chosen here only where they are in the current history
          {state?.remappable && ', and its failed element can be replaced only from that history'}.
        </p>
      )}
      {state?.remappable && !elsewhere && (
        <label className="choice">
          <input type="checkbox" checked={replace} onChange={(event) => onReplace(event.target.checked)} /> Replace the failed element in its collection
        </label>
      )}
    </div>
  );
}
