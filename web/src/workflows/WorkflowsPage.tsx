import { Link, useSearchParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { useViewer } from '../account/viewer';
import { type ResultOf } from '../graphql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { ImportWorkflowForm } from './ImportWorkflowForm';
import { WorkflowsQuery } from './workflow-documents';

type WorkflowSummary = ResultOf<typeof WorkflowsQuery>['workflows'][number];
type ListName = 'own' | 'shared' | 'published';

const LISTS: Array<{ name: ListName; label: string }> = [
  { name: 'own', label: 'My workflows' },
  { name: 'shared', label: 'Shared with me' },
  { name: 'published', label: 'Published' },
];

const listOf = (value: string | null): ListName => (value === 'shared' || value === 'published' ? value : 'own');

/** `/workflows`: the caller's workflows, those shared with them, and everybody's published ones. */
export function WorkflowsPage() {
  const [search] = useSearchParams();
  const list = listOf(search.get('list'));
  const { viewer } = useViewer();
  const me = viewer?.user?.username ?? null;
  const [result] = useQuery({ query: WorkflowsQuery, variables: { showPublished: list === 'published' } });
  const all = result.data?.workflows ?? [];
  const shown = all.filter((workflow) => (list === 'own' ? workflow.owner === me : list === 'shared' ? workflow.owner !== me && !workflow.published : workflow.published));
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
      {list === 'own' && viewer?.user && <ImportWorkflowForm />}
      {list === 'own' && viewer && !viewer.user && <p>Sign in to keep and run your own workflows.</p>}
      <ErrorMessage error={result.error} what="Could not list the workflows" />
      {result.fetching && !result.data && <p role="status">Loading workflows…</p>}
      {result.data && shown.length === 0 && <p>No workflows here.</p>}
      {shown.length > 0 && <WorkflowTable caption={label} workflows={shown} showOwner={list !== 'own'} />}
    </Page>
  );
}

function WorkflowTable({ caption, workflows, showOwner }: { caption: string; workflows: WorkflowSummary[]; showOwner: boolean }) {
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
                <Link to={`/workflows/${workflow.id}/run`} aria-label={`Run ${workflow.name}`}>
                  Run
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
