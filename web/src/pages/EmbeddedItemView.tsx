import { isChartType, parseChartConfig } from '../visualizations/charts/chart-config';
import { LazySavedChart } from '../visualizations/charts/lazy-chart-screens';
import { Link } from 'react-router-dom';
import { type ResultOf } from '../graphql';
import { peekLines } from '../datasets/peek-lines';
import { EMBED_TITLE_WORD, type EmbedKind } from './markdown/page-blocks';
import { type PageWithEmbedsQuery } from './page-documents';

type PageEmbed = NonNullable<ResultOf<typeof PageWithEmbedsQuery>['page']>['embeds'][number];

/**
 * One embedded item as the page's reader may see it (the graph read it with their rights): a
 * history's name and first datasets, a dataset's name and peek, a workflow's steps, a
 * visualization's title and type; each with a link to it. An item they may not read (or that is
 * gone) says so and shows nothing of it.
 */
export function EmbeddedItemView({ kind, embed, name }: { kind: EmbedKind; embed: PageEmbed | undefined; name: string }) {
  const word = EMBED_TITLE_WORD[kind];
  const item = embed && readable(embed);
  if (!embed || !item) {
    return (
      <section className="embed-box embed-refused" aria-label={`Embedded ${word.toLowerCase()}${name ? ` ${name}` : ''}`}>
        <p className="embed-title">
          Embedded {word}
          {name && ` '${name}'`}
        </p>
        <p className="notice-inaccessible">{embed ? 'This item is not accessible to you.' : 'Loading…'}</p>
      </section>
    );
  }
  return (
    <section className="embed-box" aria-label={`Embedded ${word.toLowerCase()} ${item.title}`}>
      <p className="embed-title">
        {word} <Link to={item.to}>{item.title}</Link>
      </p>
      {item.body}
    </section>
  );
}

function readable(embed: PageEmbed) {
  if (embed.history) {
    const history = embed.history;
    return {
      title: history.name,
      to: `/histories/${history.id}`,
      body: (
        <>
          <ul className="embed-items">
            {embed.historyItems.map((item) => (
              <li key={item.id}>
                <span className="hid">{item.hid}:</span>{' '}
                {item.accessible ? (
                  <>
                    <Link to={`/datasets/${item.id}`}>{item.name}</Link> <span className="muted">({item.extension}, {item.state})</span>
                  </>
                ) : (
                  <>
                    {item.name} <span className="notice-inaccessible">(not accessible to you)</span>
                  </>
                )}
              </li>
            ))}
          </ul>
          <p className="muted">
            {history.count === 0 ? 'This history is empty.' : `${history.count} item${history.count === 1 ? '' : 's'}${history.count > embed.historyItems.length ? `; the first ${embed.historyItems.length} shown` : ''}.`}
          </p>
        </>
      ),
    };
  }
  if (embed.dataset) {
    const dataset = embed.dataset;
    const lines = dataset.peek ? peekLines(dataset.peek) : [];
    return {
      title: dataset.name,
      to: `/datasets/${dataset.id}`,
      body: (
        <>
          <p className="muted">
            {dataset.extension}, {dataset.state}
          </p>
          {lines.length > 0 ? <pre className="peek">{lines.join('\n')}</pre> : <p className="muted">No peek.</p>}
        </>
      ),
    };
  }
  if (embed.workflow) {
    const workflow = embed.workflow;
    return {
      title: workflow.name,
      to: `/workflows/${workflow.id}`,
      body: (
        <ol className="embed-steps">
          {[...workflow.steps]
            .sort((a, b) => a.orderIndex - b.orderIndex)
            .map((step) => (
              <li key={step.id}>{step.label || step.toolId || (step.type === 'data_input' ? 'Input dataset' : step.type === 'data_collection_input' ? 'Input dataset collection' : step.type)}</li>
            ))}
        </ol>
      ),
    };
  }
  if (embed.visualization) {
    const visualization = embed.visualization;
    // A chart is drawn as on its own screen (read-only here; its dataset read with the reader's rights).
    const chart = isChartType(visualization.type) ? parseChartConfig(visualization.latestRevision?.config) : null;
    return {
      title: visualization.title,
      to: `/visualizations/${visualization.id}`,
      body: (
        <>
          <p className="muted">
            Type {visualization.type}
            {visualization.dbkey && `, genome build ${visualization.dbkey}`}
          </p>
          {chart && <LazySavedChart visualizationId={visualization.id} title={visualization.title} config={chart} editable={false} onSaved={() => undefined} />}
        </>
      ),
    };
  }
  return null;
}
