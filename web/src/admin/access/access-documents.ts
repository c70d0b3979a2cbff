import { graphql, type ResultOf } from '../../graphql';

export const AdminRolesQuery = graphql(`
  query AdminRoles($first: Int!, $after: String, $search: String, $deleted: Boolean, $includePrivate: Boolean) {
    adminRoles(first: $first, after: $after, search: $search, deleted: $deleted, includePrivate: $includePrivate) {
      nodes {
        id
        name
        description
        type
        deleted
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);
export type RoleRow = ResultOf<typeof AdminRolesQuery>['adminRoles']['nodes'][number];

export const RoleQuery = graphql(`
  query AdminRole($id: ID!) {
    role(id: $id) {
      id
      name
      description
      type
      deleted
      users {
        id
        email
      }
      groups {
        id
        name
      }
    }
  }
`);

export const CreateRoleMutation = graphql(`
  mutation AdminCreateRole($input: NewRoleInput!) {
    createRole(input: $input) {
      id
      name
    }
  }
`);

export const UpdateRoleMutation = graphql(`
  mutation AdminUpdateRole($id: ID!, $input: RoleUpdateInput!) {
    updateRole(id: $id, input: $input) {
      id
      name
      description
      users {
        id
        email
      }
      groups {
        id
        name
      }
    }
  }
`);

export const DeleteRoleMutation = graphql(`
  mutation AdminDeleteRole($id: ID!) {
    deleteRole(id: $id) {
      id
      deleted
    }
  }
`);
export const UndeleteRoleMutation = graphql(`
  mutation AdminUndeleteRole($id: ID!) {
    undeleteRole(id: $id) {
      id
      deleted
    }
  }
`);
export const PurgeRoleMutation = graphql(`
  mutation AdminPurgeRole($id: ID!) {
    purgeRole(id: $id) {
      id
      deleted
      users {
        id
      }
      groups {
        id
      }
    }
  }
`);

export const GroupsQuery = graphql(`
  query AdminGroups($deleted: Boolean) {
    groups(deleted: $deleted) {
      id
      name
      deleted
    }
  }
`);
export type GroupRow = ResultOf<typeof GroupsQuery>['groups'][number];

export const GroupQuery = graphql(`
  query AdminGroup($id: ID!) {
    group(id: $id) {
      id
      name
      deleted
      users {
        id
        email
      }
      roles {
        id
        name
      }
      quotas {
        id
        name
      }
    }
  }
`);

export const CreateGroupMutation = graphql(`
  mutation AdminCreateGroup($input: GroupInput!) {
    createGroup(input: $input) {
      id
      name
    }
  }
`);
export const EditGroupMutation = graphql(`
  mutation AdminEditGroup($id: ID!, $input: GroupEditInput!) {
    editGroup(id: $id, input: $input) {
      id
      name
      users {
        id
        email
      }
      roles {
        id
        name
      }
    }
  }
`);
export const DeleteGroupMutation = graphql(`
  mutation AdminDeleteGroup($id: ID!) {
    deleteGroup(id: $id) {
      id
      deleted
    }
  }
`);
export const UndeleteGroupMutation = graphql(`
  mutation AdminUndeleteGroup($id: ID!) {
    undeleteGroup(id: $id) {
      id
      deleted
    }
  }
`);
export const PurgeGroupMutation = graphql(`
  mutation AdminPurgeGroup($id: ID!) {
    purgeGroup(id: $id) {
      id
      deleted
      users {
        id
      }
      roles {
        id
      }
    }
  }
`);

export const QuotasQuery = graphql(`
  query AdminQuotas($deleted: Boolean) {
    quotas(deleted: $deleted) {
      id
      name
      description
      displayAmount
      operation
      defaultFor
      deleted
    }
  }
`);
export type QuotaRow = ResultOf<typeof QuotasQuery>['quotas'][number];

export const QuotaQuery = graphql(`
  query AdminQuota($id: ID!, $deleted: Boolean) {
    quota(id: $id, deleted: $deleted) {
      id
      name
      description
      bytes
      displayAmount
      operation
      defaultFor
      deleted
      users {
        id
        email
      }
      groups {
        id
        name
      }
    }
  }
`);

export const CreateQuotaMutation = graphql(`
  mutation AdminCreateQuota($input: QuotaInput!) {
    createQuota(input: $input) {
      message
      quota {
        id
        name
      }
    }
  }
`);
export const UpdateQuotaMutation = graphql(`
  mutation AdminUpdateQuota($id: ID!, $input: QuotaInput!, $replaceMembers: Boolean) {
    updateQuota(id: $id, input: $input, replaceMembers: $replaceMembers)
  }
`);
export const DeleteQuotaMutation = graphql(`
  mutation AdminDeleteQuota($id: ID!, $purge: Boolean) {
    deleteQuota(id: $id, purge: $purge)
  }
`);
export const UndeleteQuotaMutation = graphql(`
  mutation AdminUndeleteQuota($id: ID!) {
    undeleteQuota(id: $id)
  }
`);

export const PickUsersQuery = graphql(`
  query AdminPickUsers($search: String!) {
    usersPage(first: 10, search: $search, deleted: false) {
      edges {
        node {
          id
          email
        }
      }
    }
  }
`);
