import { Link } from 'react-router-dom';
import { useQuery } from 'urql';
import { useViewer } from '../account/viewer';
import { type ResultOf } from '../graphql';
import { ListPage } from '../ui/ListPage';
import { type ListColumn, ListTable } from '../ui/ListTable';
import { NewVisualizationForm } from './NewVisualizationForm';
import { VisualizationsQuery } from './visualization-documents';

type VisualizationSummary = ResultOf<typeof VisualizationsQuery>['visualizations'][number];

/**
 * `/visualizations`: the caller's visualizations, then those shared with them and the published
 * ones (as the graph lists them), each with its owner; a form makes a new one.
 */
export function VisualizationsPage() {
  const { viewer } = useViewer();
  const user = viewer?.user ?? null;
  const [result] = useQuery({ query: VisualizationsQuery, pause: !user });
  const visualizations = user ? result.data?.visualizations : undefined;
  const me = user?.username ?? null;
  return (
    <ListPage
      title="Visualizations"
      toolbar={
        <>
          {viewer && !user && (
            <p>
              Sign in to keep your visualizations. Everybody's published ones are on the <Link to="/published">Published</Link> screen.
            </p>
          )}
          {user && <p className="muted">To chart a tabular dataset (bar, line, scatter, histogram, box plot), choose "Visualize" on it in the history panel.</p>}
          {user && <NewVisualizationForm />}
        </>
      }
      error={user ? result.error : undefined}
      errorWhat="Could not list the visualizations"
      loading={user && !visualizations && result.fetching && 'Loading visualizations…'}
    >
      <ListTable
        caption="Your visualizations, then those shared with you and the published ones"
        columns={visualizationColumns(me)}
        rows={visualizations}
        rowKey={(visualization) => visualization.id}
        empty="No visualizations yet."
      />
    </ListPage>
  );
}

const visualizationColumns = (me: string | null): Array<ListColumn<VisualizationSummary>> => [
  { header: 'Title', rowHeader: true, cell: (visualization) => <Link to={`/visualizations/${visualization.id}`}>{visualization.title}</Link> },
  { header: 'Type', cell: (visualization) => visualization.type },
  { header: 'Genome build', cell: (visualization) => visualization.dbkey ?? '' },
  { header: 'Owner', cell: (visualization) => (visualization.owner === me ? 'you' : (visualization.owner ?? '')) },
  { header: 'Updated', cell: (visualization) => new Date(visualization.updateTime).toLocaleString() },
  {
    header: 'Actions',
    hideHeader: true,
    className: 'actions',
    cell: (visualization) =>
      visualization.owner === me && (
        <Link to={`/sharing/visualizations/${visualization.id}`} aria-label={`Share ${visualization.title}`}>
          Share
        </Link>
      ),
  },
];
