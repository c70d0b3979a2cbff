import { graphql } from '../graphql';

/** Chosen library datasets and folders (recursively) into one history, in one request. */
export const ImportLibraryItemsMutation = graphql(`
  mutation ImportLibraryItems($items: LibraryItemsSelection!, $historyId: ID, $newHistoryName: String) {
    importLibraryItemsIntoHistory(items: $items, historyId: $historyId, newHistoryName: $newHistoryName) {
      historyId
      historyName
      imported
      skipped
    }
  }
`);

/** History datasets into a folder, in one request. */
export const AddHistoryDatasetsToFolderMutation = graphql(`
  mutation AddHistoryDatasetsToFolder($folderId: ID!, $hdaIds: [ID!]!) {
    addHistoryDatasetsToFolder(folderId: $folderId, hdaIds: $hdaIds)
  }
`);

/** The caller's histories to pick a target or a source from. */
export const PickableHistoriesQuery = graphql(`
  query PickableHistories {
    histories {
      id
      name
    }
  }
`);

/** A history's active, visible datasets by hid, to pick from. */
export const PickableDatasetsQuery = graphql(`
  query PickableDatasets($historyId: ID!) {
    historyContents(historyId: $historyId, deleted: false, visible: true) {
      id
      hid
      name
      extension
      state
      purged
    }
  }
`);
