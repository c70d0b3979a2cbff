import { Link } from 'react-router-dom';
import { useQuery } from 'urql';
import { CreatingJobQuery } from './job-documents';

/** The tool form filled in from a job ("Run this job again"). */
export const rerunPath = (toolId: string, jobId: string) => `/tools/${encodeURIComponent(toolId)}?rerun=${encodeURIComponent(jobId)}`;

/**
 * A dataset's "View details" (the job that made it) and "Run this job again" (its tool's form filled
 * in from that job; not for uploads), for the open line of the history panel: the creating job is
 * read when the line opens, not with the panel's page.
 */
export function DatasetJobLinks({ datasetId }: { datasetId: string }) {
  const [result] = useQuery({ query: CreatingJobQuery, variables: { id: datasetId } });
  const job = result.data?.dataset.creatingJob;
  if (!job) return null;
  return (
    <>
      <Link to={`/jobs/${job.id}`}>View details</Link>
      {job.toolId !== 'upload1' && <Link to={rerunPath(job.toolId, job.id)}>Run this job again</Link>}
    </>
  );
}
