import { useQuery } from 'urql';
import { graphql, type ResultOf } from '../graphql';

const HistoryChoicesQuery = graphql(`
  query ToolHistoryChoices($historyId: ID!) {
    historyItemsPage(historyId: $historyId, first: 1000, newestFirst: true, deleted: false, visible: true) {
      edges {
        node {
          __typename
          ... on HistoryContent {
            id
            hid
            name
            extension
            state
          }
          ... on HistoryDatasetCollection {
            id
            hid
            name
            collectionType
          }
        }
      }
    }
  }
`);

type Node = ResultOf<typeof HistoryChoicesQuery>['historyItemsPage']['edges'][number]['node'];
export type DatasetChoice = Extract<Node, { __typename: 'HistoryContent' }>;
export type CollectionChoice = Extract<Node, { __typename: 'HistoryDatasetCollection' }>;

export interface HistoryChoices {
  datasets: DatasetChoice[];
  collections: CollectionChoice[];
  fetching: boolean;
  error: ReturnType<typeof useQuery>[0]['error'];
}

/** The current history's datasets and collections (the newest 1000) that data inputs choose from. */
export function useHistoryChoices(historyId: string | undefined): HistoryChoices {
  const [result] = useQuery({ query: HistoryChoicesQuery, variables: { historyId: historyId ?? '' }, pause: !historyId, requestPolicy: 'cache-and-network' });
  const nodes = result.data?.historyItemsPage.edges.map((edge) => edge.node) ?? [];
  return {
    datasets: nodes.filter((node): node is DatasetChoice => node.__typename === 'HistoryContent'),
    collections: nodes.filter((node): node is CollectionChoice => node.__typename === 'HistoryDatasetCollection'),
    fetching: result.fetching,
    error: result.error,
  };
}

/**
 * Datasets the input accepts first (its formats and their subtypes, as the graph lists them: a
 * tabular input takes bed), the others after them under "Other formats".
 */
export function splitByFormat(datasets: DatasetChoice[], input: { formats: readonly string[]; acceptedExtensions: readonly string[] }): { matching: DatasetChoice[]; others: DatasetChoice[] } {
  if (input.formats.length === 0 || input.formats.includes('data')) return { matching: datasets, others: [] };
  const accepted = new Set([...input.formats, ...input.acceptedExtensions]);
  return { matching: datasets.filter((dataset) => accepted.has(dataset.extension)), others: datasets.filter((dataset) => !accepted.has(dataset.extension)) };
}

/** Collections of an accepted type (list, paired, list:paired…); every one when the input names none. */
export const collectionsOfTypes = (collections: CollectionChoice[], types: readonly string[]) =>
  types.length === 0 ? collections : collections.filter((collection) => types.includes(collection.collectionType));
