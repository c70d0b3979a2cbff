import { graphql } from '../graphql';

/** The caller's pages (the graph lists their own first, then others' published pages). */
export const MyPagesQuery = graphql(`
  query MyPages {
    pages {
      id
      title
      slug
      owner
      published
      importable
    }
  }
`);

/** A page as the editor opens it: its latest content (the stored, sanitized HTML). */
export const PageSourceQuery = graphql(`
  query PageSource($id: ID!) {
    page(id: $id) {
      id
      title
      slug
      owner
      content
    }
  }
`);

export const CreatePageMutation = graphql(`
  mutation CreatePage($input: PageInput!) {
    createPage(input: $input) {
      id
      title
      slug
      owner
      published
      importable
      content
    }
  }
`);

export const CreatePageRevisionMutation = graphql(`
  mutation CreatePageRevision($pageId: ID!, $input: PageRevisionInput!) {
    createPageRevision(pageId: $pageId, input: $input) {
      id
      content
    }
  }
`);

/**
 * A page with its embedded items, each read with the viewer's rights (null when they may not read
 * it): all of them in this one query.
 */
export const PageWithEmbedsQuery = graphql(`
  query PageWithEmbeds($id: ID!) {
    page(id: $id) {
      id
      title
      slug
      owner
      published
      content
      embeds {
        kind
        id
        history {
          id
          name
          count
        }
        historyItems(first: 10) {
          id
          hid
          name
          state
          extension
          accessible
        }
        dataset {
          id
          hid
          name
          state
          extension
          peek
          accessible
        }
        workflow {
          id
          name
          steps {
            id
            orderIndex
            label
            toolId
            type
          }
        }
        visualization {
          id
          title
          type
          dbkey
          latestRevision {
            config
          }
        }
      }
    }
  }
`);

/** What the "Embed …" pickers list: the caller's items and those shared with them, by name. */
export const EmbeddableHistoriesQuery = graphql(`
  query EmbeddableHistories {
    histories {
      id
      name
    }
    historiesSharedWithMe {
      id
      name
      owner
    }
  }
`);

export const EmbeddableDatasetsQuery = graphql(`
  query EmbeddableDatasets($historyId: ID!) {
    historyItemsPage(historyId: $historyId, first: 500, deleted: false, visible: true, newestFirst: true) {
      edges {
        node {
          __typename
          ... on HistoryContent {
            id
            hid
            name
          }
        }
      }
    }
  }
`);

export const EmbeddableWorkflowsQuery = graphql(`
  query EmbeddableWorkflows {
    workflows {
      id
      name
      owner
    }
  }
`);

export const EmbeddableVisualizationsQuery = graphql(`
  query EmbeddableVisualizations {
    visualizations {
      id
      title
      owner
    }
  }
`);
