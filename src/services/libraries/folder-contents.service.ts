import type { ServiceContext } from '../../context/service-context';
import { sql } from '../../db/sql/sql-statement';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import { grantedSql, heldRolesCte, libraryAccessibleSql } from '../permissions';
import { countedRows, FOLDER_ITEMS, type FolderItemRow } from './folder-items-sql';
import { decodeFolderId } from './folder-ids';
import { folderNotFound } from './folder.service';
import type { LibraryService } from './library.service';

/** A listed subfolder or dataset (see `FolderItemRow`: the statement's row). */
export type FolderContentItem = FolderItemRow;

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
  /** Subfolders and datasets of the folder, deleted or not, counted up to one more than a batch (`countedRows`). */
  subfolderRows: number;
  datasetRows: number;
  /** Every role the caller holds (own and groups'), for the items' statement. */
  roles: number[];
  privateRole: number | null;
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
           select json_agg(json_build_object('id', up.id, 'name', up.name) order by up.depth desc) from up) as path,
          array(select role_id from held) as roles,
          ${countedRows('library_folder', 'f.id')} as "subfolderRows", ${countedRows('library_dataset', 'f.id')} as "datasetRows",
          (select r.id from user_role_association ura join role r on r.id = ura.role_id
            where ura.user_id = $2 and r.type = 'private' order by ura.id limit 1) as "privateRole"
     from library_folder f join library l on l.id = f.library_id
    where f.id = $1`,
);

/** An opened folder: what the listing's statements need about it and its caller. */
export interface OpenedFolder {
  id: number;
  folder: FolderRow;
  /** $1-$5 of the items' statements (see folder-items-sql). */
  params: [number, number[], boolean, boolean, number | null];
}


/**
 * The first level of a folder, folders before datasets, each with what the caller may do; deleted
 * items only with `include_deleted` and the right to modify them. Two statements, whatever its size
 * (the datasets' states included).
 */
export class FolderContentsService {
  constructor(private readonly libraries: LibraryService) {}

  /** The folder a listing reads, once the caller may open its library (one statement). */
  async open(ctx: ServiceContext, encodedId: string, includeDeleted: boolean): Promise<OpenedFolder> {
    const id = decodeFolderId(ctx, encodedId);
    const admin = ctx.caller.isAdmin;
    const folder = await ctx.one(FOLDER, [id, ctx.caller.userId]);
    if (!folder) throw folderNotFound(encodedId);
    if (!admin && (folder.libraryDeleted || !folder.libraryAccessible)) {
      if (folder.parentId === null) throw this.libraries.notFoundError(ctx.services.ids.encode(folder.libraryId));
      throw folderNotFound(encodedId);
    }
    const roles = (folder.roles ?? []).map(Number);
    return { id, folder, params: [id, roles, admin, includeDeleted, folder.privateRole === null ? null : Number(folder.privateRole)] };
  }

  /** What the listing says about the folder itself. */
  header(opened: OpenedFolder, admin: boolean): Omit<FolderContents, 'items'> {
    return {
      fullPath: opened.folder.path,
      canAddLibraryItem: admin || opened.folder.canAdd,
      canModifyFolder: admin || opened.folder.canModify,
      libraryId: opened.folder.libraryId,
    };
  }

  async list(ctx: ServiceContext, encodedId: string, includeDeleted: boolean): Promise<FolderContents> {
    const opened = await this.open(ctx, encodedId, includeDeleted);
    const rows = await ctx.rows(FOLDER_ITEMS.for({ from: 'start', limited: false }), opened.params);
    return { ...this.header(opened, ctx.caller.isAdmin), items: rows };
  }
}
