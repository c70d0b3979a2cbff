import { graphql } from '../graphql';

export const VisualizationsQuery = graphql(`
  query Visualizations {
    visualizations {
      id
      title
      type
      dbkey
      owner
      updateTime
    }
  }
`);

export const VisualizationQuery = graphql(`
  query Visualization($id: ID!) {
    visualization(id: $id) {
      id
      title
      type
      dbkey
      owner
      updateTime
      published
      importable
      viewerCan {
        change
        share
      }
      latestRevision {
        id
        title
        dbkey
        config
        createTime
      }
      revisionHistory {
        id
        title
        dbkey
        config
        createTime
      }
    }
  }
`);

export const CreateVisualizationMutation = graphql(`
  mutation CreateVisualization($input: JSONObject!) {
    createVisualization(input: $input)
  }
`);

export const UpdateVisualizationMutation = graphql(`
  mutation UpdateVisualization($id: ID!, $input: JSONObject!) {
    updateVisualization(id: $id, input: $input) {
      id
      revision
    }
  }
`);
