import { Link, useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { Breadcrumbs } from '../ui/Breadcrumbs';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { VisualizationQuery } from './visualization-documents';
import { isChartType, parseChartConfig } from './charts/chart-config';
import { LazySavedChart } from './charts/lazy-chart-screens';

/**
 * `/visualizations/:visualizationId`: a chart drawn from its configuration (its owner may edit it and
 * save a new revision), any other visualization's latest configuration as readable JSON; its
 * revisions, and (for whoever may change its sharing: its owner, administrators) the way to its
 * sharing screen. Visitors open published or link-accessible ones.
 */
export function VisualizationPage() {
  const { visualizationId = '' } = useParams();
  const [result, reexecute] = useQuery({ query: VisualizationQuery, variables: { id: visualizationId } });
  const visualization = result.data?.visualization;
  if (result.error && !visualization) return <Page title="Visualization"><ErrorMessage error={result.error} what="Could not open the visualization" /></Page>;
  if (!visualization) return <Page title="Visualization"><p role="status">Loading…</p></Page>;
  const latest = visualization.latestRevision;
  const revisions = visualization.revisionHistory;
  const chart = isChartType(visualization.type) ? parseChartConfig(latest?.config) : null;
  return (
    <Page title={visualization.title} actions={visualization.viewerCan.share ? <Link to={`/sharing/visualizations/${visualization.id}`}>Share or publish</Link> : undefined}>
      <Breadcrumbs crumbs={[{ label: 'Visualizations', to: '/visualizations' }, { label: visualization.title }]} />
      <p className="muted">
        {visualization.type}
        {visualization.dbkey ? ` · ${visualization.dbkey}` : ''} · by {visualization.owner ?? 'an unnamed user'} · updated {new Date(visualization.updateTime).toLocaleString()}
        {visualization.published ? ' · published' : visualization.importable ? ' · accessible by link' : ''}
      </p>
      {chart ? (
        <LazySavedChart
          key={visualization.id}
          visualizationId={visualization.id}
          title={visualization.title}
          config={chart}
          editable={visualization.viewerCan.change}
          onSaved={() => reexecute({ requestPolicy: 'network-only' })}
        />
      ) : (
        <section aria-labelledby="configuration-title">
          <h2 id="configuration-title">Configuration</h2>
          {latest ? (
            <pre className="json-view" aria-label="Configuration of the latest revision" tabIndex={0}>
              {JSON.stringify(latest.config, null, 2)}
            </pre>
          ) : (
            <p>No revision yet.</p>
          )}
        </section>
      )}
      <section aria-labelledby="revisions-title">
        <h2 id="revisions-title">Revisions</h2>
        <ol aria-labelledby="revisions-title">
          {revisions.map((revision) => (
            <li key={revision.id}>
              {revision.title}
              {revision.dbkey ? ` (${revision.dbkey})` : ''} · {new Date(revision.createTime).toLocaleString()}
              {revision.id === latest?.id && <span className="badge">latest</span>}
            </li>
          ))}
        </ol>
      </section>
    </Page>
  );
}
