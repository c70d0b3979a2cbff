import { graphql } from '../graphql';

export const SharingStatusQuery = graphql(`
  query SharingStatus($id: ID!, $kind: ShareableKind!) {
    sharingStatus(id: $id, kind: $kind) {
      kind
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
      kind
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
        kind
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
      owner
    }
  }
`);

export const PublishedWorkflowsQuery = graphql(`
  query PublishedWorkflows {
    publishedWorkflows {
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
      owner
    }
  }
`);

export const PublishedVisualizationsQuery = graphql(`
  query PublishedVisualizations {
    publishedVisualizations {
      id
      title
      type
      owner
    }
  }
`);

export const SharedWithMeQuery = graphql(`
  query SharedWithMe {
    historiesSharedWithMe {
      id
      name
      count
      owner
    }
    workflowsSharedWithMe {
      id
      name
      owner
      published
    }
    pagesSharedWithMe {
      id
      title
      slug
      owner
    }
    visualizationsSharedWithMe {
      id
      title
      type
      owner
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
      owner
      published
      importable
    }
    visualizations {
      id
      title
      type
      owner
    }
  }
`);

export const PageQuery = graphql(`
  query PageContent($id: ID!) {
    page(id: $id) {
      id
      title
      slug
      owner
      published
      content
    }
  }
`);

export const ItemAtSlugAddressQuery = graphql(`
  query ItemAtSlugAddress($username: String!, $letter: String!, $slug: String!) {
    itemAtSlugAddress(username: $username, letter: $letter, slug: $slug) {
      kind
      id
    }
  }
`);
