import { Link, useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { Breadcrumbs, type Crumb } from '../ui/Breadcrumbs';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { CollectionElementsQuery, type ElementNode } from './collection-documents';
import { collectionUrl, pathTo } from './collection-path';
import { ElementList } from './ElementList';

/**
 * `/histories/:historyId/collections/:collectionId` (and `…/elements/:elementId` for a nested
 * collection): a collection's elements one rank at a time, with the way back up as breadcrumbs.
 */
export function CollectionPage() {
  const { historyId = '', collectionId = '', elementId } = useParams();
  const [result] = useQuery({ query: CollectionElementsQuery, variables: { historyId, id: collectionId } });
  const collection = result.data?.historyCollection;
  if (!collection) {
    return (
      <Page title="Collection">
        <ErrorMessage error={result.error} what="Could not open the collection" />
        {result.fetching && <p role="status">Loading…</p>}
      </Page>
    );
  }

  const historyUrl = `/histories/${encodeURIComponent(historyId)}`;
  const topName = `${collection.hid}: ${collection.name}`;
  const elements: readonly ElementNode[] = collection.elements;
  const path = elementId ? pathTo(elements, elementId) : [];
  const current = path.at(-1);
  const levelUrl = (depth: number) => (depth === 0 ? collectionUrl(historyId, collectionId) : collectionUrl(historyId, collectionId, path[depth - 1].id));
  const crumbs: Crumb[] = [
    { label: result.data?.history?.name ?? 'History', to: historyUrl },
    { label: topName, to: path.length > 0 ? levelUrl(0) : undefined },
    ...path.map((element, index) => ({ label: element.elementIdentifier, to: index < path.length - 1 ? levelUrl(index + 1) : undefined })),
  ];
  const title = [topName, ...path.map((element) => element.elementIdentifier)].join(' / ');
  const back = path.length > 0 ? { to: levelUrl(path.length - 1), label: crumbs[path.length].label } : { to: historyUrl, label: crumbs[0].label };

  if (elementId && !current?.collection) {
    return (
      <Page title={topName}>
        <Breadcrumbs crumbs={crumbs.slice(0, 2)} />
        <p>This collection has no nested collection {elementId}.</p>
      </Page>
    );
  }
  const shown = current?.collection ?? collection;
  const rank: readonly ElementNode[] = current?.collection?.elements ?? elements;

  return (
    <Page key={elementId ?? 'top'} title={title}>
      <Breadcrumbs crumbs={crumbs} />
      <p>
        <Link to={back.to}>Back to {back.label}</Link>
      </p>
      <ErrorMessage error={result.error} />
      <p className="muted">
        {shown.collectionType}, {shown.elementCount} {shown.elementCount === 1 ? 'element' : 'elements'}
        {collection.deleted ? ' · deleted' : ''}
      </p>
      {!shown.populated && <p role="status">This collection is still being filled.</p>}
      {shown.populated && rank.length === 0 && <p>This collection has no elements.</p>}
      <ElementList key={elementId ?? 'top'} elements={rank} label={`Elements of ${title}`} openUrl={(element) => collectionUrl(historyId, collectionId, element.id)} />
    </Page>
  );
}
