import { asBool, stringAsBool } from '../../../src/format/booleans';
import { isPlainObject } from '../../../src/http/body-parser';
import type { Request } from 'express';
import { alternative, route, type RouteArea } from '../../core/route';
import type { RouteInput } from '../../core/route-input';
import { receivedFileAsUpload } from '../../../src/http/received-upload';
import { FOLDER_FIELDS, folderDict, LIBRARY_FIELDS, libraryDict, ROLE_PAGE_FIELDS, rolePageDict, rolePairs } from '../../serializers/library.reply';
import { COLLECTION_FIELDS, collectionDict, DETAIL_FIELDS, libraryDatasetDict, VERSION_FIELDS, versionDict } from '../../serializers/library.reply';
import { foldersArea } from './folders.routes';
import { libraryDatasetChangeRoutes } from './library-dataset-changes.routes';
import { libraryDatasetRoutes } from './library-datasets.routes';
import { jsonString } from '../../serializers/json-text';

type Dict = Record<string, unknown>;
type Roles = Array<{ id: string; name: string }>;

const contentUrl = (libraryId: string, id: string) => `/api/libraries/${libraryId}/contents/${id}`;


const libraryRolesDict = (roles: { access: Roles; add: Roles; manage: Roles; modify: Roles }) => ({
  access_library_role_list: rolePairs(roles.access),
  add_library_item_role_list: rolePairs(roles.add),
  manage_library_role_list: rolePairs(roles.manage),
  modify_library_role_list: rolePairs(roles.modify),
});

/** `LIBRARY_ACCESS_in`… without an action: the form of the platform's first library permissions API. */
const isLegacyLibraryPermissions = (input: RouteInput) =>
  input.string('action') === undefined && ['ACCESS', 'ADD', 'MANAGE', 'MODIFY'].some((name) => input.has(`LIBRARY_${name}_in`));

/** The inputs of `POST /api/libraries/{id}/contents`, whichever shape its reply takes. */
const contentVariables = (input: RouteInput, req?: Request) => ({
  libraryId: input.path.library_id,
  input: {
    createType: input.string('create_type') ?? null,
    folderId: input.string('folder_id') ?? null,
    name: input.string('name') ?? null,
    description: input.string('description') ?? null,
    fromHdaId: input.string('from_hda_id') ?? null,
    lddaMessage: input.string('ldda_message') ?? null,
    extendedMetadata: input.json('extended_metadata'),
    collectionType: input.string('collection_type') ?? null,
    elementIdentifiers: input.json('element_identifiers'),
    uploadOption: input.string('upload_option') ?? null,
    serverDir: input.string('server_dir') ?? null,
    filesystemPaths: input.string('filesystem_paths') ?? null,
    linkDataOnly: input.string('link_data_only') ?? null,
    fileType: input.string('file_type') ?? null,
    dbkey: input.string('dbkey') ?? null,
    pasted: input.string('files_0|url_paste') ?? input.string('url_paste') ?? null,
    files: (req?.files ?? []).map(receivedFileAsUpload),
  },
});

const LIBRARY_ROLES = 'current { access { id name } add { id name } manage { id name } modify { id name } }';

