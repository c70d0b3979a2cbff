import { graphql } from '../graphql';

export const UpdateDatasetMutation = graphql(`
  mutation UpdateDataset($historyId: ID!, $id: ID!, $changes: JSONObject!) {
    updateDataset(historyId: $historyId, id: $id, changes: $changes) {
      id
      name
      visible
      deleted
      purged
      annotation
      tags
      updateTime
    }
  }
`);

export const DeleteDatasetMutation = graphql(`
  mutation DeleteDataset($historyId: ID!, $id: ID!, $purge: Boolean) {
    deleteDataset(historyId: $historyId, id: $id, purge: $purge) {
      id
      deleted
      purged
    }
  }
`);

/** A new datatype: the answer carries what the new type reads from the file (peek, blurb). */
export const ChangeDatasetDatatypeMutation = graphql(`
  mutation ChangeDatasetDatatype($historyId: ID!, $id: ID!, $datatype: String!) {
    changeDatasetDatatype(historyId: $historyId, id: $id, datatype: $datatype) {
      id
      extension
      peek
      miscBlurb
      miscInfo
      updateTime
    }
  }
`);

/** Every datatype of the registry, by extension (the upload form lists only the uploadable ones). */
export const AllDatatypesQuery = graphql(`
  query AllDatatypes {
    datatypes(uploadOnly: "false")
  }
`);

/** The extensions of the `datatypes` query's answer, sorted. */
export const extensionsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string').sort() : []);

/** The platform's download of a dataset in its own format. */
export const downloadUrl = (datasetId: string, extension: string) =>
  `/api/datasets/${encodeURIComponent(datasetId)}/display?to_ext=${encodeURIComponent(extension)}`;
