import { graphql } from '../../graphql';

/** "Build Dataset List", "Build Dataset Pair", "Build List of Dataset Pairs": one request whatever the number of elements. */
export const BuildCollectionMutation = graphql(`
  mutation BuildCollectionFromSelection($historyId: ID!, $input: CollectionFromSelectionInput!) {
    buildCollectionFromSelection(historyId: $historyId, input: $input) {
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
  }
`);
