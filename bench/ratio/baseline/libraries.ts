import type { Response } from 'express';
import type { Ctx } from './http';
import { decodeId, encodeFolderId, encodeId, HttpError, notFound, writeChunk } from './http';
import { dataTypeOf, datasetPath, libraryTime, metadataKeys, niceSize, platformTime } from './formats';

/** Rows per read of a streamed listing. */
export const STREAM_BATCH = 1000;

/*
 * The platform's permission rules, written into the SQL below (as the service's permission-rules.ts):
 * - access actions restrict: an item without access roles is public; a library admits a caller who
 *   holds ANY of its access roles, a dataset one who holds ALL of them;
 * - add, modify and manage grant: the caller must hold one of the granted roles (none: nobody);
 * - administrators ($3) may do everything.
 * `caller.roles` are the roles the caller holds: their own and their groups' ($2, the caller's user id;
 * null for an anonymous caller, who holds none).
 */

// ---- GET /api/libraries/datasets/{id}

interface LibraryDatasetRow {
  id: number;
  name: string;
  deleted: boolean;
  folder_id: number;
  library_id: number;
  ldda_id: number;
  info: string | null;
  blurb: string | null;
  peek: string | null;
  extension: string;
  dbkey: string;
  metadata: Record<string, unknown>;
  message: string | null;
  create_time: Date;
  update_time: Date;
  dataset_id: number;
  state: string;
  file_size: string | null;
  uuid: string;
  external_filename: string | null;
  uploaded_by: string | null;
  may_access: boolean;
  is_unrestricted: boolean;
  can_modify: boolean;
  can_manage: boolean;
  expired_versions: Array<{ id: number; name: string }>;
  folder_path: Array<{ id: number; name: string }>;
}

/** $1 library dataset id, $2 caller's user id (null: anonymous), $3 caller is an administrator. */
const LIBRARY_DATASET_DETAIL = `
  with recursive caller as (
    select array(select role_id from user_role_association where user_id = $2
                 union
                 select gra.role_id from group_role_association gra join user_group_association uga on uga.group_id = gra.group_id where uga.user_id = $2) as roles
  ),
  folder_path(id, parent_id, name, depth) as (
    select f.id, f.parent_id, f.name, 0 from library_folder f join library_dataset ld on ld.folder_id = f.id where ld.id = $1
    union all
    select f.id, f.parent_id, f.name, up.depth + 1 from library_folder f join folder_path up on f.id = up.parent_id
  )
  select ld.id, ld.name, ld.deleted, ld.folder_id, f.library_id,
         v.id as ldda_id, v.info, v.blurb, v.peek, v.extension, v.dbkey, v.metadata, v.message, v.create_time, v.update_time,
         d.id as dataset_id, d.state, d.file_size, d.uuid, d.external_filename,
         uploader.email as uploaded_by,
         $3::boolean or (
           not l.deleted
           and (not exists (select 1 from item_permission p where p.item_type = 'library' and p.item_id = l.id and p.action = 'access library')
                or exists (select 1 from item_permission p where p.item_type = 'library' and p.item_id = l.id and p.action = 'access library' and p.role_id = any(caller.roles)))
           and (access.roles is null or access.roles <@ caller.roles)
         ) as may_access,
         access.roles is null as is_unrestricted,
         $3::boolean or exists (select 1 from item_permission p where p.item_type = 'library_dataset' and p.item_id = ld.id and p.action = 'modify library item' and p.role_id = any(caller.roles)) as can_modify,
         $3::boolean or exists (select 1 from item_permission p where p.item_type = 'dataset' and p.item_id = d.id and p.action = 'manage permissions' and p.role_id = any(caller.roles)) as can_manage,
         coalesce((select json_agg(json_build_object('id', e.id, 'name', e.name) order by e.id desc)
                   from library_dataset_dataset_association e where e.library_dataset_id = ld.id and e.id <> v.id), '[]') as expired_versions,
         (select json_agg(json_build_object('id', fp.id, 'name', fp.name) order by fp.depth desc) from folder_path fp) as folder_path
  from caller, library_dataset ld
  join library_dataset_dataset_association v on v.id = ld.ldda_id
  join dataset d on d.id = v.dataset_id
  join library_folder f on f.id = ld.folder_id
  join library l on l.id = f.library_id
  left join galaxy_user uploader on uploader.id = v.user_id
  left join lateral (select array_agg(p.role_id order by p.id) as roles
                     from item_permission p where p.item_type = 'dataset' and p.item_id = d.id and p.action = 'access') access on true
  where ld.id = $1`;