export const librariesArea: RouteArea = {
  area: 'libraries',
  routes: [
    ...libraryDatasetChangeRoutes,
    ...libraryDatasetRoutes,
    route<{ libraries: Dict[] }>({
      method: 'get',
      path: '/api/libraries',
      access: 'anonymous',
      operation: `query ($deleted: Boolean) { libraries(deleted: $deleted) { ${LIBRARY_FIELDS} } }`,
      // The platform's asbool: absent or unparsable means no filter (administrators then see deleted ones too).
      variables: (input) => ({ deleted: asBool(input.get('deleted')) ?? null }),
      shape: (data) => data.libraries.map(libraryDict),
    }),
    // The platform's legacy spelling of deleted libraries; before `/api/libraries/:library_id`.
    route<{ libraries: Dict[] }>({
      method: 'get',
      path: '/api/libraries/deleted',
      access: 'anonymous',
      operation: `query { libraries(deleted: true) { ${LIBRARY_FIELDS} } }`,
      shape: (data) => data.libraries.map(libraryDict),
    }),
    route<{ deletedLibrary: Dict }>({
      method: 'get',
      path: '/api/libraries/deleted/:library_id',
      access: 'anonymous',
      operation: `query ($id: ID!) { deletedLibrary(id: $id) { ${LIBRARY_FIELDS} } }`,
      variables: (input) => ({ id: input.path.library_id }),
      shape: (data) => libraryDict(data.deletedLibrary),
    }),
    route<{ createLibrary: Dict }>({
      method: 'post',
      path: '/api/libraries',
      access: 'admin',
      operation: `mutation ($input: LibraryInput!) { createLibrary(input: $input) { ${LIBRARY_FIELDS} } }`,
      variables: (input) => ({ input: { name: input.string('name'), description: input.string('description'), synopsis: input.string('synopsis') } }),
      shape: (data) => libraryDict(data.createLibrary),
    }),
    route<{ libraryContentsBatches: { items: Array<{ id: string; type: string; name: string }> } }>({
      method: 'get',
      path: '/api/libraries/:library_id/contents',
      access: 'user',
      // Streamed batch by batch as the datasets are read.
      operation: 'subscription ($libraryId: ID!) { libraryContentsBatches(libraryId: $libraryId) { items { id type name } } }',
      variables: (input) => ({ libraryId: input.path.library_id }),
      stream: (input) => {
        const libraryId = input.path.library_id;
        // The url's text up to the item's id, escaped once; an id JSON writes as it is (the codec's
        // hex) goes in bare, so a 100,000-item listing escapes two texts an item, not four.
        const urlHead = jsonString(contentUrl(libraryId, '')).slice(0, -1);
        const itemJson = (item: { id: string; type: string; name: string }): string => {
          const id = jsonString(item.id);
          const url = id.length === item.id.length + 2 ? `${urlHead}${item.id}"` : jsonString(contentUrl(libraryId, item.id));
          return `{"id":${id},"type":${item.type === 'file' ? '"file"' : jsonString(item.type)},"name":${jsonString(item.name)},"url":${url}}`;
        };
        return (data) => data.libraryContentsBatches.items.map(itemJson).join(',');
      },
    }),
    route<unknown>({
      method: 'post',
      path: '/api/libraries/:library_id/contents',
      access: 'permission',
      errorStyle: 'text-or-error-dict',
      alternatives: {
        // The platform answers a copy of a history dataset with the new version's dictionary, not a list.
        pick: (input) => (input.has('from_hda_id') && input.string('create_type') === 'file' ? 'fromHda' : 'create'),
        routes: {
          create: alternative<{ createLibraryContent: Array<{ id: string; name: string; collection: Dict | null }> }>({
            operation: `mutation ($libraryId: ID!, $input: LibraryContentInput!) { createLibraryContent(libraryId: $libraryId, input: $input) { id name collection { ${COLLECTION_FIELDS} } } }`,
            variables: contentVariables,
            shape: (data, input) =>
              data.createLibraryContent.map((item) =>
                item.collection ? collectionDict(item.collection, contentUrl(input.path.library_id, item.id)) : { id: item.id, name: item.name, url: contentUrl(input.path.library_id, item.id) },
              ),
          }),
          fromHda: alternative<{ createLibraryContent: Array<{ version: Dict }> }>({
            operation: `mutation ($libraryId: ID!, $input: LibraryContentInput!) { createLibraryContent(libraryId: $libraryId, input: $input) { version { ${VERSION_FIELDS} } } }`,
            variables: contentVariables,
            shape: (data) => versionDict(data.createLibraryContent[0].version),
          }),
        },
      },
    }),
    route<{ libraryContent: { folder: Dict | null; dataset: Dict | null } }>({
      method: 'get',
      path: '/api/libraries/:library_id/contents/:id',
      access: 'user',
      operation: `query ($libraryId: ID!, $id: ID!) { libraryContent(libraryId: $libraryId, id: $id) { folder { ${FOLDER_FIELDS} } dataset { ${DETAIL_FIELDS} } } }`,
      variables: (input) => ({ libraryId: input.path.library_id, id: input.path.id }),
      shape: (data) => (data.libraryContent.folder ? folderDict(data.libraryContent.folder) : libraryDatasetDict(data.libraryContent.dataset as Dict)),
    }),
    route<{ recordLibraryConversion: { id: string; parentId: string; convertedId: string; type: string } }>({
      method: 'put',
      path: '/api/libraries/:library_id/contents/:id',
      access: 'permission',
      operation: 'mutation ($libraryId: ID!, $id: ID!, $converted: ID) { recordLibraryConversion(libraryId: $libraryId, id: $id, convertedDatasetId: $converted) { id parentId convertedId type } }',
      variables: (input) => {
        const payload = input.get('payload');
        const converted = input.string('converted_dataset_id') ?? (isPlainObject(payload) && typeof payload.converted_dataset_id === 'string' ? payload.converted_dataset_id : null);
        return { libraryId: input.path.library_id, id: input.path.id, converted };
      },
      shape: (data) => ({
        model_class: 'ImplicitlyConvertedDatasetAssociation',
        id: data.recordLibraryConversion.id,
        ldda_parent_id: data.recordLibraryConversion.parentId,
        ldda_id: data.recordLibraryConversion.convertedId,
        type: data.recordLibraryConversion.type,
        deleted: false,
        metadata_safe: true,
      }),
    }),
    route<{ deleteLibraryContent: { id: string; deleted: boolean; purged: boolean } }>({
      method: 'delete',
      path: '/api/libraries/:library_id/contents/:id',
      access: 'permission',
      operation: 'mutation ($libraryId: ID!, $id: ID!, $purge: Boolean) { deleteLibraryContent(libraryId: $libraryId, id: $id, purge: $purge) { id deleted purged } }',
      variables: (input) => {
        const payload = input.get('payload');
        return { libraryId: input.path.library_id, id: input.path.id, purge: input.bool('purge') || (isPlainObject(payload) && stringAsBool(payload.purge)) };
      },
      // The platform's dict: `purged` only when purged.
      shape: (data) => {
        const { id, deleted, purged } = data.deleteLibraryContent;
        return purged ? { id, deleted, purged } : { id, deleted };
      },
    }),
    route<{ libraryPermissions: { current: Parameters<typeof libraryRolesDict>[0] | null; available: Parameters<typeof rolePageDict>[0] | null } }>({
      method: 'get',
      path: '/api/libraries/:library_id/permissions',
      access: 'permission',
      operation: `query ($id: ID!, $scope: String, $page: Int, $pageLimit: Int, $q: String) { libraryPermissions(id: $id, scope: $scope, page: $page, pageLimit: $pageLimit, q: $q) { ${LIBRARY_ROLES} ${ROLE_PAGE_FIELDS} } }`,
      variables: (input) => ({ id: input.path.library_id, ...input.rolePage() }),
      shape: (data) => (data.libraryPermissions.current ? libraryRolesDict(data.libraryPermissions.current) : rolePageDict(data.libraryPermissions.available!)),
    }),
    route<{ setLibraryPermissions: { current: Parameters<typeof libraryRolesDict>[0]; library: Dict } }>({
      method: 'post',
      path: '/api/libraries/:library_id/permissions',
      access: 'permission',
      operation: `mutation ($id: ID!, $action: String, $roles: PermissionRolesInput!) { setLibraryPermissions(id: $id, action: $action, roles: $roles) { ${LIBRARY_ROLES} library { ${LIBRARY_FIELDS} } } }`,
      variables: (input) => {
        if (isLegacyLibraryPermissions(input)) {
          // The platform's older form (BioBlend's set_library_permissions): every list, encoded role ids.
          const legacy = (name: string) => input.listify(`LIBRARY_${name}_in`) ?? [];
          return { id: input.path.library_id, action: 'set_permissions', roles: { access: legacy('ACCESS'), add: legacy('ADD'), manage: legacy('MANAGE'), modify: legacy('MODIFY') } };
        }
        return {
          id: input.path.library_id,
          action: input.string('action') ?? null,
          roles: { access: input.list('access_ids') ?? [], add: input.list('add_ids') ?? [], manage: input.list('manage_ids') ?? [], modify: input.list('modify_ids') ?? [] },
        };
      },
      // The older form answers with the library, the current one with its roles.
      shape: (data, input) => (isLegacyLibraryPermissions(input) ? libraryDict(data.setLibraryPermissions.library) : libraryRolesDict(data.setLibraryPermissions.current)),
    }),
    route<{ library: Dict }>({
      method: 'get',
      path: '/api/libraries/:library_id',
      access: 'anonymous',
      operation: `query ($id: ID!) { library(id: $id) { ${LIBRARY_FIELDS} } }`,
      variables: (input) => ({ id: input.path.library_id }),
      shape: (data) => libraryDict(data.library),
    }),
    route<{ updateLibrary: Dict }>({
      method: 'patch',
      path: '/api/libraries/:library_id',
      access: 'admin',
      operation: `mutation ($id: ID!, $input: LibraryInput!) { updateLibrary(id: $id, input: $input) { ${LIBRARY_FIELDS} } }`,
      variables: (input) => ({ id: input.path.library_id, input: { name: input.string('name'), description: input.string('description'), synopsis: input.string('synopsis') } }),
      shape: (data) => libraryDict(data.updateLibrary),
    }),
    route<{ deleteLibrary: Dict }>({
      method: 'delete',
      path: '/api/libraries/:library_id',
      access: 'admin',
      operation: `mutation ($id: ID!, $undelete: Boolean) { deleteLibrary(id: $id, undelete: $undelete) { ${LIBRARY_FIELDS} } }`,
      variables: (input) => ({ id: input.path.library_id, undelete: input.bool('undelete') }),
      shape: (data) => libraryDict(data.deleteLibrary),
    }),
    ...foldersArea.routes,
  ],
};
