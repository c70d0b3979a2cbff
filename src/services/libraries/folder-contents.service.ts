import type { RequestContext } from '../../context/request-context';
import { sql } from '../../db/sql/sql-statement';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import { datasetAccessibleSql, datasetUnrestrictedSql, grantedSql, heldRolesCte, libraryAccessibleSql } from '../permissions/permission-rules';
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
  /** The current version's dataset state (files only). */
  state?: string;
  isUnrestricted?: boolean;
  isPrivate?: boolean;
}

export interface FolderContents {
  fullPath: Array<{ id: number; name: string }>;
  canAddLibraryItem: boolean;
  canModifyFolder: boolean;
  libraryId: number;
  items: FolderContentItem[];
}

interface FolderRow {
  id: number;
  parentId: number | null;
  libraryId: number;
  libraryDeleted: boolean;
  libraryAccessible: boolean;
  canAdd: boolean;
  canModify: boolean;
  path: Array<{ id: number; name: string }>;
}

/** The folder, whether the caller may open its library, their rights on it (roles of `$2`), and its path. */
const FOLDER = sql<FolderRow>(
  'folder_contents_folder',
  `with ${heldRolesCte('$2')}
   select f.id, f.parent_id as "parentId", f.library_id as "libraryId", l.deleted as "libraryDeleted",
          ${libraryAccessibleSql('f.library_id')} as "libraryAccessible",
          ${grantedSql('folder', 'f.id', PERMISSION_ACTIONS.libraryAdd)} as "canAdd",
          ${grantedSql('folder', 'f.id', PERMISSION_ACTIONS.libraryModify)} as "canModify",
          (with recursive up(id, parent_id, name, depth) as (
             select p.id, p.parent_id, p.name, 0 from library_folder p where p.id = f.id
             union all
             select p.id, p.parent_id, p.name, up.depth + 1 from library_folder p join up on p.id = up.parent_id)
           select json_agg(json_build_object('id', up.id, 'name', up.name) order by up.depth desc) from up) as path
     from library_folder f join library l on l.id = f.library_id
    where f.id = $1`,
);

interface ItemRow {
  kind: 'folder' | 'file';
  id: number;
  name: string;
  createTime: Date;
  updateTime: Date;
  deleted: boolean;
  canModify: boolean;
  canManage: boolean;
  fileExt: string | null;
  dateUploaded: Date | null;
  fileSize: number | null;
  state: string | null;
  isUnrestricted: boolean | null;
  isPrivate: boolean | null;
}

/**
 * The first level of folder `$1` for the caller of roles `$2` (`$3`: an administrator, `$4`:
 * include_deleted), folders then datasets, each by name: the access rules in SQL, so only what the
 * caller may see comes back. Active subfolders are listed to everyone who may open the library, as on
 * the platform (their contents are filtered when opened); deleted items need include_deleted and the
 * modify right; active datasets need every one of their access roles.
 */
const ITEMS = sql<ItemRow>(
  'folder_contents_items',
  `with ${heldRolesCte('$2')},
   private_role(id) as (select r.id from user_role_association ura join role r on r.id = ura.role_id where ura.user_id = $2 and r.type = 'private' order by ura.id limit 1),
   folders as (
     select sf.id, sf.name, sf.create_time, sf.update_time, sf.deleted,
            ${grantedSql('folder', 'sf.id', PERMISSION_ACTIONS.libraryModify)} as can_modify,
            ${grantedSql('folder', 'sf.id', PERMISSION_ACTIONS.libraryManage)} as can_manage
       from library_folder sf where sf.parent_id = $1),
   files as (
     select ld.id, ld.name, ld.create_time, ld.update_time, ld.deleted, a.extension, a.create_time as uploaded,
            coalesce(d.file_size, 0)::float8 as file_size, d.state,
            ${grantedSql('library_dataset', 'ld.id', PERMISSION_ACTIONS.libraryModify)} as can_modify,
            ${grantedSql('dataset', 'd.id', PERMISSION_ACTIONS.datasetManage)} as can_manage,
            ${datasetAccessibleSql('d.id')} as accessible,
            ${datasetUnrestrictedSql('d.id')} as unrestricted,
            (select array_agg(p.role_id) from item_permission p where p.item_type = 'dataset' and p.item_id = d.id and p.action = '${PERMISSION_ACTIONS.datasetAccess}')
              = (select array_agg(id) from private_role) as private
       from library_dataset ld
       join library_dataset_dataset_association a on a.id = ld.ldda_id
       join dataset d on d.id = a.dataset_id
      where ld.folder_id = $1)
   select 'folder' as kind, id, name, create_time as "createTime", update_time as "updateTime", deleted,
          $3 or can_modify as "canModify", $3 or can_manage as "canManage",
          null as "fileExt", null::timestamptz as "dateUploaded", null::float8 as "fileSize", null::text as state, null::boolean as "isUnrestricted", null::boolean as "isPrivate"
     from folders where not deleted or ($4 and ($3 or can_modify))
   union all
   select 'file', id, name, create_time, update_time, deleted, $3 or can_modify, $3 or can_manage,
          extension, uploaded, file_size, state, unrestricted, coalesce(private, false)
     from files where (not deleted and ($3 or accessible)) or (deleted and $4 and ($3 or can_modify))
   order by 1 desc, 3, 2`,
);

/**
 * The first level of a folder, folders before datasets, each with what the caller may do; deleted
 * items only with `include_deleted` and the right to modify them. Two statements, whatever its size
 * (the datasets' states included).
 */
export class FolderContentsService {
  async list(ctx: RequestContext, encodedId: string, includeDeleted: boolean): Promise<FolderContents> {
    const id = decodeFolderId(ctx, encodedId);
    const admin = ctx.caller.isAdmin;
    const userId = ctx.caller.userId;
    const folder = await ctx.one(FOLDER, [id, userId]);
    if (!folder) throw folderNotFound(encodedId);
    if (!admin && (folder.libraryDeleted || !folder.libraryAccessible)) {
      if (folder.parentId === null) throw ctx.services.libraries.notFoundError(ctx.services.ids.encode(folder.libraryId));
      throw folderNotFound(encodedId);
    }
    const rows = await ctx.rows(ITEMS, [id, userId, admin, includeDeleted]);
    return {
      fullPath: folder.path,
      canAddLibraryItem: admin || folder.canAdd,
      canModifyFolder: admin || folder.canModify,
      libraryId: folder.libraryId,
      items: rows.map((row): FolderContentItem => {
        if (row.kind === 'folder') {
          return { kind: 'folder', id: row.id, name: row.name, createTime: row.createTime, updateTime: row.updateTime, deleted: row.deleted, canModify: row.canModify, canManage: row.canManage };
        }
        return {
          kind: 'file',
          id: row.id,
          name: row.name,
          createTime: row.createTime,
          updateTime: row.updateTime,
          deleted: row.deleted,
          canManage: row.canManage,
          fileExt: row.fileExt ?? undefined,
          dateUploaded: row.dateUploaded ?? undefined,
          fileSize: row.fileSize ?? 0,
          state: row.state ?? undefined,
          isUnrestricted: row.isUnrestricted ?? false,
          isPrivate: row.isPrivate ?? false,
        };
      }),
    };
  }
}
