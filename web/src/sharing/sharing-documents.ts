import { graphql } from '../graphql';

export const SharingStatusQuery = graphql(`
  query SharingStatus($id: ID!, $kind: ShareableKind!) {
    sharingStatus(id: $id, kind: $kind) {
      id
      title
      importable
      published
      usernameAndSlug
      usersSharedWith {
        id
        email
      }
    }
  }
`);

export const SetSharingAccessMutation = graphql(`
  mutation SetSharingAccess($id: ID!, $kind: ShareableKind!, $action: String!) {
    setSharingAccess(id: $id, kind: $kind, action: $action) {
      id
      title
      importable
      published
      usernameAndSlug
      usersSharedWith {
        id
        email
      }
    }
  }
`);

export const ShareWithUsersMutation = graphql(`
  mutation ShareWithUsers($id: ID!, $kind: ShareableKind!, $users: [String!]!) {
    shareWithUsers(id: $id, kind: $kind, users: $users) {
      errors
      sharingStatus {
        id
        title
        importable
        published
        usernameAndSlug
        usersSharedWith {
          id
          email
        }
      }
    }
  }
`);

export const PublishedHistoriesQuery = graphql(`
  query PublishedHistories {
    publishedHistories {
      id
      name
      count
      usernameAndSlug
    }
  }
`);

export const PublishedWorkflowsQuery = graphql(`
  query PublishedWorkflows {
    workflows(showPublished: true) {
      id
      name
      owner
      published
    }
  }
`);

export const PublishedPagesQuery = graphql(`
  query PublishedPages {
    publishedPages {
      id
      title
      slug
    }
  }
`);

export const PublishedVisualizationsQuery = graphql(`
  query PublishedVisualizations {
    publishedVisualizations {
      id
      title
      type
    }
  }
`);

export const SharedWithMeQuery = graphql(`
  query SharedWithMe {
    viewer {
      user {
        id
        username
      }
    }
    historiesSharedWithMe {
      id
      name
      count
      usernameAndSlug
    }
    workflows {
      id
      name
      owner
      published
    }
    pagesSharedWithMe {
      id
      title
      slug
    }
    visualizationsSharedWithMe {
      id
      title
      type
    }
  }
`);

export const MyShareableItemsQuery = graphql(`
  query MyShareableItems {
    viewer {
      user {
        id
        username
      }
    }
    histories {
      id
      name
      published
      importable
    }
    workflows {
      id
      name
      owner
      published
      importable
    }
    pages {
      id
      title
      published
      importable
    }
    visualizations {
      id
      title
      type
    }
  }
`);

export const PageQuery = graphql(`
  query PageContent($id: ID!) {
    page(id: $id) {
      id
      title
      slug
      published
      content
    }
  }
`);
