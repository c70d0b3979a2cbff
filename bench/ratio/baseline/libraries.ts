import type { Ctx } from './http';
import { type BodyWriter, decodeId, encodeFolderId, encodeId, HttpError, notFound, writeChunk } from './http';
import { dataTypeOf, datasetPath, libraryTime, libraryTimeOfIso, metadataKeys, niceSize, platformTime } from './formats';

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

/*
 * The statements of the service's listing (src/services/libraries/folder-contents.service.ts and
 * folder-items-sql.ts), written here as plain SQL: the folder with the caller's roles, its rights and path,
 * and its subfolders and datasets counted up to one more than a batch; then its subfolders, then its
 * datasets, each read in the listing's order off the folder's (name, id) index (no union to sort whole,
 * each dataset's version by a correlated lookup, its access and manage grants in one probe). The caller's
 * roles are a parameter of the items' statements. A part of a batch or less is read as one statement, an
 * empty part not at all, a bigger one by cursor.
 */

/** The folder, whether the caller may open its library, what the caller may do in it, its path from the root, the caller's roles. */
export interface FolderRow {
  parent_id: number | null;
  library_id: number;
  library_deleted: boolean;
  library_accessible: boolean;
  can_add_library_item: boolean;
  can_modify_folder: boolean;
  full_path: Array<{ id: number; name: string }>;
  roles: number[];
  private_role: number | null;
  subfolder_rows: number;
  dataset_rows: number;
}

/** Up to one more than a batch of a folder's subfolders or datasets, counted off the table's folder index. */
const countedRows = (table: 'library_folder' | 'library_dataset') => {
  const [column, order] = table === 'library_folder' ? ['parent_id', 'c.parent_id'] : ['folder_id', 'c.folder_id, c.name, c.id'];
  return `(select count(*) from (select 1 from ${table} c where c.${column} = f.id order by ${order} limit ${STREAM_BATCH + 1}) c)::int`;
};

/** $1 folder id, $2 caller's user id (null: anonymous). */
export const FOLDER = `
  with held(role_id) as (
    select ura.role_id from user_role_association ura where ura.user_id = $2
    union
    select gra.role_id from group_role_association gra join user_group_association uga on uga.group_id = gra.group_id where uga.user_id = $2
  )
  select f.parent_id, f.library_id, l.deleted as library_deleted,
         (not exists (select 1 from item_permission p where p.item_type = 'library' and p.item_id = f.library_id and p.action = 'access library')
          or exists (select 1 from item_permission p join held on held.role_id = p.role_id where p.item_type = 'library' and p.item_id = f.library_id and p.action = 'access library')) as library_accessible,
         exists (select 1 from item_permission p join held on held.role_id = p.role_id where p.item_type = 'folder' and p.item_id = f.id and p.action = 'add library item') as can_add_library_item,
         exists (select 1 from item_permission p join held on held.role_id = p.role_id where p.item_type = 'folder' and p.item_id = f.id and p.action = 'modify library item') as can_modify_folder,
         (with recursive up(id, parent_id, name, depth) as (
            select p.id, p.parent_id, p.name, 0 from library_folder p where p.id = f.id
            union all
            select p.id, p.parent_id, p.name, up.depth + 1 from library_folder p join up on p.id = up.parent_id)
          select json_agg(json_build_object('id', up.id, 'name', up.name) order by up.depth desc) from up) as full_path,
         array(select role_id from held) as roles,
         (select r.id from user_role_association ura join role r on r.id = ura.role_id
           where ura.user_id = $2 and r.type = 'private' order by ura.id limit 1) as private_role,
         ${countedRows('library_folder')} as subfolder_rows, ${countedRows('library_dataset')} as dataset_rows
  from library_folder f join library l on l.id = f.library_id
  where f.id = $1`;

/** A subfolder or a library dataset; times as the text of their UTC instant; the file columns null for folders. */
export interface ItemRow {
  is_file: boolean;
  id: number;
  name: string;
  create_time: string;
  update_time: string;
  deleted: boolean;
  can_modify: boolean | null;
  can_manage: boolean;
  file_ext: string | null;
  date_uploaded: string | null;
  file_size: number | null;
  is_unrestricted: boolean | null;
  is_private: boolean | null;
}

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** $1 folder id, $2 the caller's roles, $3 administrator, $4 include_deleted: active subfolders, deleted ones with include_deleted and the modify right. */
export const SUBFOLDERS = `
  select false as is_file, sf.id, sf.name, ${iso('sf.create_time')} as create_time, ${iso('sf.update_time')} as update_time, sf.deleted,
         $3 or fp.can_modify as can_modify, $3 or fp.can_manage as can_manage,
         null::text as file_ext, null::text as date_uploaded, null::float8 as file_size, null::boolean as is_unrestricted, null::boolean as is_private
  from library_folder sf
  cross join lateral (
    select coalesce(bool_or(p.action = 'modify library item'), false) as can_modify, coalesce(bool_or(p.action = 'manage library permissions'), false) as can_manage
    from item_permission p where p.item_type = 'folder' and p.item_id = sf.id and p.role_id = any($2::int[])) fp
  where sf.parent_id = $1 and (not sf.deleted or ($4 and ($3 or fp.can_modify)))
  order by sf.name, sf.id`;

/** The caller may read the dataset: an administrator, or a holder of every one of its access roles (none: public). */
const FILE_READABLE = '($3 or dp.access is null or dp.access <@ $2::int[])';

/**
 * $1-$4 as SUBFOLDERS, $5 the caller's private role: active datasets the caller may read; deleted ones with
 * include_deleted and the modify right (named only, when the caller may not read them).
 */
