import { graphql } from '../graphql';

export const UpdateDatasetMutation = graphql(`
  mutation UpdateDataset($historyId: ID!, $id: ID!, $changes: JSONObject!) {
    updateDataset(historyId: $historyId, id: $id, changes: $changes) {
      id
      name
      visible
      deleted
      updateTime
    }
  }
`);

export const DeleteDatasetMutation = graphql(`
  mutation DeleteDataset($historyId: ID!, $id: ID!) {
    deleteDataset(historyId: $historyId, id: $id) {
      id
      deleted
    }
  }
`);

/** The platform's download of a dataset in its own format. */
export const downloadUrl = (datasetId: string, extension: string) =>
  `/api/datasets/${encodeURIComponent(datasetId)}/display?to_ext=${encodeURIComponent(extension)}`;
