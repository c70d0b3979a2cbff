import { type TypedDocumentNode, useQuery } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { ItemList, type ListedItem } from './ItemList';
import { byOwner } from './owner';
import { PublishedHistoriesQuery, PublishedPagesQuery, PublishedVisualizationsQuery, PublishedWorkflowsQuery } from './sharing-documents';

/**
 * `/published`: what every user published: histories, workflows, pages, visualizations, each with
 * its owner. One query each, so a refusal of one list leaves the others; visitors see them all.
 */
export function PublishedPage() {
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
            detail: byOwner(history.owner, `${history.count} datasets`),
          }))
        }
      />
      <PublishedSection
        heading="Workflows"
        empty="No published workflows."
        query={PublishedWorkflowsQuery}
        items={(data) => data.publishedWorkflows.map((workflow) => ({ id: workflow.id, title: workflow.name, to: `/workflows/${workflow.id}`, detail: byOwner(workflow.owner) }))}
      />
      <PublishedSection
        heading="Pages"
        empty="No published pages."
        query={PublishedPagesQuery}
        items={(data) => data.publishedPages.map((page) => ({ id: page.id, title: page.title, to: `/pages/${page.id}`, detail: byOwner(page.owner) }))}
      />
      <PublishedSection
        heading="Visualizations"
        empty="No published visualizations."
        query={PublishedVisualizationsQuery}
        items={(data) =>
          data.publishedVisualizations.map((visualization) => ({
            id: visualization.id,
            title: visualization.title,
            to: `/visualizations/${visualization.id}`,
            detail: byOwner(visualization.owner, visualization.type),
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