export const FILES = `
  select true as is_file, ld.id, ld.name, ${iso('ld.create_time')} as create_time, ${iso('ld.update_time')} as update_time, ld.deleted,
         null::boolean as can_modify, $3 or dp.can_manage as can_manage,
         case when ${FILE_READABLE} then a.extension::text end as file_ext, ${iso('a.create_time')} as date_uploaded,
         case when ${FILE_READABLE} then coalesce(a.file_size, 0)::float8 end as file_size,
         dp.access is null as is_unrestricted, coalesce(dp.access = array[$5::int], false) as is_private
  from library_dataset ld
  cross join lateral (
    select va.extension, va.create_time, va.dataset_id, d.file_size
    from library_dataset_dataset_association va join dataset d on d.id = va.dataset_id
    where va.id = ld.ldda_id limit 1) a
  cross join lateral (
    select array_agg(p.role_id) filter (where p.action = 'access') as access,
           coalesce(bool_or(p.role_id = any($2::int[])) filter (where p.action = 'manage permissions'), false) as can_manage
    from item_permission p where p.item_type = 'dataset' and p.item_id = a.dataset_id and p.action in ('access', 'manage permissions')) dp
  where ld.folder_id = $1
    and ((not ld.deleted and ${FILE_READABLE})
         or (ld.deleted and $4 and ($3 or coalesce((select true from item_permission mp
              where mp.item_type = 'library_dataset' and mp.item_id = ld.id and mp.action = 'modify library item' and mp.role_id = any($2::int[]) limit 1), false))))
  order by ld.name, ld.id`;

/** The platform's `cut_the_prefix`: 'F' and a length of 1 modulo 16, then an encoded id. */
export function decodeFolderId(ctx: Ctx, text: string): number {
  if (!text.startsWith('F') || text.length % 16 !== 1) throw new HttpError('MalformedId', `Malformed folder id ( ${text} ) specified, unable to decode.`);
  const rest = text.slice(1);
  return decodeId(ctx, rest, () => new HttpError('MalformedId', `Malformed folder id ( ${rest} ) specified, unable to decode`));
}

/** A part's rows in batches: one statement when the count says it fits a batch, else by cursor. */
function partRows(ctx: Ctx, text: string, values: unknown[], counted: number): AsyncIterable<ItemRow[]> {
  if (counted > STREAM_BATCH) return ctx.sql.batches<ItemRow>(text, values, STREAM_BATCH);
  return (async function* () {
    yield await ctx.sql.rows<ItemRow>(text, values);
  })();
}

/** GET /api/folders/{id}/contents: the first level of a folder with what the caller may do. */
export async function folderContents(ctx: Ctx, encodedId: string, includeDeleted: boolean): Promise<BodyWriter> {
  const id = decodeFolderId(ctx, encodedId);
  const admin = ctx.caller?.isAdmin ?? false;
  const folder = await ctx.sql.row<FolderRow>(FOLDER, [id, ctx.caller?.userId ?? null]);
  if (!folder) throw notFound(`Folder with the id provided ( ${encodedId} ) was not found`);
  if (!admin && (folder.library_deleted || !folder.library_accessible)) {
    if (folder.parent_id === null) throw notFound(`Library with the id provided ( ${encodeId(ctx, folder.library_id)} ) was not found`);
    throw notFound(`Folder with the id provided ( ${encodedId} ) was not found`);
  }
  const metadata = {
    full_path: folder.full_path.map((entry) => [encodeFolderId(ctx, entry.id), entry.name]),
    can_add_library_item: admin || folder.can_add_library_item,
    can_modify_folder: admin || folder.can_modify_folder,
    parent_library_id: encodeId(ctx, folder.library_id),
  };
  const params = [id, folder.roles, admin, includeDeleted];
  // Each part's statement only when it has rows.
  const parts = ([[SUBFOLDERS, params, folder.subfolder_rows], [FILES, [...params, folder.private_role], folder.dataset_rows]] as Array<[string, unknown[], number]>).filter(
    ([, , counted]) => counted > 0,
  );
  // Streamed: each part's rows written batch by batch as they come.
  const write: BodyWriter = async (res) => {
    if (!(await writeChunk(res, `{"metadata":${JSON.stringify(metadata)},"folder_contents":[`))) return;
    let first = true;
    for (const [text, values, counted] of parts) {
      for await (const rows of partRows(ctx, text, values, counted)) {
        if (rows.length === 0) continue;
        const chunk = rows.map((item) => JSON.stringify(folderItem(ctx, item))).join(',');
        if (!(await writeChunk(res, first ? chunk : `,${chunk}`))) return;
        first = false;
      }
    }
    await writeChunk(res, ']}');
  };
  write.statements = parts.length;
  return write;
}

/** A listed subfolder or dataset as the platform writes it. */
export function folderItem(ctx: Ctx, item: ItemRow): Record<string, unknown> {
  const common = { name: item.name, update_time: libraryTimeOfIso(item.update_time), create_time: libraryTimeOfIso(item.create_time), deleted: item.deleted };
  if (!item.is_file) return { id: encodeFolderId(ctx, item.id), type: 'folder', ...common, can_modify: item.can_modify, can_manage: item.can_manage };
  return {
    id: encodeId(ctx, item.id),
    type: 'file',
    ...common,
    file_ext: item.file_ext,
    date_uploaded: item.date_uploaded && libraryTimeOfIso(item.date_uploaded),
    is_unrestricted: item.is_unrestricted,
    is_private: item.is_private,
    can_manage: item.can_manage,
    file_size: item.file_size === null ? null : niceSize(item.file_size),
  };
}
