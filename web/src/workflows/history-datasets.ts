import { useQuery } from 'urql';
import { graphql, type ResultOf } from '../graphql';

const HistoryDatasetsQuery = graphql(`
  query HistoryDatasetsForRun($historyId: ID!) {
    history(id: $historyId) {
      id
      name
    }
    historyContents(historyId: $historyId, deleted: false, visible: true) {
      id
      hid
      name
      extension
      state
    }
    historyCollections(historyId: $historyId, deleted: false, visible: true) {
      id
      hid
      name
      collectionType
      elementCount
    }
  }
`);

export type HistoryDatasetChoice = ResultOf<typeof HistoryDatasetsQuery>['historyContents'][number];
export type HistoryCollectionChoice = ResultOf<typeof HistoryDatasetsQuery>['historyCollections'][number];

/** The visible, live datasets and collections of a history, newest first: what a workflow input may be. */
export function useHistoryDatasets(historyId: string | null | undefined) {
  const [result] = useQuery({ query: HistoryDatasetsQuery, variables: { historyId: historyId ?? '' }, pause: !historyId });
  const datasets = [...(result.data?.historyContents ?? [])].sort((a, b) => b.hid - a.hid);
  const collections = [...(result.data?.historyCollections ?? [])].sort((a, b) => b.hid - a.hid);
  return { historyName: result.data?.history?.name ?? null, datasets, collections, fetching: result.fetching, error: result.error };
}