/** The library dataset detail (platform-facts §4.9): the current version, its versions, its path and the caller's rights. */
export async function showLibraryDataset(ctx: Ctx, encodedId: string): Promise<Record<string, unknown>> {
  const missing = () => notFound(`The requested library dataset was not found ( ${encodedId} ).`);
  const id = decodeId(ctx, encodedId, missing);
  const ld = await ctx.sql.row<LibraryDatasetRow>(LIBRARY_DATASET_DETAIL, [id, ctx.caller?.userId ?? null, ctx.caller?.isAdmin ?? false]);
  // An inaccessible library dataset is reported as not found; a deleted one is still shown (flagged).
  if (!ld || !ld.may_access) throw missing();
  const expired = ld.expired_versions.map((version) => [encodeId(ctx, version.id), version.name]);
  const dict: Record<string, unknown> = {
    model_class: 'LibraryDataset',
    id: encodeId(ctx, ld.id),
    hda_ldda: 'ldda',
    name: ld.name,
    deleted: ld.deleted,
    visible: true,
    state: ld.state,
    library_dataset_id: encodeId(ctx, ld.id),
    file_size: niceSize(Number(ld.file_size ?? 0)),
    file_name: ctx.caller?.isAdmin ? datasetPath(ctx.app.filesDir, ld.dataset_id, ld.external_filename) : null,
    update_time: platformTime(ld.update_time),
    file_ext: ld.extension,
    data_type: dataTypeOf(ld.extension),
    genome_build: ld.dbkey,
    misc_info: ld.info,
    misc_blurb: ld.blurb,
    peek: ld.peek,
    uuid: ld.uuid,
    parent_library_id: encodeId(ctx, ld.library_id),
    folder_id: encodeFolderId(ctx, ld.folder_id),
    ...metadataKeys(ld.metadata),
    ldda_id: encodeId(ctx, ld.ldda_id),
    date_uploaded: libraryTime(ld.create_time),
    uploaded_by: ld.uploaded_by,
    message: ld.message,
    expired_versions: expired,
    full_path: [...ld.folder_path.map((folder) => [encodeFolderId(ctx, folder.id), folder.name]), [encodeId(ctx, ld.id), ld.name]],
    can_user_modify: ld.can_modify,
    can_user_manage: ld.can_manage,
    is_unrestricted: ld.is_unrestricted,
  };
  if (expired.length > 0) dict.has_versions = true;
  return dict;
}

// ---- GET /api/folders/{id}/contents

/** The folder, whether the caller may open its library, what the caller may do in it, its path from the root. */
export interface FolderRow {
  parent_id: number | null;
  library_id: number;
  library_accessible: boolean;
  can_add_library_item: boolean;
  can_modify_folder: boolean;
  full_path: Array<{ id: number; name: string }>;
}

