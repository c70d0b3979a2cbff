import { Link, useSearchParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { useViewer } from '../account/viewer';
import { type ResultOf } from '../graphql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { ImportWorkflowForm } from './ImportWorkflowForm';
import { PublishedWorkflowListQuery, SharedWorkflowsQuery, type WorkflowSummaryFields, WorkflowsQuery } from './workflow-documents';

type WorkflowSummary = ResultOf<typeof WorkflowSummaryFields>;
type ListName = 'own' | 'shared' | 'published';

const LISTS: Array<{ name: ListName; label: string }> = [
  { name: 'own', label: 'My workflows' },
  { name: 'shared', label: 'Shared with me' },
  { name: 'published', label: 'Published' },
];

const listOf = (value: string | null): ListName => (value === 'shared' || value === 'published' ? value : 'own');

/**
 * `/workflows`: the caller's workflows, those shared with them (`?list=shared`), and everybody's
 * published ones (`?list=published`, visitors too): each list its own query, asked only when shown.
 */
export function WorkflowsPage() {
  const [search] = useSearchParams();
  const list = listOf(search.get('list'));
  const { viewer } = useViewer();
  const user = viewer?.user ?? null;
  const me = user?.username ?? null;
  const [own] = useQuery({ query: WorkflowsQuery, pause: list !== 'own' || !user });
  const [shared] = useQuery({ query: SharedWorkflowsQuery, pause: list !== 'shared' || !user });
  const [published] = useQuery({ query: PublishedWorkflowListQuery, pause: list !== 'published' });
  const result = list === 'own' ? own : list === 'shared' ? shared : published;
  const shown: WorkflowSummary[] | undefined =
    list === 'own'
      ? own.data?.workflows.filter((workflow) => workflow.owner === me)
      : list === 'shared'
        ? shared.data?.workflowsSharedWithMe
        : published.data?.publishedWorkflows;
  const needsUser = list !== 'published' && viewer !== undefined && !user;
  const label = LISTS.find((entry) => entry.name === list)?.label ?? 'Workflows';

  return (
    <Page title="Workflows">
      <nav aria-label="Workflow lists">
        <ul className="tabs">
          {LISTS.map((entry) => (
            <li key={entry.name}>
              <Link to={entry.name === 'own' ? '/workflows' : `/workflows?list=${entry.name}`} aria-current={entry.name === list ? 'page' : undefined}>
                {entry.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {list === 'own' && user && <ImportWorkflowForm />}
      {needsUser && <p>{list === 'own' ? 'Sign in to keep and run your own workflows.' : 'Sign in to see the workflows shared with you.'}</p>}
      <ErrorMessage error={result.error} what="Could not list the workflows" />
      {result.fetching && !shown && <p role="status">Loading workflows…</p>}
      {shown && shown.length === 0 && <p>No workflows here.</p>}
      {shown && shown.length > 0 && <WorkflowTable caption={label} workflows={shown} showOwner={list !== 'own'} showRun={Boolean(user)} />}
    </Page>
  );
}

function WorkflowTable({ caption, workflows, showOwner, showRun }: { caption: string; workflows: WorkflowSummary[]; showOwner: boolean; showRun: boolean }) {
  return (
    <div className="table-scroll">
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            {showOwner && <th scope="col">Owner</th>}
            <th scope="col">Steps</th>
            <th scope="col">Updated</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {workflows.map((workflow) => (
            <tr key={workflow.id}>
              <th scope="row">
                <Link to={`/workflows/${workflow.id}`}>{workflow.name}</Link>
                {workflow.published && <span className="badge">published</span>}
              </th>
              {showOwner && <td>{workflow.owner}</td>}
              <td>{workflow.stepCount}</td>
              <td>{new Date(workflow.updateTime).toLocaleString()}</td>
              <td className="actions">
                {showRun && (
                  <Link to={`/workflows/${workflow.id}/run`} aria-label={`Run ${workflow.name}`}>
                    Run
                  </Link>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
