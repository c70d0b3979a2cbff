import { isPlainObject } from '../../../src/http/body-parser';
import { route, type RouteSpec } from '../../core/route';
import type { RouteInput } from '../../core/route-input';

interface Status {
  id: string;
  title: string;
  importable: boolean;
  published: boolean;
  usersSharedWith: Array<{ id: string; email: string }>;
  usernameAndSlug: string | null;
}

const STATUS = 'id title importable published usersSharedWith { id email } usernameAndSlug';

/** The later platform's sharing status dictionary. */
const statusDict = (status: Status) => ({
  id: status.id,
  title: status.title,
  importable: status.importable,
  published: status.published,
  users_shared_with: status.usersSharedWith,
  username_and_slug: status.usernameAndSlug,
});

/** `user_ids` of the body (a list, a comma-separated text, or inside `payload`). */
function userIds(input: RouteInput): string[] {
  const payload = input.body.payload;
  const raw = isPlainObject(payload) && payload.user_ids !== undefined ? payload.user_ids : input.get('user_ids') ?? input.get('user_ids[]');
  const values = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
  return values.map((value) => String(value).trim()).filter(Boolean);
}

const accessRoute = (action: string) =>
  route<{ setHistoryAccess: Status }>({
    method: 'put',
    path: `/api/histories/:history_id/${action}`,
    access: 'owner',
    operation: `mutation ($id: ID!, $action: String!) { setHistoryAccess(id: $id, action: $action) { ${STATUS} } }`,
    variables: (input) => ({ id: input.path.history_id, action }),
    shape: (data) => statusDict(data.setHistoryAccess),
  });

/** The sharing routes of later platform releases: status, link access, publishing, users. */
export const historySharingRoutes: RouteSpec<unknown>[] = [
  route<{ historySharing: Status }>({
    method: 'get',
    path: '/api/histories/:history_id/sharing',
    access: 'owner',
    operation: `query ($id: ID!) { historySharing(id: $id) { ${STATUS} } }`,
    variables: (input) => ({ id: input.path.history_id }),
    shape: (data) => statusDict(data.historySharing),
  }),
  ...['enable_link_access', 'disable_link_access', 'publish', 'unpublish'].map(accessRoute),
  route<{ shareHistoryWithUsers: { sharingStatus: Status; errors: string[] } }>({
    method: 'put',
    path: '/api/histories/:history_id/share_with_users',
    access: 'owner',
    operation: `mutation ($id: ID!, $users: [String!]!) { shareHistoryWithUsers(id: $id, users: $users) { sharingStatus { ${STATUS} } errors } }`,
    variables: (input) => ({ id: input.path.history_id, users: userIds(input) }),
    shape: (data) => ({ sharing_status: statusDict(data.shareHistoryWithUsers.sharingStatus), errors: data.shareHistoryWithUsers.errors }),
  }),
];