/** $1 folder id, $2 caller's user id (null: anonymous), $3 caller is an administrator. */
export const FOLDER = `
  with recursive caller as (
    select array(select role_id from user_role_association where user_id = $2
                 union
                 select gra.role_id from group_role_association gra join user_group_association uga on uga.group_id = gra.group_id where uga.user_id = $2) as roles
  ),
  folder_path(id, parent_id, name, depth) as (
    select id, parent_id, name, 0 from library_folder where id = $1
    union all
    select f.id, f.parent_id, f.name, up.depth + 1 from library_folder f join folder_path up on f.id = up.parent_id
  )
  select f.parent_id, f.library_id,
         $3::boolean or (
           not l.deleted
           and (not exists (select 1 from item_permission p where p.item_type = 'library' and p.item_id = l.id and p.action = 'access library')
                or exists (select 1 from item_permission p where p.item_type = 'library' and p.item_id = l.id and p.action = 'access library' and p.role_id = any(caller.roles)))
         ) as library_accessible,
         $3::boolean or exists (select 1 from item_permission p where p.item_type = 'folder' and p.item_id = f.id and p.action = 'add library item' and p.role_id = any(caller.roles)) as can_add_library_item,
         $3::boolean or exists (select 1 from item_permission p where p.item_type = 'folder' and p.item_id = f.id and p.action = 'modify library item' and p.role_id = any(caller.roles)) as can_modify_folder,
         (select json_agg(json_build_object('id', fp.id, 'name', fp.name) order by fp.depth desc) from folder_path fp) as full_path
  from caller, library_folder f
  join library l on l.id = f.library_id
  where f.id = $1`;

/** A subfolder (is_file false) or a library dataset (is_file true); the file_* columns are null for folders. */
export interface ItemRow {
  is_file: boolean;
  id: number;
  name: string;
  create_time: Date;
  update_time: Date;
  deleted: boolean;
  can_modify: boolean;
  can_manage: boolean;
  file_ext: string | null;
  date_uploaded: Date | null;
  file_size: string | null;
  is_unrestricted: boolean | null;
  is_private: boolean | null;
}

/**
 * $1 folder id, $2 caller's user id (null: anonymous), $3 caller is an administrator, $4 include_deleted.
 * Subfolders first (active ones for everyone; deleted ones with include_deleted and the modify right),
 * then library datasets (active ones the caller may access; deleted ones with include_deleted and the
 * modify right); each by name, then id.
 */
export const FOLDER_ITEMS = `
  with caller as (
    select array(select role_id from user_role_association where user_id = $2
                 union
                 select gra.role_id from group_role_association gra join user_group_association uga on uga.group_id = gra.group_id where uga.user_id = $2) as roles,
           (select ura.role_id from user_role_association ura join role r on r.id = ura.role_id
            where ura.user_id = $2 and r.type = 'private' order by ura.id limit 1) as private_role
  ),
  subfolders as (
    select s.id, s.name, s.create_time, s.update_time, s.deleted,
           $3::boolean or exists (select 1 from item_permission p where p.item_type = 'folder' and p.item_id = s.id and p.action = 'modify library item' and p.role_id = any(caller.roles)) as can_modify,
           $3::boolean or exists (select 1 from item_permission p where p.item_type = 'folder' and p.item_id = s.id and p.action = 'manage library permissions' and p.role_id = any(caller.roles)) as can_manage
    from caller, library_folder s
    where s.parent_id = $1
  ),
  datasets as (
    select ld.id, ld.name, ld.create_time, ld.update_time, ld.deleted,
           $3::boolean or exists (select 1 from item_permission p where p.item_type = 'library_dataset' and p.item_id = ld.id and p.action = 'modify library item' and p.role_id = any(caller.roles)) as can_modify,
           $3::boolean or exists (select 1 from item_permission p where p.item_type = 'dataset' and p.item_id = d.id and p.action = 'manage permissions' and p.role_id = any(caller.roles)) as can_manage,
           v.extension as file_ext, v.create_time as date_uploaded, d.file_size,
           access.roles is null as is_unrestricted,
           coalesce(access.roles = array[caller.private_role], false) as is_private,
           $3::boolean or access.roles is null or access.roles <@ caller.roles as accessible
    from caller, library_dataset ld
    join library_dataset_dataset_association v on v.id = ld.ldda_id
    join dataset d on d.id = v.dataset_id
    left join lateral (select array_agg(p.role_id order by p.id) as roles
                       from item_permission p where p.item_type = 'dataset' and p.item_id = d.id and p.action = 'access') access on true
    where ld.folder_id = $1
  )
  select false as is_file, id, name, create_time, update_time, deleted, can_modify, can_manage,
         null as file_ext, null::timestamptz as date_uploaded, null::bigint as file_size, null::boolean as is_unrestricted, null::boolean as is_private
  from subfolders
  where not deleted or ($4::boolean and can_modify)
  union all
  select true, id, name, create_time, update_time, deleted, can_modify, can_manage, file_ext, date_uploaded, file_size, is_unrestricted, is_private
  from datasets
  where (not deleted and accessible) or (deleted and $4::boolean and can_modify)
  order by is_file, name, id`;

