import { niceSize } from '../../src/format/nice-size';
import { libraryTimestamp } from '../../src/format/timestamps';
import { pythonIso } from '../core/shape';
import { jsonString, jsonValue } from './json-text';

/** Shapes of the libraries area (platform-facts §4.9, §5.1, §5.2). */

type Dict = Record<string, unknown>;

/** The library timestamp (`%Y-%m-%d %I:%M %p`) of a GraphQL date-time. */
export const libraryTime = (value: unknown): string | null => (typeof value === 'string' ? libraryTimestamp(new Date(value)) : null);

const UTC_ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/**
 * `libraryTime` of a UTC ISO string (what the graph's DateTimeISO writes) read off its digits, with no
 * Date per value: listings of 100,000 items format three each. Anything else takes `libraryTime`.
 */
export function libraryTimeOfIso(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (!UTC_ISO.test(value)) return libraryTime(value);
  const hours = (value.charCodeAt(11) - 48) * 10 + (value.charCodeAt(12) - 48);
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${value.slice(0, 10)} ${twelve < 10 ? '0' : ''}${twelve}:${value.slice(14, 16)} ${hours < 12 ? 'AM' : 'PM'}`;
}

export const LIBRARY_FIELDS = 'id name description synopsis deleted createTime rootFolderId public canUserAdd canUserModify canUserManage';

export function libraryDict(library: Dict): Dict {
  const dict: Dict = {
    model_class: 'Library',
    id: library.id,
    name: library.name,
    description: library.description,
    synopsis: library.synopsis,
    root_folder_id: library.rootFolderId,
    create_time: pythonIso(library.createTime),
    deleted: library.deleted,
    can_user_add: library.canUserAdd,
    can_user_modify: library.canUserModify,
    can_user_manage: library.canUserManage,
  };
  if (library.public) dict.public = true;
  return dict;
}

export const FOLDER_FIELDS = 'id parentId name description itemCount genomeBuild updateTime deleted libraryPath parentLibraryId';

export function folderDict(folder: Dict): Dict {
  return {
    model_class: 'LibraryFolder',
    id: folder.id,
    parent_id: folder.parentId,
    name: folder.name,
    description: folder.description,
    item_count: folder.itemCount,
    genome_build: folder.genomeBuild,
    update_time: pythonIso(folder.updateTime),
    deleted: folder.deleted,
    library_path: folder.libraryPath,
    parent_library_id: folder.parentLibraryId,
  };
}

export const VERSION_FIELDS =
  'id name fileExt fileSize state genomeBuild miscInfo miscBlurb peek uuid dataType createTime updateTime libraryDatasetId folderId parentLibraryId message uploadedBy fileName metadata';

/** The platform's `LibraryDatasetDatasetAssociation.to_dict()` (a version). */
export function versionDict(version: Dict): Dict {
  const dict: Dict = {
    model_class: 'LibraryDatasetDatasetAssociation',
    id: version.id,
    hda_ldda: 'ldda',
    name: version.name,
    deleted: false,
    visible: true,
    state: version.state,
    library_dataset_id: version.libraryDatasetId,
    file_size: version.fileSize,
    file_name: version.fileName,
    update_time: pythonIso(version.updateTime),
    file_ext: version.fileExt,
    data_type: version.dataType,
    genome_build: version.genomeBuild,
    misc_info: version.miscInfo,
    misc_blurb: version.miscBlurb,
    peek: version.peek,
    uuid: version.uuid,
    parent_library_id: version.parentLibraryId,
    folder_id: version.folderId,
  };
  for (const [name, value] of Object.entries((version.metadata ?? {}) as Dict)) dict[`metadata_${name}`] = value;
  return dict;
}

export const COLLECTION_FIELDS = `id name collectionType populated deleted folderId elements { id elementIndex elementIdentifier object { ${VERSION_FIELDS} } }`;

/** The platform's dataset-collection instance dictionary of a collection placed in a folder. */
export function collectionDict(collection: Dict, url: string): Dict {
  const elements = collection.elements as Dict[];
  return {
    model_class: 'LibraryDatasetCollectionAssociation',
    id: collection.id,
    name: collection.name,
    collection_type: collection.collectionType,
    type: 'collection',
    deleted: collection.deleted,
    folder_id: collection.folderId,
    populated: collection.populated,
    url,
    elements: elements.map((element) => ({
      model_class: 'DatasetCollectionElement',
      id: element.id,
      element_index: element.elementIndex,
      element_identifier: element.elementIdentifier,
      element_type: 'ldda',
      object: element.object ? versionDict(element.object as Dict) : null,
    })),
  };
}

export const DETAIL_FIELDS = `id name deleted canUserModify canUserManage isUnrestricted
  current { ${VERSION_FIELDS} }
  expiredVersions { id name }
  fullPath { id name }`;

/** The library dataset detail of the contract: current version, versions, path, rights. */
export function libraryDatasetDict(detail: Dict): Dict {
  const current = detail.current as Dict;
  const expired = (detail.expiredVersions as Array<{ id: string; name: string }>).map((v) => [v.id, v.name]);
  const dict: Dict = {
    ...versionDict(current),
    model_class: 'LibraryDataset',
    id: detail.id,
    ldda_id: current.id,
    name: detail.name,
    deleted: detail.deleted,
    folder_id: current.folderId,
    parent_library_id: current.parentLibraryId,
    file_size: niceSize(current.fileSize),
    date_uploaded: libraryTime(current.createTime),
    uploaded_by: current.uploadedBy,
    message: current.message,
    expired_versions: expired,
    full_path: (detail.fullPath as Array<{ id: string; name: string }>).map((entry) => [entry.id, entry.name]),
    can_user_modify: detail.canUserModify,
    can_user_manage: detail.canUserManage,
    is_unrestricted: detail.isUnrestricted,
  };
  if (expired.length > 0) dict.has_versions = true;
  return dict;
}

/** A folder contents item: folders carry can_modify/can_manage; files their type, size and access. */
export function folderItemDict(item: Dict): Dict {
  const common = { id: item.id, type: item.type, name: item.name, update_time: libraryTime(item.updateTime), create_time: libraryTime(item.createTime), deleted: item.deleted };
  if (item.type === 'folder') return { ...common, can_modify: item.canModify, can_manage: item.canManage };
  return {
    ...common,
    file_ext: item.fileExt,
    date_uploaded: libraryTime(item.dateUploaded),
    is_unrestricted: item.isUnrestricted,
    is_private: item.isPrivate,
    can_manage: item.canManage,
    // Null only for a dataset the caller may not read (its size is not shown to them).
    file_size: item.fileSize === null ? null : niceSize(item.fileSize),
  };
}

const text = JSON.stringify;

/** `libraryTimeOfIso` as JSON: its text is digits, dashes, colons, a space and AM or PM, never escaped. */
const libraryTimeJson = (value: unknown): string => {
  const time = libraryTimeOfIso(value);
  return time === null ? 'null' : `"${time}"`;
};

/**
 * `JSON.stringify(folderItemDict(item))`, written straight from the selection: a streamed listing of
 * 100,000 items builds no dictionary per item. An item lacking a field (a selection never does)
 * takes the generic path, which leaves the key out as the dictionary would.
 */
export function folderItemJson(item: Dict): string {
  const { id, type, name, updateTime, createTime, deleted, canManage } = item;
  if (id === undefined || type === undefined || name === undefined || updateTime === undefined || createTime === undefined || deleted === undefined || canManage === undefined) {
    return text(folderItemDict(item));
  }
  const head = `{"id":${jsonValue(id)},"type":${type === 'file' ? '"file"' : jsonValue(type)},"name":${jsonValue(name)},"update_time":${libraryTimeJson(updateTime)},"create_time":${libraryTimeJson(createTime)},"deleted":${jsonValue(deleted)}`;
  if (type === 'folder') {
    if (item.canModify === undefined) return text(folderItemDict(item));
    return `${head},"can_modify":${jsonValue(item.canModify)},"can_manage":${jsonValue(canManage)}}`;
  }
  const { fileExt, dateUploaded, isUnrestricted, isPrivate, fileSize } = item;
  if (fileExt === undefined || dateUploaded === undefined || isUnrestricted === undefined || isPrivate === undefined || fileSize === undefined || fileSize === null) {
    return text(folderItemDict(item));
  }
  return (
    `${head},"file_ext":${jsonValue(fileExt)},"date_uploaded":${libraryTimeJson(dateUploaded)},"is_unrestricted":${jsonValue(isUnrestricted)},` +
    `"is_private":${jsonValue(isPrivate)},"can_manage":${jsonValue(canManage)},"file_size":${jsonString(niceSize(fileSize))}}`
  );
}

export const ROLE_PAGE_FIELDS = 'available { roles { id name type } page pageLimit total }';

export function rolePageDict(page: { roles: Array<{ id: string; name: string; type: string }>; page: number; pageLimit: number; total: number }, idIsName = false): Dict {
  return { roles: page.roles.map((role) => ({ id: idIsName ? role.name : role.id, name: role.name, type: role.type })), page: page.page, page_limit: page.pageLimit, total: page.total };
}

/** `[name, encoded id]` pairs, as the folder's current-roles view lists them. */
export const rolePairs = (roles: Array<{ id: string; name: string }>) => roles.map((role) => [role.name, role.id]);
