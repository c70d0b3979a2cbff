import { route, type RouteArea } from '../../core/route';
import type { RouteInput } from '../../core/route-input';
import { withFloatKeys } from '../../core/raw-json';
import { withoutKeys } from '../../core/shape';

const INDEX = /* GraphQL */ `
  query UsersIndex($deleted: Boolean, $emailContains: String) {
    users(deleted: $deleted, emailContains: $emailContains) {
      model_class: __typename
      id
      email
      username
      hiddenFields
    }
  }
`;

interface IndexData {
  users: Array<{ model_class: string; id: string; email: string | null; username: string | null; hiddenFields: string[] }>;
}

const ELEMENT_FIELDS = /* GraphQL */ `
  model_class: __typename
  id
  email
  username
  total_disk_usage: totalDiskUsage
  nice_total_disk_usage: niceTotalDiskUsage
`;

const SHOW = /* GraphQL */ `
  query UserShow($id: ID!, $deleted: Boolean, $current: Boolean!) {
    user(id: $id, deleted: $deleted) {
      ${ELEMENT_FIELDS}
      tags_used: tagsUsed
      quota_percent: quotaPercent
    }
    viewer {
      isAdmin
      usage @include(if: $current) {
        total_disk_usage: totalDiskUsage
        nice_total_disk_usage: niceTotalDiskUsage
        quota_percent: quotaPercent
      }
    }
  }
`;

interface ShowData {
  user: Record<string, unknown> | null;
  viewer: { isAdmin: boolean; usage?: { total_disk_usage: number; nice_total_disk_usage: string; quota_percent: number | null } };
}

const CREATE = /* GraphQL */ `
  mutation UserCreate($input: NewUserInput!) {
    createUser(input: $input) {
      ${ELEMENT_FIELDS}
    }
  }
`;

const API_KEY = /* GraphQL */ `
  mutation UserApiKey($userId: ID!) {
    createApiKey(userId: $userId)
  }
`;

const indexRoute = (path: string, deleted: boolean | null) =>
  route<IndexData>({
    method: 'get',
    path,
    access: 'user',
    operation: INDEX,
    variables: (input) => ({ deleted: deleted ?? input.bool('deleted'), emailContains: input.string('f_email') }),
    shape: (data) => data.users.map(({ hiddenFields, ...user }) => withoutKeys(user, hiddenFields)),
  });

const showVariables = (deleted: boolean | null) => (input: RouteInput) => {
  const id = input.path.user_id ?? 'current';
  return { id, deleted: deleted ?? input.bool('deleted'), current: id === 'current' };
};

/** `total_disk_usage` is a float in the platform's user dictionary (platform-facts §4.3). */
const FLOAT_KEYS = ['total_disk_usage'] as const;

type UsageView = NonNullable<ShowData['viewer']['usage']>;

/** The anonymous 'current' view: only usage and quota, the usage a whole number of bytes (an integer, not a float). */
const anonymousView = (usage: UsageView): UsageView => ({
  total_disk_usage: Math.trunc(usage.total_disk_usage),
  nice_total_disk_usage: usage.nice_total_disk_usage,
  quota_percent: usage.quota_percent,
});

/** The element view plus tags_used, quota_percent and is_admin (the caller's status, as on the platform). */
const showShape = (data: ShowData) => {
  if (data.user) return withFloatKeys({ ...data.user, is_admin: data.viewer.isAdmin }, FLOAT_KEYS);
  return data.viewer.usage ? anonymousView(data.viewer.usage) : data.viewer.usage;
};

export const usersArea: RouteArea = {
  area: 'users',
  routes: [
    indexRoute('/api/users/deleted', true),
    indexRoute('/api/users', null),
    route<ShowData>({
      method: 'get',
      path: '/api/users/deleted/:user_id',
      access: 'admin',
      operation: SHOW,
      variables: showVariables(true),
      shape: showShape,
    }),
    route<ShowData>({ method: 'get', path: '/api/users/current', access: 'anonymous', operation: SHOW, variables: showVariables(null), shape: showShape }),
    route<ShowData>({ method: 'get', path: '/api/users/:user_id', access: 'user', operation: SHOW, variables: showVariables(null), shape: showShape }),
    route<{ createUser: Record<string, unknown> }>({
      method: 'post',
      path: '/api/users',
      access: 'user',
      operation: CREATE,
      variables: (input) => ({ input: { username: input.string('username'), email: input.string('email'), password: input.string('password') } }),
      shape: (data) => withFloatKeys(data.createUser, FLOAT_KEYS),
    }),
    route<{ createApiKey: string }>({
      method: 'post',
      path: '/api/users/:user_id/api_key',
      access: 'admin',
      operation: API_KEY,
      variables: (input) => ({ userId: input.path.user_id }),
      shape: (data) => data.createApiKey,
    }),
    route({ method: 'put', path: '/api/users/:user_id', access: 'user', notImplemented: '' }),
    route({ method: 'delete', path: '/api/users/:user_id', access: 'user', notImplemented: '' }),
    route({ method: 'post', path: '/api/users/deleted/:user_id/undelete', access: 'user', notImplemented: '' }),
  ],
};