/** The platform's `cut_the_prefix`: 'F' and a length of 1 modulo 16, then an encoded id. */
export function decodeFolderId(ctx: Ctx, text: string): number {
  if (!text.startsWith('F') || text.length % 16 !== 1) throw new HttpError('MalformedId', `Malformed folder id ( ${text} ) specified, unable to decode.`);
  const rest = text.slice(1);
  return decodeId(ctx, rest, () => new HttpError('MalformedId', `Malformed folder id ( ${rest} ) specified, unable to decode`));
}

/** GET /api/folders/{id}/contents: the first level of a folder with what the caller may do. */
export async function folderContents(ctx: Ctx, encodedId: string, includeDeleted: boolean): Promise<(res: Response) => Promise<void>> {
  const id = decodeFolderId(ctx, encodedId);
  const caller = [ctx.caller?.userId ?? null, ctx.caller?.isAdmin ?? false];
  const folder = await ctx.sql.row<FolderRow>(FOLDER, [id, ...caller]);
  if (!folder) throw notFound(`Folder with the id provided ( ${encodedId} ) was not found`);
  if (!folder.library_accessible) {
    if (folder.parent_id === null) throw notFound(`Library with the id provided ( ${encodeId(ctx, folder.library_id)} ) was not found`);
    throw notFound(`Folder with the id provided ( ${encodedId} ) was not found`);
  }
  const metadata = {
    full_path: folder.full_path.map((entry) => [encodeFolderId(ctx, entry.id), entry.name]),
    can_add_library_item: folder.can_add_library_item,
    can_modify_folder: folder.can_modify_folder,
    parent_library_id: encodeId(ctx, folder.library_id),
  };
  // Streamed: the items' one statement read by cursor, each batch written as it comes.
  return async (res) => {
    if (!(await writeChunk(res, `{"metadata":${JSON.stringify(metadata)},"folder_contents":[`))) return;
    let first = true;
    for await (const rows of ctx.sql.batches<ItemRow>(FOLDER_ITEMS, [id, ...caller, includeDeleted], STREAM_BATCH)) {
      const text = rows.map((item) => JSON.stringify(folderItem(ctx, item))).join(',');
      if (!(await writeChunk(res, first ? text : `,${text}`))) return;
      first = false;
    }
    await writeChunk(res, ']}');
  };
}

/** A listed subfolder or dataset as the platform writes it. */
export function folderItem(ctx: Ctx, item: ItemRow): Record<string, unknown> {
  const common = { name: item.name, update_time: libraryTime(item.update_time), create_time: libraryTime(item.create_time), deleted: item.deleted };
  if (!item.is_file) return { id: encodeFolderId(ctx, item.id), type: 'folder', ...common, can_modify: item.can_modify, can_manage: item.can_manage };
  return {
    id: encodeId(ctx, item.id),
    type: 'file',
    ...common,
    file_ext: item.file_ext,
    date_uploaded: item.date_uploaded && libraryTime(item.date_uploaded),
    is_unrestricted: item.is_unrestricted,
    is_private: item.is_private,
    can_manage: item.can_manage,
    file_size: niceSize(Number(item.file_size ?? 0)),
  };
}
