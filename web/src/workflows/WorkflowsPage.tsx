import { Link, useSearchParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { useViewer } from '../account/viewer';
import { type ResultOf } from '../graphql';
import { ListPage } from '../ui/ListPage';
import { type ListColumn, ListTable } from '../ui/ListTable';
import { ImportWorkflowForm } from './ImportWorkflowForm';
import { DeletedWorkflows } from './manage/DeletedWorkflows';
import { ImportWorkflowUrlForm } from './manage/ImportWorkflowUrlForm';
import { WorkflowRowActions } from './manage/WorkflowRowActions';
import { PublishedWorkflowListQuery, SharedWorkflowsQuery, type WorkflowSummaryFields, WorkflowsQuery } from './workflow-documents';

type WorkflowSummary = ResultOf<typeof WorkflowSummaryFields>;
type ListName = 'own' | 'shared' | 'published' | 'deleted';

const LISTS: Array<{ name: ListName; label: string }> = [
  { name: 'own', label: 'My workflows' },
  { name: 'shared', label: 'Shared with me' },
  { name: 'published', label: 'Published' },
  { name: 'deleted', label: 'Deleted' },
];

const listOf = (value: string | null): ListName => (value === 'shared' || value === 'published' || value === 'deleted' ? value : 'own');

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
    <ListPage
      title="Workflows"
      toolbar={
        <>
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
          {list === 'own' && user && (
            <>
              <p>
                <Link to="/workflows/new">Create new workflow</Link>
              </p>
              <ImportWorkflowForm />
              <ImportWorkflowUrlForm />
            </>
          )}
          {needsUser && <p>{list === 'shared' ? 'Sign in to see the workflows shared with you.' : 'Sign in to keep and run your own workflows.'}</p>}
        </>
      }
      error={result.error}
      errorWhat="Could not list the workflows"
      loading={result.fetching && !shown && 'Loading workflows…'}
    >
      {list === 'deleted' ? (
        user && <DeletedWorkflows />
      ) : (
      <ListTable
        caption={label}
        columns={workflowColumns(list !== 'own', Boolean(user), list === 'own')}
        rows={shown}
        rowKey={(workflow) => workflow.id}
        empty="No workflows here."
      />
      )}
    </ListPage>
  );
}

const workflowColumns = (showOwner: boolean, showRun: boolean, own: boolean): Array<ListColumn<WorkflowSummary>> => [
  {
    header: 'Name',
    rowHeader: true,
    cell: (workflow) => (
      <>
        <Link to={`/workflows/${workflow.id}`}>{workflow.name}</Link>
        {workflow.published && <span className="badge">published</span>}
      </>
    ),
  },
  ...(showOwner ? [{ header: 'Owner', cell: (workflow: WorkflowSummary) => workflow.owner }] : []),
  { header: 'Steps', cell: (workflow) => workflow.stepCount },
  { header: 'Updated', cell: (workflow) => new Date(workflow.updateTime).toLocaleString() },
  {
    header: 'Actions',
    hideHeader: true,
    className: 'actions',
    cell: (workflow) => (
      <>
        {showRun && (
          <Link to={`/workflows/${workflow.id}/run`} aria-label={`Run ${workflow.name}`}>
            Run
          </Link>
        )}
        {own && <WorkflowRowActions workflow={workflow} />}
      </>
    ),
  },
];
