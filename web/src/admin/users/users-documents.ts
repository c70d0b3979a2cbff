import { graphql, type ResultOf } from '../../graphql';

export const UsersPageQuery = graphql(`
  query AdminUsersPage($first: Int!, $after: String, $search: String, $deleted: Boolean) {
    usersPage(first: $first, after: $after, search: $search, deleted: $deleted) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          email
          username
          deleted
          purged
          niceTotalDiskUsage
          quotaPercent
        }
      }
    }
  }
`);

export type UserRow = ResultOf<typeof UsersPageQuery>['usersPage']['edges'][number]['node'];

export const AdminUserQuery = graphql(`
  query AdminUser($id: ID!) {
    adminUser(id: $id) {
      id
      email
      username
      deleted
      purged
      isAdmin
      totalDiskUsage
      niceTotalDiskUsage
      quotaPercent
      roles {
        id
        name
        type
      }
      groups {
        id
        name
      }
    }
    userImpersonationAllowed
  }
`);

export type AdminUser = NonNullable<ResultOf<typeof AdminUserQuery>['adminUser']>;

export const CreateUserMutation = graphql(`
  mutation AdminCreateUser($input: NewUserInput!) {
    createUser(input: $input) {
      id
      email
    }
  }
`);

export const UpdateUserMutation = graphql(`
  mutation AdminUpdateUser($id: ID!, $input: UpdateUserInput!) {
    updateUser(id: $id, input: $input) {
      id
      email
      username
    }
  }
`);

export const ResetPasswordMutation = graphql(`
  mutation AdminResetUserPassword($id: ID!, $password: String!, $confirmPassword: String!) {
    resetUserPassword(id: $id, password: $password, confirmPassword: $confirmPassword) {
      id
    }
  }
`);

export const CreateApiKeyMutation = graphql(`
  mutation AdminCreateApiKey($userId: ID!) {
    createApiKey(userId: $userId)
  }
`);

export const RecalculateDiskUsageMutation = graphql(`
  mutation AdminRecalculateUserDiskUsage($id: ID!) {
    recalculateUserDiskUsage(id: $id) {
      id
      totalDiskUsage
      niceTotalDiskUsage
      quotaPercent
    }
  }
`);

export const DeleteUserMutation = graphql(`
  mutation AdminDeleteUser($id: ID!) {
    deleteUser(id: $id) {
      id
      deleted
      purged
    }
  }
`);

export const UndeleteUserMutation = graphql(`
  mutation AdminUndeleteUser($id: ID!) {
    undeleteUser(id: $id) {
      id
      deleted
      purged
    }
  }
`);

export const PurgePlanQuery = graphql(`
  query AdminUserPurgePlan($id: ID!) {
    userPurgePlan(id: $id) {
      email
      replacementEmail
      histories
      historyDatasets
      datasetFiles
      groupMemberships
      roleMemberships
      apiKeys
      sessions
      diskUsage
    }
  }
`);

export const PurgeUserMutation = graphql(`
  mutation AdminPurgeUser($id: ID!) {
    purgeUser(id: $id) {
      id
      email
      username
      deleted
      purged
      totalDiskUsage
      niceTotalDiskUsage
    }
  }
`);

export const ImpersonateUserMutation = graphql(`
  mutation AdminImpersonateUser($id: ID!) {
    impersonateUser(id: $id) {
      id
    }
  }
`);
