import type { RequestContext } from '../../context/request-context';
import { PERMISSION_ACTIONS, type PermissionAction } from '../../entities/item-permission.entity';
import { LibraryFolder } from '../../entities/library-folder.entity';
import { allows } from '../permissions/permission-rules';
import { callerRoleIds } from '../roles/held-roles';
import { decodeFolderId } from './folder-ids';
import { folderNotFound } from './folder.service';

export interface FolderContentItem {
  kind: 'folder' | 'file';
  id: number;
  name: string;
  createTime: Date;
  updateTime: Date;
  deleted: boolean;
  canModify?: boolean;
  canManage: boolean;
  fileExt?: string;
  dateUploaded?: Date;
  fileSize?: number;
  isUnrestricted?: boolean;
  isPrivate?: boolean;
}

export interface FolderContents {
  folder: LibraryFolder;
  fullPath: Array<{ id: number; name: string }>;
  canAddLibraryItem: boolean;
  canModifyFolder: boolean;
  libraryId: number;
  items: FolderContentItem[];
}

type Grants = Map<string, Map<string, number[]>>;

/**
 * The first level of a folder, folders before datasets, each with what the caller may do; deleted
 * items only with `include_deleted` and the right to modify them. A constant number of queries.
 */
export class FolderContentsService {
  async list(ctx: RequestContext, encodedId: string, includeDeleted: boolean): Promise<FolderContents> {
    const id = decodeFolderId(ctx, encodedId);
    const folder = await ctx.em.findOne(LibraryFolder, { id }, { populate: ['library'] });
    if (!folder) throw folderNotFound(encodedId);
    if (!(await ctx.services.libraries.mayAccess(ctx, folder.library))) {
      if (folder.parent === null) throw ctx.services.libraries.notFoundError(ctx.services.ids.encode(folder.library.id));
      throw folderNotFound(encodedId);
    }
    const admin = ctx.caller.isAdmin;
    const held = new Set(await callerRoleIds(ctx));
    const subfolders = await ctx.em.execute<Array<{ id: number; name: string; create_time: Date; update_time: Date; deleted: boolean }>>(
      'select id, name, create_time, update_time, deleted from library_folder where parent_id = ? order by name, id',
      [folder.id],
    );
    const datasets = await ctx.em.execute<
      Array<{ id: number; name: string; create_time: Date; update_time: Date; deleted: boolean; extension: string; uploaded: Date; file_size: string | null; dataset_id: number }>
    >(
      `select ld.id, ld.name, ld.create_time, ld.update_time, ld.deleted, ldda.extension, ldda.create_time as uploaded, d.file_size, d.id as dataset_id
       from library_dataset ld
       join library_dataset_dataset_association ldda on ldda.id = ld.ldda_id
       join dataset d on d.id = ldda.dataset_id
       where ld.folder_id = ? order by ld.name, ld.id`,
      [folder.id],
    );
    const grants = await this.grants(ctx, folder.id, subfolders.map((f) => Number(f.id)), datasets.map((d) => Number(d.id)), datasets.map((d) => Number(d.dataset_id)));
    const granted = (type: string, itemId: number, action: string) => grants.get(`${type}:${itemId}`)?.get(action) ?? [];
    const can = (type: string, itemId: number, action: PermissionAction) => admin || allows(action, granted(type, itemId, action), held);
    const privateRoleId = await this.privateRoleId(ctx);

    const items: FolderContentItem[] = [];
    for (const row of subfolders) {
      const fid = Number(row.id);
      const canModify = can('folder', fid, PERMISSION_ACTIONS.libraryModify);
      // Active subfolders are listed to everyone who may open the library, as on the platform (their
      // contents are filtered when opened); deleted ones need include_deleted and the modify right.
      if (row.deleted && !(includeDeleted && canModify)) continue;
      items.push({ kind: 'folder', id: fid, name: row.name, createTime: new Date(row.create_time), updateTime: new Date(row.update_time), deleted: row.deleted, canModify, canManage: can('folder', fid, PERMISSION_ACTIONS.libraryManage) });
    }
    for (const row of datasets) {
      const ldId = Number(row.id);
      const datasetId = Number(row.dataset_id);
      const access = granted('dataset', datasetId, PERMISSION_ACTIONS.datasetAccess);
      if (row.deleted) {
        if (!(includeDeleted && can('library_dataset', ldId, PERMISSION_ACTIONS.libraryModify))) continue;
      } else if (!admin && !allows(PERMISSION_ACTIONS.datasetAccess, access, held)) {
        continue;
      }
      items.push({
        kind: 'file',
        id: ldId,
        name: row.name,
        createTime: new Date(row.create_time),
        updateTime: new Date(row.update_time),
        deleted: row.deleted,
        fileExt: row.extension,
        dateUploaded: new Date(row.uploaded),
        fileSize: Number(row.file_size ?? 0),
        isUnrestricted: access.length === 0,
        isPrivate: access.length === 1 && access[0] === privateRoleId,
        canManage: can('dataset', datasetId, PERMISSION_ACTIONS.datasetManage),
      });
    }
    return {
      folder,
      fullPath: await ctx.services.folders.ancestry(ctx, folder.id),
      canAddLibraryItem: can('folder', folder.id, PERMISSION_ACTIONS.libraryAdd),
      canModifyFolder: can('folder', folder.id, PERMISSION_ACTIONS.libraryModify),
      libraryId: folder.library.id,
      items,
    };
  }

  /** Every grant on the folder, its subfolders, its library datasets and their datasets: one query. */
  private async grants(ctx: RequestContext, folderId: number, subfolderIds: number[], libraryDatasetIds: number[], datasetIds: number[]): Promise<Grants> {
    const rows = await ctx.em.execute<Array<{ item_type: string; item_id: number; action: string; role_id: number }>>(
      `select item_type, item_id, action, role_id from item_permission
       where (item_type = 'folder' and item_id = any(?::int[]))
          or (item_type = 'library_dataset' and item_id = any(?::int[]))
          or (item_type = 'dataset' and item_id = any(?::int[]))
       order by id`,
      [`{${[folderId, ...subfolderIds].join(',')}}`, `{${libraryDatasetIds.join(',')}}`, `{${datasetIds.join(',')}}`],
    );
    const grants: Grants = new Map();
    for (const row of rows) {
      const key = `${row.item_type}:${row.item_id}`;
      const actions = grants.get(key) ?? new Map<string, number[]>();
      actions.set(row.action, [...(actions.get(row.action) ?? []), Number(row.role_id)]);
      grants.set(key, actions);
    }
    return grants;
  }

  /** The caller's private role (a dataset accessible only through it is private to them). */
  private async privateRoleId(ctx: RequestContext): Promise<number | null> {
    return ctx.services.libraryDatasets.privateRoleId(ctx);
  }
}
