import { route, type RouteArea } from '../../core/route';
import type { RouteInput } from '../../core/route-input';
import { withUrl } from '../../core/shape';

/** The groups area renders its 400 and 403 errors as text, as the contract says. */

const groupUrl = (id: string) => `/api/groups/${id}`;

interface GroupItem {
  model_class: string;
  id: string;
  name: string;
}

const GROUP_FIELDS = 'model_class: __typename id name';

const element = (group: GroupItem) => ({
  ...withUrl(group, groupUrl),
  users_url: `/api/groups/${group.id}/users`,
  roles_url: `/api/groups/${group.id}/roles`,
});

const groupInput = (input: RouteInput) => ({
  name: input.string('name'),
  userIds: input.list('user_ids'),
  roleIds: input.list('role_ids'),
});

interface Member {
  id: string;
  email?: string;
  name?: string;
}

interface MembershipData {
  isMember: boolean;
  message: string | null;
  member: Member;
}

const memberUrl = (kind: 'users' | 'roles', groupId: string) => (id: string) => `/api/groups/${groupId}/${kind}/${id}`;

/** A member's dictionary, or the platform's text when it is not a member. */
const membershipShape = (kind: 'users' | 'roles') => (result: MembershipData, input: RouteInput) =>
  result.isMember ? withUrl(result.member, memberUrl(kind, input.path.group_id)) : result.message;

const membershipRoute = (method: 'get' | 'put' | 'delete', kind: 'users' | 'roles') => {
  const field = { users: { get: 'groupUser', put: 'addGroupUser', delete: 'removeGroupUser' }, roles: { get: 'groupRole', put: 'addGroupRole', delete: 'removeGroupRole' } }[kind][method];
  const memberArg = kind === 'users' ? 'userId' : 'roleId';
  const memberField = kind === 'users' ? 'user { id email }' : 'role { id name }';
  const keyword = method === 'get' ? 'query' : 'mutation';
  return route<Record<string, MembershipData>>({
    method,
    path: `/api/groups/:group_id/${kind}/:member_id`,
    access: 'admin',
    operation: `${keyword} ($groupId: ID!, $memberId: ID!) { result: ${field}(groupId: $groupId, ${memberArg}: $memberId) { isMember message member: ${memberField} } }`,
    variables: (input) => ({ groupId: input.path.group_id, memberId: input.path.member_id }),
    shape: (data, input) => membershipShape(kind)(data.result, input),
  });
};

const membersRoute = (kind: 'users' | 'roles') =>
  route<{ members: Member[] }>({
    method: 'get',
    path: `/api/groups/:group_id/${kind}`,
    access: 'admin',
    errorStyle: 'text-400',
    operation:
      kind === 'users'
        ? 'query ($groupId: ID!) { members: groupUsers(groupId: $groupId) { id email } }'
        : 'query ($groupId: ID!) { members: groupRoles(groupId: $groupId) { id name } }',
    variables: (input) => ({ groupId: input.path.group_id }),
    shape: (data, input) => data.members.map((member) => withUrl(member, memberUrl(kind, input.path.group_id))),
  });

export const groupsArea: RouteArea = {
  area: 'groups',
  routes: [
    route<{ groups: GroupItem[] }>({
      method: 'get',
      path: '/api/groups',
      access: 'admin',
      operation: `query { groups { ${GROUP_FIELDS} } }`,
      shape: (data) => data.groups.map((group) => withUrl(group, groupUrl)),
    }),
    route<{ createGroup: GroupItem }>({
      method: 'post',
      path: '/api/groups',
      access: 'admin',
      errorStyle: 'text',
      operation: `mutation ($input: GroupInput!) { createGroup(input: $input) { ${GROUP_FIELDS} } }`,
      variables: (input) => ({ input: groupInput(input) }),
      shape: (data) => [withUrl(data.createGroup, groupUrl)],
    }),
    route<{ group: GroupItem }>({
      method: 'get',
      path: '/api/groups/:group_id',
      access: 'admin',
      errorStyle: 'text-400',
      operation: `query ($id: ID!) { group(id: $id) { ${GROUP_FIELDS} } }`,
      variables: (input) => ({ id: input.path.group_id }),
      shape: (data) => element(data.group),
    }),
    route<{ updateGroup: GroupItem }>({
      method: 'put',
      path: '/api/groups/:group_id',
      access: 'admin',
      errorStyle: 'text-400',
      operation: `mutation ($id: ID!, $input: GroupInput!) { updateGroup(id: $id, input: $input) { ${GROUP_FIELDS} } }`,
      variables: (input) => ({ id: input.path.group_id, input: groupInput(input) }),
      shape: (data) => element(data.updateGroup),
    }),
    membersRoute('users'),
    membersRoute('roles'),
    membershipRoute('get', 'users'),
    membershipRoute('put', 'users'),
    membershipRoute('delete', 'users'),
    membershipRoute('get', 'roles'),
    membershipRoute('put', 'roles'),
    membershipRoute('delete', 'roles'),
  ],
};
