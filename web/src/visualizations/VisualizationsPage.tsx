import { Link } from 'react-router-dom';
import { useQuery } from 'urql';
import { useViewer } from '../account/viewer';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { NewVisualizationForm } from './NewVisualizationForm';
import { VisualizationsQuery } from './visualization-documents';

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
    <Page title="Visualizations">
      {viewer && !user && (
        <p>
          Sign in to keep your visualizations. Everybody's published ones are on the <Link to="/published">Published</Link> screen.
        </p>
      )}
      {user && <NewVisualizationForm />}
      <ErrorMessage error={user ? result.error : undefined} what="Could not list the visualizations" />
      {user && !visualizations && result.fetching && <p role="status">Loading visualizations…</p>}
      {visualizations && visualizations.length === 0 && <p>No visualizations yet.</p>}
      {visualizations && visualizations.length > 0 && (
        <div className="table-scroll">
          <table>
            <caption className="visually-hidden">Your visualizations, then those shared with you and the published ones</caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Type</th>
                <th scope="col">Genome build</th>
                <th scope="col">Owner</th>
                <th scope="col">Updated</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {visualizations.map((visualization) => (
                <tr key={visualization.id}>
                  <th scope="row">
                    <Link to={`/visualizations/${visualization.id}`}>{visualization.title}</Link>
                  </th>
                  <td>{visualization.type}</td>
                  <td>{visualization.dbkey ?? ''}</td>
                  <td>{visualization.owner === me ? 'you' : (visualization.owner ?? '')}</td>
                  <td>{new Date(visualization.updateTime).toLocaleString()}</td>
                  <td className="actions">
                    {visualization.owner === me && (
                      <Link to={`/sharing/visualizations/${visualization.id}`} aria-label={`Share ${visualization.title}`}>
                        Share
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}
