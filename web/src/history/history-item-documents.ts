import { graphql, type ResultOf } from '../graphql';

// Not fileSize: historyItemsPage answers null for it while a dataset has no file yet (new, queued),
// which the schema's Int! turns into an error of the whole page. The details screen shows the size.
/**
 * What the history panel shows of a dataset or a collection (the same fields in pages and live
 * changes). Two fragments on the member types, not one on the union: the graph's field lookahead
 * skips a named fragment whose type condition is the union itself (HistoryItem), and then loads the
 * datasets without the fields asked for.
 */
export const HistoryDatasetFields = graphql(`
  fragment HistoryDatasetFields on HistoryContent @_unmask {
    id
    hid
    name
    state
    extension
    peek
    miscBlurb
    miscInfo
    fileSize
    columnDelimiter
    genomeBuild
    visible
    deleted
    purged
    accessible
    annotation
    tags
    historyId
    updateTime
  }
`);

export const HistoryCollectionFields = graphql(`
  fragment HistoryCollectionFields on HistoryDatasetCollection @_unmask {
    id
    hid
    name
    collectionType
    elementCount
    populated
    visible
    deleted
    historyId
    updateTime
  }
`);

/** One page of a history's contents the panel's filter keeps, highest hid first, after a cursor. */
export const HistoryItemsPageQuery = graphql(
  `
    query HistoryItemsPage($historyId: ID!, $first: Int!, $after: String, $filter: HistoryItemFilterInput) {
      historyItemsPage(historyId: $historyId, first: $first, after: $after, filter: $filter, newestFirst: true) {
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
        edges {
          cursor
          node {
            __typename
            ...HistoryDatasetFields
            ...HistoryCollectionFields
          }
        }
      }
    }
  `,
  [HistoryDatasetFields, HistoryCollectionFields],
);

/** Each change of one of the history's items, whichever server process made it. */
export const HistoryItemChangedSubscription = graphql(
  `
    subscription HistoryItemChanged($historyId: ID!, $changedSince: DateTimeISO) {
      historyItemChanged(historyId: $historyId, changedSince: $changedSince) {
        __typename
        ...HistoryDatasetFields
        ...HistoryCollectionFields
      }
    }
  `,
  [HistoryDatasetFields, HistoryCollectionFields],
);

export type HistoryItem = ResultOf<typeof HistoryItemsPageQuery>['historyItemsPage']['edges'][number]['node'];
export type HistoryDatasetItem = Extract<HistoryItem, { __typename: 'HistoryContent' }>;
export type HistoryItemsPage = ResultOf<typeof HistoryItemsPageQuery>['historyItemsPage'];
