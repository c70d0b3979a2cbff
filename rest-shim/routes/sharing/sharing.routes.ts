import { isPlainObject } from '../../../src/http/body-parser';
import type { ShareableKindName } from '../../../src/services/sharing';
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

const ACCESS_ACTIONS = ['enable_link_access', 'disable_link_access', 'publish', 'unpublish'] as const;

/**
 * The sharing routes of later platform releases, the same for every shareable kind: status, link
 * access, publishing, users. A kind's route area adds them with `...sharingRoutes('<kind>')`.
 */
export function sharingRoutes(kind: ShareableKindName): RouteSpec<unknown>[] {
  const path = (suffix: string) => `/api/${kind}/:id/${suffix}`;
  const variables = (input: RouteInput) => ({ kind: kind.toUpperCase(), id: input.path.id });
  return [
    route<{ sharingStatus: Status }>({
      method: 'get',
      path: path('sharing'),
      access: 'owner',
      operation: `query ($kind: ShareableKind!, $id: ID!) { sharingStatus(kind: $kind, id: $id) { ${STATUS} } }`,
      variables,
      shape: (data) => statusDict(data.sharingStatus),
    }),
    ...ACCESS_ACTIONS.map((action) =>
      route<{ setSharingAccess: Status }>({
        method: 'put',
        path: path(action),
        access: 'owner',
        operation: `mutation ($kind: ShareableKind!, $id: ID!, $action: String!) { setSharingAccess(kind: $kind, id: $id, action: $action) { ${STATUS} } }`,
        variables: (input) => ({ ...variables(input), action }),
        shape: (data) => statusDict(data.setSharingAccess),
      }),
    ),
    route<{ shareWithUsers: { sharingStatus: Status; errors: string[] } }>({
      method: 'put',
      path: path('share_with_users'),
      access: 'owner',
      operation: `mutation ($kind: ShareableKind!, $id: ID!, $users: [String!]!) { shareWithUsers(kind: $kind, id: $id, users: $users) { sharingStatus { ${STATUS} } errors } }`,
      variables: (input) => ({ ...variables(input), users: userIds(input) }),
      shape: (data) => ({ sharing_status: statusDict(data.shareWithUsers.sharingStatus), errors: data.shareWithUsers.errors }),
    }),
  ];
}
