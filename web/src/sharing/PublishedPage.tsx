import { type TypedDocumentNode, useQuery } from 'urql';
import { useViewer } from '../account/viewer';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { ItemList, type ListedItem } from './ItemList';
import { PublishedHistoriesQuery, PublishedPagesQuery, PublishedVisualizationsQuery, PublishedWorkflowsQuery } from './sharing-documents';

/**
 * `/published`: what every user published: histories, workflows, pages, visualizations. One query
 * each, so a refusal of one list (the graph lists workflows to signed-in users only) leaves the others.
 */
export function PublishedPage() {
  const { viewer } = useViewer();
  return (
    <Page title="Published">
      <PublishedSection
        heading="Histories"
        empty="No published histories."
        query={PublishedHistoriesQuery}
        items={(data) =>
          data.publishedHistories.map((history) => ({
            id: history.id,
            title: history.name,
            to: `/histories/${history.id}`,
            detail: <span className="muted">{history.count} datasets</span>,
          }))
        }
      />
      {viewer?.user ? (
        <PublishedSection
          heading="Workflows"
          empty="No published workflows."
          query={PublishedWorkflowsQuery}
          items={(data) =>
            data.workflows
              .filter((workflow) => workflow.published)
              .map((workflow) => ({ id: workflow.id, title: workflow.name, to: `/workflows/${workflow.id}`, detail: <span className="muted">by {workflow.owner}</span> }))
          }
        />
      ) : (
        <section aria-labelledby="published-workflows">
          <h2 id="published-workflows">Workflows</h2>
          <p>Sign in to see the published workflows.</p>
        </section>
      )}
      <PublishedSection
        heading="Pages"
        empty="No published pages."
        query={PublishedPagesQuery}
        items={(data) => data.publishedPages.map((page) => ({ id: page.id, title: page.title, to: `/pages/${page.id}` }))}
      />
      <PublishedSection
        heading="Visualizations"
        empty="No published visualizations."
        query={PublishedVisualizationsQuery}
        items={(data) =>
          data.publishedVisualizations.map((visualization) => ({
            id: visualization.id,
            title: visualization.title,
            to: `/api/visualizations/${visualization.id}`,
            external: true,
            detail: <span className="muted">{visualization.type}</span>,
          }))
        }
      />
    </Page>
  );
}

interface SectionProps<Data> {
  heading: string;
  empty: string;
  query: TypedDocumentNode<Data, object>;
  items(data: Data): ListedItem[];
}

function PublishedSection<Data>({ heading, empty, query, items }: SectionProps<Data>) {
  const [result] = useQuery<Data, object>({ query });
  if (result.data) return <ItemList heading={heading} empty={empty} items={items(result.data)} />;
  if (result.error) {
    return (
      <section>
        <h2>{heading}</h2>
        <ErrorMessage error={result.error} what={`Could not list the published ${heading.toLowerCase()}`} />
      </section>
    );
  }
  return <p role="status">Loading {heading.toLowerCase()}…</p>;
}
