import { stringAsBool } from '../../../src/format/booleans';
import { isPlainObject } from '../../../src/http/body-parser';
import { route, type RouteArea } from '../../core/route';
import type { RouteInput } from '../../core/route-input';
import { withUrl } from '../../core/shape';

interface QuotaItem {
  model_class: string;
  id: string;
  name: string;
}

interface QuotaElement extends QuotaItem {
  defaultFor: string[];
  users: Array<{ user: Record<string, unknown> }>;
  groups: Array<{ group: Record<string, unknown> }>;
}

const ELEMENT = /* GraphQL */ `
  model_class: __typename
  id
  name
  description
  bytes
  operation
  display_amount: displayAmount
  defaultFor
  users {
    model_class: __typename
    id
    email
    username
    total_disk_usage: totalDiskUsage
    nice_total_disk_usage: niceTotalDiskUsage
  }
  groups {
    model_class: __typename
    id
    name
  }
`;

/** The platform's nested association records of a quota's element view. */
const element = ({ defaultFor, users, groups, ...quota }: QuotaElement) => ({
  ...quota,
  default: defaultFor.map((type) => ({ model_class: 'DefaultQuotaAssociation', type })),
  users: users.map((user) => ({ model_class: 'UserQuotaAssociation', user })),
  groups: groups.map((group) => ({ model_class: 'GroupQuotaAssociation', group })),
});

const quotaInput = (input: RouteInput) => ({
  name: input.string('name'),
  description: input.string('description'),
  amount: input.string('amount'),
  operation: input.string('operation'),
  default: input.string('default'),
  inUsers: input.listify('in_users'),
  inGroups: input.listify('in_groups'),
});

const indexRoute = (path: string, deleted: boolean | null) =>
  route<{ quotas: QuotaItem[] }>({
    method: 'get',
    path,
    access: 'admin',
    operation: 'query ($deleted: Boolean) { quotas(deleted: $deleted) { model_class: __typename id name } }',
    variables: (input) => ({ deleted: deleted ?? input.bool('deleted') }),
    shape: (data, input) => {
      const listedDeleted = deleted ?? input.bool('deleted');
      return data.quotas.map((quota) => withUrl(quota, (id) => (listedDeleted ? `/api/quotas/deleted/${id}` : `/api/quotas/${id}`)));
    },
  });

const showRoute = (path: string, deleted: boolean | null) =>
  route<{ quota: QuotaElement }>({
    method: 'get',
    path,
    access: 'admin',
    operation: `query ($id: ID!, $deleted: Boolean) { quota(id: $id, deleted: $deleted) { ${ELEMENT} } }`,
    variables: (input) => ({ id: input.path.quota_id, deleted: deleted ?? input.bool('deleted') }),
    shape: (data) => element(data.quota),
  });

export const quotasArea: RouteArea = {
  area: 'quotas',
  routes: [
    indexRoute('/api/quotas/deleted', true),
    indexRoute('/api/quotas', null),
    showRoute('/api/quotas/deleted/:quota_id', true),
    showRoute('/api/quotas/:quota_id', null),
    route<{ createQuota: { quota: QuotaItem; message: string } }>({
      method: 'post',
      path: '/api/quotas',
      access: 'admin',
      operation: 'mutation ($input: QuotaInput!) { createQuota(input: $input) { quota { model_class: __typename id name } message } }',
      variables: (input) => ({ input: quotaInput(input) }),
      shape: (data) => ({ ...withUrl(data.createQuota.quota, (id) => `/api/quotas/${id}`), message: data.createQuota.message }),
    }),
    route<{ updateQuota: string }>({
      method: 'put',
      path: '/api/quotas/:quota_id',
      access: 'admin',
      operation: 'mutation ($id: ID!, $input: QuotaInput!) { updateQuota(id: $id, input: $input) }',
      variables: (input) => ({ id: input.path.quota_id, input: quotaInput(input) }),
      shape: (data) => data.updateQuota,
    }),
    route<{ deleteQuota: string }>({
      method: 'delete',
      path: '/api/quotas/:quota_id',
      access: 'admin',
      operation: 'mutation ($id: ID!, $purge: Boolean) { deleteQuota(id: $id, purge: $purge) }',
      variables: (input) => ({ id: input.path.quota_id, purge: purgeFlag(input) }),
      shape: (data) => data.deleteQuota,
    }),
    route<{ undeleteQuota: string }>({
      method: 'post',
      path: '/api/quotas/deleted/:quota_id/undelete',
      access: 'admin',
      operation: 'mutation ($id: ID!) { undeleteQuota(id: $id) }',
      variables: (input) => ({ id: input.path.quota_id }),
      shape: (data) => data.undeleteQuota,
    }),
  ],
};

/** `purge` may come alone or inside a `payload` object. */
function purgeFlag(input: RouteInput): boolean {
  const payload = input.get('payload');
  const nested = isPlainObject(payload) ? payload.purge : undefined;
  return input.bool('purge') || stringAsBool(nested);
}
