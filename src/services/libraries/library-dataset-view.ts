import type { ServiceContext } from '../../context/service-context';
import { sql } from '../../db/sql/sql-statement';
import type { DatasetState } from '../../entities/dataset.entity';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import { datasetAccessibleSql, datasetUnrestrictedSql, grantedSql, heldRolesCte, libraryAccessibleSql } from '../permissions';

/** What the graph reads of a library dataset version (an LDDA entity with its dataset and user satisfies it). */
export interface LddaView {
  id: number;
  name: string;
  extension: string;
  dbkey: string;
  info: string | null;
  blurb: string | null;
  peek: string | null;
  metadata: Record<string, unknown>;
  message: string | null;
  createTime: Date;
  updateTime: Date;
  user: { email: string } | null;
  libraryDataset: { id: number };
  dataset: { id: number; fileSize: number | null; state: DatasetState; uuid: string; externalFilename: string | null; fileRoot: string | null; extraFilesPath: string | null };
}

/** The detail of a library dataset as the caller may see it: current version, expired versions, path, rights. */
export interface LibraryDatasetDetail {
  dataset: { id: number; name: string; deleted: boolean; folder: { id: number; library: { id: number } } };
  ldda: LddaView;
  expired: Array<{ id: number; name: string }>;
  fullPath: Array<{ id: number; name: string; kind: 'folder' | 'file' }>;
  canModify: boolean;
  canManage: boolean;
  isUnrestricted: boolean;
}

interface DetailRow {
  id: number;
  name: string;
  deleted: boolean;
  folderId: number;
  libraryId: number;
  libraryDeleted: boolean;
  lddaId: number;
  lddaName: string;
  extension: string;
  dbkey: string;
  info: string | null;
  blurb: string | null;
  peek: string | null;
  metadata: Record<string, unknown>;
  message: string | null;
  createTime: Date;
  updateTime: Date;
  uploadedBy: string | null;
  datasetId: number;
  state: DatasetState;
  fileSize: number | null;
  uuid: string;
  externalFilename: string | null;
  fileRoot: string | null;
  extraFilesPath: string | null;
  libraryAccessible: boolean;
  datasetAccessible: boolean;
  isUnrestricted: boolean;
  canModify: boolean;
  canManage: boolean;
  expired: Array<{ id: number; name: string }>;
  folderPath: Array<{ id: number; name: string }>;
}

/** The library dataset, its current version, the caller's rights (from their roles, `$2`), versions and path: one statement. */
const DETAIL = sql<DetailRow>(
  'library_dataset_detail',
  `with ${heldRolesCte('$2')}
   select ld.id, ld.name, ld.deleted, ld.folder_id as "folderId", f.library_id as "libraryId", l.deleted as "libraryDeleted",
          a.id as "lddaId", a.name as "lddaName", a.extension, a.dbkey, a.info, a.blurb, a.peek, a.metadata, a.message,
          a.create_time as "createTime", a.update_time as "updateTime", u.email as "uploadedBy",
          d.id as "datasetId", d.state, d.file_size::float8 as "fileSize", d.uuid, d.external_filename as "externalFilename", d.file_root as "fileRoot", d.extra_files_path as "extraFilesPath",
          ${libraryAccessibleSql('f.library_id')} as "libraryAccessible",
          ${datasetAccessibleSql('d.id')} as "datasetAccessible",
          ${datasetUnrestrictedSql('d.id')} as "isUnrestricted",
          ${grantedSql('library_dataset', 'ld.id', PERMISSION_ACTIONS.libraryModify)} as "canModify",
          ${grantedSql('dataset', 'd.id', PERMISSION_ACTIONS.datasetManage)} as "canManage",
          coalesce((select json_agg(json_build_object('id', v.id, 'name', v.name) order by v.id desc)
                      from library_dataset_dataset_association v where v.library_dataset_id = ld.id and v.id <> a.id), '[]') as expired,
          (with recursive up(id, parent_id, name, depth) as (
             select p.id, p.parent_id, p.name, 0 from library_folder p where p.id = ld.folder_id
             union all
             select p.id, p.parent_id, p.name, up.depth + 1 from library_folder p join up on p.id = up.parent_id)
           select json_agg(json_build_object('id', up.id, 'name', up.name) order by up.depth desc) from up) as "folderPath"
     from library_dataset ld
     join library_dataset_dataset_association a on a.id = ld.ldda_id
     join dataset d on d.id = a.dataset_id
     join library_folder f on f.id = ld.folder_id
     join library l on l.id = f.library_id
     left join galaxy_user u on u.id = a.user_id
    where ld.id = $1`,
);

/**
 * The detail of a library dataset, or null when it does not exist or the caller may not access it
 * (a library they may not open, or a dataset whose access roles they do not all hold). Deleted
 * library datasets are shown (flagged) to those who may access them, as on the platform.
 */
export async function readLibraryDatasetDetail(ctx: ServiceContext, id: number): Promise<LibraryDatasetDetail | null> {
  const row = await ctx.one(DETAIL, [id, ctx.caller.userId]);
  if (!row) return null;
  const admin = ctx.caller.isAdmin;
  if (!admin && (row.libraryDeleted || !row.libraryAccessible || !row.datasetAccessible)) return null;
  return {
    dataset: { id: row.id, name: row.name, deleted: row.deleted, folder: { id: row.folderId, library: { id: row.libraryId } } },
    ldda: {
      id: row.lddaId,
      name: row.lddaName,
      extension: row.extension,
      dbkey: row.dbkey,
      info: row.info,
      blurb: row.blurb,
      peek: row.peek,
      metadata: row.metadata,
      message: row.message,
      createTime: row.createTime,
      updateTime: row.updateTime,
      user: row.uploadedBy === null ? null : { email: row.uploadedBy },
      libraryDataset: { id: row.id },
      dataset: { id: row.datasetId, fileSize: row.fileSize, state: row.state, uuid: row.uuid, externalFilename: row.externalFilename, fileRoot: row.fileRoot, extraFilesPath: row.extraFilesPath },
    },
    expired: row.expired,
    fullPath: [...row.folderPath.map((folder) => ({ ...folder, kind: 'folder' as const })), { id: row.id, name: row.name, kind: 'file' as const }],
    canModify: admin || row.canModify,
    canManage: admin || row.canManage,
    isUnrestricted: row.isUnrestricted,
  };
}
