import { graphql } from '../../graphql';

/** What the attributes form shows and offers: the dataset, the installation's builds and datatypes, and whether the caller may change it. */
export const EditAttributesQuery = graphql(`
  query EditAttributes($id: ID!) {
    dataset(id: $id) {
      id
      hid
      name
      miscInfo
      annotation
      genomeBuild
      extension
      state
      purged
      accessible
      historyId
      history {
        id
        viewerCan {
          change
        }
      }
    }
    genomeBuilds {
      dbkey
      description
    }
    datatypes(uploadOnly: "false")
  }
`);

/** Name, info, annotation and genome build, as the form's Save sends them (the update's serialized keys). */
export const SaveAttributesMutation = graphql(`
  mutation SaveAttributes($historyId: ID!, $id: ID!, $changes: JSONObject!) {
    updateDataset(historyId: $historyId, id: $id, changes: $changes) {
      id
      name
      miscInfo
      annotation
      genomeBuild
      updateTime
    }
  }
`);

/** What a new datatype or metadata read again change on screen: the type, the peek, the blurb, the columns. */
const DetectedDatasetFragment = graphql(`
  fragment DetectedDataset on HistoryContent {
    id
    extension
    peek
    miscBlurb
    miscInfo
    columnCount
    columnDelimiter
    updateTime
  }
`);

/** The datatype the file's content says ("auto-detect"), with what the new type reads from the file. */
export const AutoDetectDatatypeMutation = graphql(
  `
    mutation AutoDetectDatatype($historyId: ID!, $id: ID!) {
      autoDetectDatasetDatatype(historyId: $historyId, id: $id) {
        extension
        ...DetectedDataset
      }
    }
  `,
  [DetectedDatasetFragment],
);

/** "Auto-detect": the metadata read again from the file, the datatype kept. */
export const RedetectMetadataMutation = graphql(
  `
    mutation RedetectMetadata($historyId: ID!, $id: ID!) {
      redetectDatasetMetadata(historyId: $historyId, id: $id) {
        ...DetectedDataset
      }
    }
  `,
  [DetectedDatasetFragment],
);
