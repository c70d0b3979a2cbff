import { graphql } from '../../graphql';

/** Hide, Unhide, Delete, Undelete or Purge a selection (by id or by the panel's filter): one request. */
export const ChangeHistoryItemsMutation = graphql(`
  mutation ChangeHistoryItems($historyId: ID!, $selection: HistoryItemSelectionInput!, $operation: HistorySelectionOperation!) {
    changeHistoryItems(historyId: $historyId, selection: $selection, operation: $operation) {
      datasets
      collections
      changed
      stoppedJobs
    }
  }
`);

/** "Copy Datasets" to an existing history or a new one. */
export const CopyHistoryItemsMutation = graphql(`
  mutation CopyHistoryItems($historyId: ID!, $selection: HistoryItemSelectionInput!, $targetHistoryId: ID, $newHistoryName: String) {
    copyHistoryItems(historyId: $historyId, selection: $selection, targetHistoryId: $targetHistoryId, newHistoryName: $newHistoryName) {
      historyId
      datasets
      collections
    }
  }
`);

/** The histories "Copy Datasets" may copy into: the caller's own, not deleted. */
export const CopyTargetsQuery = graphql(`
  query CopyTargets {
    histories(deleted: false) {
      id
      name
      viewerCan {
        addData
      }
    }
  }
`);

/** Many of the history's items changed at once: the panel reads its pages again. */
export const HistoryChangedSubscription = graphql(`
  subscription HistoryChanged($historyId: ID!) {
    historyChanged(historyId: $historyId) {
      historyId
      changed
    }
  }
`);
