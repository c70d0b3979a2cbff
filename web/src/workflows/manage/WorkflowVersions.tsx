import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { RevertWorkflowMutation, WorkflowVersionsQuery } from './manage-documents';
import { VersionSteps } from './VersionSteps';

/**
 * A workflow's versions, newest first, with their step count and time: "View" shows a version's
 * steps, "Revert to this version" (for whoever may change it) makes a new latest version equal to it.
 */
export function WorkflowVersions({ workflowId, mayChange }: { workflowId: string; mayChange: boolean }) {
  const [result] = useQuery({ query: WorkflowVersionsQuery, variables: { id: workflowId } });
  const [reverted, revert] = useMutation(RevertWorkflowMutation);
  const [shown, setShown] = useState<string | null>(null);
  const versions = result.data?.workflow.versions ?? [];
  return (
    <section aria-labelledby="versions-title">
      <h2 id="versions-title">Versions</h2>
      <ErrorMessage error={result.error} what="Could not list the versions" />
      <ErrorMessage error={reverted.error} what="Could not revert" />
      <ol className="versions" reversed>
        {versions.map((version, index) => {
          const number = versions.length - index;
          const open = shown === version.id;
          return (
            <li key={version.id} aria-label={`Version ${number}`}>
              <strong>Version {number}</strong>
              {index === 0 && <span className="badge">latest</span>}{' '}
              <span className="muted">
                {version.stepCount} steps · {new Date(version.createTime).toLocaleString()}
              </span>{' '}
              <button type="button" aria-expanded={open} onClick={() => setShown(open ? null : version.id)}>
                View
              </button>
              {mayChange && index > 0 && (
                <button type="button" disabled={reverted.fetching} onClick={() => revert({ id: workflowId, versionId: version.id })}>
                  Revert to this version
                </button>
              )}
              {open && <VersionSteps steps={version.steps} label={`Steps of version ${number}`} />}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
