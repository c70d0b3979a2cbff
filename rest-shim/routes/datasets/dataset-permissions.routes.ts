import { route, type RouteSpec } from '../../core/route';

type RoleRef = { id: string; name: string };
type DatasetRoles = { access: RoleRef[]; manage: RoleRef[] };

const ROLES_SELECTION = 'access { id name } manage { id name }';

/**
 * The platform's later answer: roles as [name, encoded id] pairs. `modify_item_roles` (library items
 * only) is always empty for a history dataset, kept so the dict has the library endpoint's keys.
 */
const rolesDict = (roles: DatasetRoles) => ({
  access_dataset_roles: roles.access.map((role) => [role.name, role.id]),
  manage_dataset_roles: roles.manage.map((role) => [role.name, role.id]),
  modify_item_roles: [],
});

/**
 * `GET/PUT /api/datasets/{id}/permissions` as later platform releases offer them, with the payload of
 * the library dataset permissions (`action`, `access_ids[]`, `manage_ids[]`, `modify_ids[]`).
 */
export const datasetPermissionRoutes: RouteSpec<unknown>[] = [
  route<{ datasetPermissions: DatasetRoles }>({
    method: 'get',
    path: '/api/datasets/:dataset_id/permissions',
    access: 'permission',
    operation: `query ($id: ID!) { datasetPermissions(id: $id) { ${ROLES_SELECTION} } }`,
    variables: (input) => ({ id: input.path.dataset_id }),
    shape: (data) => rolesDict(data.datasetPermissions),
  }),
  route<{ setDatasetPermissions: DatasetRoles }>({
    method: 'put',
    path: '/api/datasets/:dataset_id/permissions',
    access: 'permission',
    operation: `mutation ($id: ID!, $action: String, $roles: DatasetPermissionRolesInput) { setDatasetPermissions(id: $id, action: $action, roles: $roles) { ${ROLES_SELECTION} } }`,
    variables: (input) => ({
      id: input.path.dataset_id,
      action: input.string('action') ?? null,
      roles: { access: input.list('access_ids') ?? input.list('access') ?? null, manage: input.list('manage_ids') ?? input.list('manage') ?? null, modify: input.list('modify_ids') ?? input.list('modify') ?? null },
    }),
    shape: (data) => rolesDict(data.setDatasetPermissions),
  }),
];
