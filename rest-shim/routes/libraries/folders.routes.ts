import { asBool } from '../../../src/format/booleans';
import { route, type RouteArea } from '../../core/route';
import { FOLDER_FIELDS, folderDict, folderItemJson, ROLE_PAGE_FIELDS, rolePageDict, rolePairs, VERSION_FIELDS, versionDict, libraryTime } from '../../serializers/library.reply';

type Dict = Record<string, unknown>;
type RolesData = { add: Array<{ id: string; name: string }>; manage: Array<{ id: string; name: string }>; modify: Array<{ id: string; name: string }> };

const CURRENT_ROLES = 'current { add { id name } manage { id name } modify { id name } }';

interface FolderHeader {
  fullPath: Array<{ id: string; name: string }>;
  canAddLibraryItem: boolean;
  canModifyFolder: boolean;
  parentLibraryId: string | null;
}

/** The `metadata` of a folder's listing. */
const folderMetadata = (header: FolderHeader) => ({
  full_path: header.fullPath.map((entry) => [entry.id, entry.name]),
  can_add_library_item: header.canAddLibraryItem,
  can_modify_folder: header.canModifyFolder,
  parent_library_id: header.parentLibraryId,
});

/** The folder's current roles as the platform lists them. */
const folderRolesDict = (roles: RolesData) => ({
  modify_folder_role_list: rolePairs(roles.modify),
  manage_folder_role_list: rolePairs(roles.manage),
  add_library_item_role_list: rolePairs(roles.add),
});

export const foldersArea: RouteArea = {
  area: 'libraries',
  routes: [
    route({ method: 'get', path: '/api/folders', access: 'user', notImplemented: 'Listing all folders is not offered; list a library or a folder instead.' }),
    route<{ folderPermissions: { current: RolesData | null; available: Parameters<typeof rolePageDict>[0] | null } }>({
      method: 'get',
      path: '/api/folders/:folder_id/permissions',
      access: 'permission',
      operation: `query ($id: ID!, $scope: String, $page: Int, $pageLimit: Int, $q: String) { folderPermissions(id: $id, scope: $scope, page: $page, pageLimit: $pageLimit, q: $q) { ${CURRENT_ROLES} ${ROLE_PAGE_FIELDS} } }`,
      variables: (input) => ({ id: input.path.folder_id, ...input.rolePage() }),
      shape: (data) => (data.folderPermissions.current ? folderRolesDict(data.folderPermissions.current) : rolePageDict(data.folderPermissions.available!)),
    }),
    route<{ setFolderPermissions: { current: RolesData } }>({
      method: 'post',
      path: '/api/folders/:folder_id/permissions',
      access: 'permission',
      operation: `mutation ($id: ID!, $action: String, $roles: PermissionRolesInput!) { setFolderPermissions(id: $id, action: $action, roles: $roles) { ${CURRENT_ROLES} } }`,
      variables: (input) => ({
        id: input.path.folder_id,
        action: input.string('action') ?? null,
        roles: { add: input.list('add_ids') ?? [], manage: input.list('manage_ids') ?? [], modify: input.list('modify_ids') ?? [] },
      }),
      shape: (data) => folderRolesDict(data.setFolderPermissions.current),
    }),
    route<{ folderContentsBatches: { header: FolderHeader | null; items: Dict[] } }>({
      method: 'get',
      path: '/api/folders/:folder_id/contents',
      access: 'anonymous',
      // Streamed batch by batch as the items are read; the first batch carries the folder's metadata.
      operation: `subscription ($id: ID!, $includeDeleted: Boolean) { folderContentsBatches(id: $id, includeDeleted: $includeDeleted) {
        header { fullPath { id name } canAddLibraryItem canModifyFolder parentLibraryId }
        items { id type name createTime updateTime deleted canModify canManage fileExt dateUploaded fileSize isUnrestricted isPrivate }
      } }`,
      // The platform reads include_deleted with asbool (1, y, t… are true); what it cannot parse is false.
      variables: (input) => ({ id: input.path.folder_id, includeDeleted: asBool(input.get('include_deleted')) ?? false }),
      stream: () => (data) => data.folderContentsBatches.items.map(folderItemJson).join(','),
      streamFrame: {
        open: (data) => `{"metadata":${JSON.stringify(folderMetadata(data.folderContentsBatches.header!))},"folder_contents":[`,
        close: ']}',
      },
    }),
    route<{ copyToFolder: Dict }>({
      method: 'post',
      path: '/api/folders/:folder_id/contents',
      access: 'permission',
      operation: `mutation ($folderId: ID!, $fromHdaId: ID, $message: String, $extendedMetadata: JSON) { copyToFolder(folderId: $folderId, fromHdaId: $fromHdaId, lddaMessage: $message, extendedMetadata: $extendedMetadata) { ${VERSION_FIELDS} } }`,
      variables: (input) => ({
        folderId: input.path.folder_id,
        fromHdaId: input.string('from_hda_id') ?? null,
        message: input.string('ldda_message') ?? null,
        extendedMetadata: input.json('extended_metadata'),
      }),
      shape: (data) => ({ ...versionDict(data.copyToFolder), update_time: libraryTime(data.copyToFolder.updateTime) }),
    }),
    route({ method: 'get', path: '/api/folders/:folder_id/contents/:id', access: 'user', notImplemented: '' }),
    route({ method: 'put', path: '/api/folders/:folder_id/contents/:id', access: 'user', notImplemented: '' }),
    route<{ folder: Dict }>({
      method: 'get',
      path: '/api/folders/:folder_id',
      access: 'user',
      operation: `query ($id: ID!) { folder(id: $id) { ${FOLDER_FIELDS} } }`,
      variables: (input) => ({ id: input.path.folder_id }),
      shape: (data) => folderDict(data.folder),
    }),
    route<{ createFolder: Dict }>({
      method: 'post',
      path: '/api/folders/:folder_id',
      access: 'permission',
      operation: `mutation ($parentId: ID!, $name: String, $description: String) { createFolder(parentId: $parentId, name: $name, description: $description) { ${FOLDER_FIELDS} } }`,
      variables: (input) => ({ parentId: input.path.folder_id, name: input.string('name') ?? null, description: input.string('description') ?? null }),
      shape: (data) => folderDict(data.createFolder),
    }),
    route<{ deleteFolder: Dict }>({
      method: 'delete',
      path: '/api/folders/:folder_id',
      access: 'admin',
      operation: `mutation ($id: ID!, $undelete: Boolean) { deleteFolder(id: $id, undelete: $undelete) { ${FOLDER_FIELDS} } }`,
      variables: (input) => ({ id: input.path.folder_id, undelete: input.bool('undelete') }),
      shape: (data) => folderDict(data.deleteFolder),
    }),
    route({ method: 'put', path: '/api/folders/:folder_id', access: 'user', notImplemented: '' }),
  ],
};
