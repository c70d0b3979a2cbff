import { graphql } from '../../graphql';

export const DefaultPermissionsQuery = graphql(`
  query AdminDefaultPermissions($userId: ID!) {
    user(id: $userId) {
      id
      email
    }
    defaultDatasetPermissions(userId: $userId) {
      access {
        id
        name
      }
      manage {
        id
        name
      }
    }
  }
`);

export const SetDefaultPermissionsMutation = graphql(`
  mutation AdminSetDefaultPermissions($userId: ID!, $access: [String!]!, $manage: [String!]) {
    setDefaultDatasetPermissions(userId: $userId, access: $access, manage: $manage) {
      access {
        id
        name
      }
      manage {
        id
        name
      }
    }
  }
`);
