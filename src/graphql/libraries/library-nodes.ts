import type { RequestContext } from '../../context/request-context';
import { loadDatatypesRegistry } from '../../datatypes';
import type { FolderContentItem, FolderContents } from '../../services/libraries';
import type { CreatedCollection, LibraryContentEntry } from '../../services/libraries';
import { encodeFolderId } from '../../services/libraries';
import type { LddaView, LibraryDatasetDetail } from '../../services/libraries';
import { encoded } from '../shared/encoded-id';
import type { FolderContentItemType, FolderContentsType, LibraryCollectionType, LibraryContentEntryType, LibraryDatasetDetailType, LibraryDatasetVersionType } from './library.types';

/** Library items as the graph shows them: encoded ids ('F' for folders) and plain fields, built once. */

export function versionNode(ctx: RequestContext, ldda: LddaView, folderId: number, libraryId: number): LibraryDatasetVersionType {
  return {
    id: encoded(ctx, ldda.id),
    name: ldda.name,
    fileExt: ldda.extension,
    fileSize: ldda.dataset.fileSize ?? 0,
    state: ldda.dataset.state,
    genomeBuild: ldda.dbkey,
    miscInfo: ldda.info,
    miscBlurb: ldda.blurb,
    peek: ldda.peek,
    uuid: ldda.dataset.uuid,
    dataType: loadDatatypesRegistry().className(ldda.extension) ?? 'galaxy.datatypes.data.Data',
    createTime: ldda.createTime,
    updateTime: ldda.updateTime,
    libraryDatasetId: encoded(ctx, ldda.libraryDataset.id),
    folderId: encodeFolderId(ctx, folderId),
    parentLibraryId: encoded(ctx, libraryId),
    message: ldda.message,
    uploadedBy: ldda.user?.email ?? null,
    fileName: ctx.caller.isAdmin ? ctx.services.layout.objects.pathOf(ldda.dataset) : null,
    metadata: ldda.metadata,
    libraryDatasetKey: ldda.libraryDataset.id,
    datasetKey: ldda.dataset.id,
  };
}

export function detailNode(ctx: RequestContext, detail: LibraryDatasetDetail): LibraryDatasetDetailType {
  const { dataset: ld, ldda } = detail;
  return {
    id: encoded(ctx, ld.id),
    name: ld.name,
    deleted: ld.deleted,
    current: versionNode(ctx, ldda, ld.folder.id, ld.folder.library.id),
    expiredVersions: detail.expired.map((version) => ({ id: encoded(ctx, version.id), name: version.name })),
    fullPath: detail.fullPath.map((entry) => ({ id: entry.kind === 'folder' ? encodeFolderId(ctx, entry.id) : encoded(ctx, entry.id), name: entry.name })),
    canUserModify: detail.canModify,
    canUserManage: detail.canManage,
    isUnrestricted: detail.isUnrestricted,
  };
}

export function folderContentsNode(ctx: RequestContext, contents: FolderContents): FolderContentsType {
  return { ...folderHeaderNode(ctx, contents), items: contents.items.map((item) => folderItemNode(ctx, item)) };
}

export function folderHeaderNode(ctx: RequestContext, contents: Omit<FolderContents, 'items'>): Omit<FolderContentsType, 'items'> {
  return {
    fullPath: contents.fullPath.map((entry) => ({ id: encodeFolderId(ctx, entry.id), name: entry.name })),
    canAddLibraryItem: contents.canAddLibraryItem,
    canModifyFolder: contents.canModifyFolder,
    parentLibraryId: encoded(ctx, contents.libraryId),
  };
}

export function folderItemNode(ctx: RequestContext, item: FolderContentItem): FolderContentItemType {
  return {
    id: item.kind === 'folder' ? encodeFolderId(ctx, item.id) : encoded(ctx, item.id),
    type: item.kind,
    name: item.name,
    createTime: item.createTime,
    updateTime: item.updateTime,
    deleted: item.deleted,
    canModify: item.canModify ?? null,
    canManage: item.canManage,
    fileExt: item.fileExt ?? null,
    dateUploaded: item.dateUploaded ?? null,
    fileSize: item.fileSize ?? null,
    state: item.state ?? null,
    isUnrestricted: item.isUnrestricted ?? null,
    isPrivate: item.isPrivate ?? null,
  };
}

export function collectionNode(ctx: RequestContext, created: CreatedCollection): LibraryCollectionType {
  const { association, elements } = created;
  const folder = association.folder;
  return {
    id: encoded(ctx, association.id),
    name: association.name,
    collectionType: association.collection.collectionType,
    populated: association.collection.populated,
    deleted: association.deleted,
    folderId: encodeFolderId(ctx, folder.id),
    elements: elements.map((element) => ({
      id: encoded(ctx, element.id),
      elementIndex: element.elementIndex,
      elementIdentifier: element.elementIdentifier,
      object: element.ldda ? versionNode(ctx, element.ldda, element.ldda.libraryDataset.folder.id, folder.library.id) : null,
    })),
  };
}

export function libraryEntryNode(ctx: RequestContext, entry: LibraryContentEntry): LibraryContentEntryType {
  return { id: entry.kind === 'folder' ? encodeFolderId(ctx, entry.id) : encoded(ctx, entry.id), type: entry.kind, name: entry.name };
}
