import { route, type RouteArea } from '../../core/route';
import { withUrl } from '../../core/shape';

const roleUrl = (id: string) => `/api/roles/${id}`;

/** The platform's role views: the collection view (listings) and the element view (show, create). */
const ROLE_COLLECTION_FIELDS = 'model_class: __typename id name';
const ROLE_FIELDS = `${ROLE_COLLECTION_FIELDS} description type`;

interface RoleItem {
  model_class: string;
  id: string;
  name: string;
  description: string;
  type: string;
}

export const rolesArea: RouteArea = {
  area: 'roles',
  routes: [
    route<{ roles: RoleItem[] }>({
      method: 'get',
      path: '/api/roles',
      access: 'user',
      operation: `query { roles { ${ROLE_COLLECTION_FIELDS} } }`,
      shape: (data) => data.roles.map((role) => withUrl(role, roleUrl)),
    }),
    route<{ role: RoleItem }>({
      method: 'get',
      path: '/api/roles/:role_id',
      access: 'user',
      errorStyle: 'text-400',
      operation: `query ($id: ID!) { role(id: $id) { ${ROLE_FIELDS} } }`,
      variables: (input) => ({ id: input.path.role_id }),
      shape: (data) => withUrl(data.role, roleUrl),
    }),
    route<{ createRole: RoleItem }>({
      method: 'post',
      path: '/api/roles',
      access: 'admin',
      errorStyle: 'text',
      operation: `mutation ($input: NewRoleInput!) { createRole(input: $input) { ${ROLE_FIELDS} } }`,
      variables: (input) => ({
        input: { name: input.string('name'), description: input.string('description'), userIds: input.list('user_ids'), groupIds: input.list('group_ids') },
      }),
      shape: (data) => [withUrl(data.createRole, roleUrl)],
    }),
  ],
};
