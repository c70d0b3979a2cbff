import { route, type RouteSpec } from '../../core/route';
import { DETAIL_FIELDS, libraryDatasetDict, ROLE_PAGE_FIELDS, rolePageDict, VERSION_FIELDS, versionDict } from '../../serializers/library.reply';

type Dict = Record<string, unknown>;
type DatasetRoles = { access: string[]; modify: string[]; manage: string[] };

const currentRoles = (roles: DatasetRoles) => ({ access_dataset_roles: roles.access, modify_item_roles: roles.modify, manage_dataset_roles: roles.manage });

/** Library datasets: detail, expired versions and permissions (datasets' role ids are role names). */
export const libraryDatasetRoutes: RouteSpec<unknown>[] = [
  route<{ libraryDatasetPermissions: { current: DatasetRoles | null; available: Parameters<typeof rolePageDict>[0] | null } }>({
    method: 'get',
    path: '/api/libraries/datasets/:dataset_id/permissions',
    access: 'permission',
    operation: `query ($id: ID!, $scope: String, $page: Int, $pageLimit: Int, $q: String) { libraryDatasetPermissions(id: $id, scope: $scope, page: $page, pageLimit: $pageLimit, q: $q) { current { access modify manage } ${ROLE_PAGE_FIELDS} } }`,
    variables: (input) => ({ id: input.path.dataset_id, ...input.rolePage() }),
    shape: (data) => {
      const view = data.libraryDatasetPermissions;
      return view.current ? currentRoles(view.current) : rolePageDict(view.available!, true);
    },
  }),
  route<{ setLibraryDatasetPermissions: { current: DatasetRoles } }>({
    method: 'post',
    path: '/api/libraries/datasets/:dataset_id/permissions',
    access: 'permission',
    operation: 'mutation ($id: ID!, $action: String, $roles: PermissionRolesInput!) { setLibraryDatasetPermissions(id: $id, action: $action, roles: $roles) { current { access modify manage } } }',
    variables: (input) => ({
      id: input.path.dataset_id,
      action: input.string('action') ?? null,
      roles: { access: input.list('access_ids') ?? null, manage: input.list('manage_ids') ?? [], modify: input.list('modify_ids') ?? [] },
    }),
    shape: (data) => currentRoles(data.setLibraryDatasetPermissions.current),
  }),
  route<{ libraryDatasetVersion: Dict }>({
    method: 'get',
    path: '/api/libraries/datasets/:dataset_id/versions/:ldda_id',
    access: 'anonymous',
    operation: `query ($id: ID!, $versionId: ID!) { libraryDatasetVersion(id: $id, versionId: $versionId) { ${VERSION_FIELDS} } }`,
    variables: (input) => ({ id: input.path.dataset_id, versionId: input.path.ldda_id }),
    shape: (data) => versionDict(data.libraryDatasetVersion),
  }),
  route<{ libraryDataset: Dict }>({
    method: 'get',
    path: '/api/libraries/datasets/:dataset_id',
    access: 'anonymous',
    operation: `query ($id: ID!) { libraryDataset(id: $id) { ${DETAIL_FIELDS} } }`,
    variables: (input) => ({ id: input.path.dataset_id }),
    shape: (data) => libraryDatasetDict(data.libraryDataset),
  }),
];
