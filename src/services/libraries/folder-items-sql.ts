import { sql, StatementShapes } from '../../db/sql/sql-statement';
import type { UtcIsoText } from '../../format/timestamps';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';

/**
 * The first level of a folder as SQL: subfolders then datasets, each by (name, id), read from a
 * position on (keyset), so a page costs the same wherever it is and the whole listing is one statement.
 *
 * Parameters: $1 folder id, $2 the caller's role ids (int[], computed once per request), $3 the caller
 * is an administrator, $4 include_deleted, $5 the caller's private role (null: none); then, when
 * positioned, $6 the name and $7 the id of the item the listing continues after; then the limit.
 *
 * Each item's grants are read by index (item_permission's (item_type, item_id, action, role_id)),
 * one probe per dataset for its access and manage roles together; a dataset's modify right is only
 * looked up for deleted ones (the listing shows it nowhere else). Active subfolders are listed to
 * everyone who may open the library (their contents are filtered when opened); deleted items need
 * include_deleted and the modify right; active datasets need every one of their access roles. A
 * deleted dataset listed to a holder of its modify right who lacks its access roles is named, not
 * described: its datatype and size are null (the platform 15.05 showed them).
 */

/** Items per batch of a streamed folder listing: the cursor reads this many rows at a time. */
export const FOLDER_ITEMS_BATCH = 1000;

/**
 * How far the folder's statement counts its subfolders and its datasets (each up to one more than a
 * batch, whatever their number: a bounded index read): a part of a batch or less is read as one
 * prepared statement, an empty one not at all; a bigger one by cursor.
 */
export const countedRows = (table: 'library_folder' | 'library_dataset', folderId: string) => {
  // Ordered as the table's folder index is, so the count reads that index: left to choose, the planner
  // took a big folder beside for the average and scanned the whole table for a limit it expected to
  // reach early (a 10-item folder read 100,000 rows).
  const [column, order] = table === 'library_folder' ? ['parent_id', 'c.parent_id'] : ['folder_id', 'c.folder_id, c.name, c.id'];
  return `(select count(*) from (select 1 from ${table} c where c.${column} = ${folderId} order by ${order} limit ${FOLDER_ITEMS_BATCH + 1}) c)::int`;
};

/** Where a listing starts: before everything, among the subfolders, or among the datasets. */
export type ItemsFrom = 'start' | 'folders' | 'files';

export interface ItemsShape {
  from: ItemsFrom;
  limited: boolean;
}

/**
 * A time as the text of its UTC instant (`UtcIsoText`): three per item, passed on as read (a
 * Date per time, made and formatted again, was a fifth of a big listing's time in the process).
 */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A listed subfolder or dataset as the service hands it on: the statement's row itself (its columns
 * are named and coalesced as the item's fields; a listing of 100,000 makes no second object per item).
 * The fields from `fileExt` on are null for a subfolder, `canModify` for a dataset; `fileExt` and
 * `fileSize` also for a dataset the caller may not read (a deleted one, listed for its modify right).
 */
export interface FolderItemRow {
  /** The listing's first sort key ('folder' sorts after 'file': descending puts subfolders first). */
  kind: 'folder' | 'file';
  id: number;
  name: string;
  createTime: UtcIsoText;
  updateTime: UtcIsoText;
  deleted: boolean;
  canModify: boolean | null;
  canManage: boolean;
  fileExt: string | null;
  dateUploaded: UtcIsoText | null;
  fileSize: number | null;
  state: string | null;
  isUnrestricted: boolean | null;
  isPrivate: boolean | null;
}

const { libraryModify, libraryManage, datasetAccess, datasetManage } = PERMISSION_ACTIONS;

/** The caller may read the dataset: an administrator, or a holder of every one of its access roles (none: public). */
const FILE_READABLE = '($3 or dp.access is null or dp.access <@ $2::int[])';

/** The caller's visibility rule for files, without the keyset: `rows` of the count and of the listing. */
const FILE_VISIBLE = `((not ld.deleted and ${FILE_READABLE})
   or (ld.deleted and $4 and ($3 or coalesce((select true from item_permission mp
        where mp.item_type = 'library_dataset' and mp.item_id = ld.id and mp.action = '${libraryModify}' and mp.role_id = any($2::int[]) limit 1), false))))`;

const DATASET_GRANTS = `cross join lateral (
     select array_agg(p.role_id) filter (where p.action = '${datasetAccess}') as access,
            coalesce(bool_or(p.role_id = any($2::int[])) filter (where p.action = '${datasetManage}'), false) as can_manage
       from item_permission p where p.item_type = 'dataset' and p.item_id = a.dataset_id and p.action in ('${datasetAccess}', '${datasetManage}')) dp`;

/**
 * A dataset's current version and its file, looked up per library dataset by primary key. The
 * `limit 1` keeps the lookup a correlated one (a plain join would be planned as hash joins and a
 * sort): the datasets are read in (name, id) order off the (folder_id, name, id) index, so a listing's
 * first rows come as soon as PostgreSQL starts, not after it has sorted the whole folder.
 */
const FILE_VERSION = `cross join lateral (
     select va.extension, va.create_time, va.dataset_id, d.file_size, d.state
       from library_dataset_dataset_association va join dataset d on d.id = va.dataset_id
      where va.id = ld.ldda_id limit 1) a`;

const FOLDER_GRANTS = `cross join lateral (
     select coalesce(bool_or(p.action = '${libraryModify}'), false) as can_modify, coalesce(bool_or(p.action = '${libraryManage}'), false) as can_manage
       from item_permission p where p.item_type = 'folder' and p.item_id = sf.id and p.role_id = any($2::int[])) fp`;

const FOLDER_VISIBLE = '(not sf.deleted or ($4 and ($3 or fp.can_modify)))';

function foldersPart(shape: ItemsShape, limit: string): string {
  const after = shape.from === 'folders' ? 'and (sf.name, sf.id) > ($6::text, $7::int)' : '';
  return `(select 'folder' as kind, sf.id, sf.name, ${iso('sf.create_time')} as "createTime", ${iso('sf.update_time')} as "updateTime", sf.deleted,
          $3 or fp.can_modify as "canModify", $3 or fp.can_manage as "canManage",
          null::text as "fileExt", null::text as "dateUploaded", null::float8 as "fileSize", null::text as state,
          null::boolean as "isUnrestricted", null::boolean as "isPrivate"
     from library_folder sf ${FOLDER_GRANTS}
    where sf.parent_id = $1 ${after} and ${FOLDER_VISIBLE}
    order by sf.name, sf.id ${limit})`;
}

function filesPart(shape: ItemsShape, limit: string): string {
  const after = shape.from === 'files' ? 'and (ld.name, ld.id) > ($6::text, $7::int)' : '';
  return `(select 'file' as kind, ld.id, ld.name, ${iso('ld.create_time')} as "createTime", ${iso('ld.update_time')} as "updateTime", ld.deleted,
          null::boolean as "canModify", $3 or dp.can_manage as "canManage",
          case when ${FILE_READABLE} then a.extension::text end as "fileExt", ${iso('a.create_time')} as "dateUploaded",
          case when ${FILE_READABLE} then coalesce(a.file_size, 0)::float8 end as "fileSize", a.state::text as state,
          dp.access is null as "isUnrestricted", coalesce(dp.access = array[$5::int], false) as "isPrivate"
     from library_dataset ld
     ${FILE_VERSION}
     ${DATASET_GRANTS}
    where ld.folder_id = $1 ${after} and ${FILE_VISIBLE}
    order by ld.name, ld.id ${limit})`;
}

/** The items after a position, in the listing's order (all of them, or a limited page). */
export const FOLDER_ITEMS = new StatementShapes<ItemsShape, FolderItemRow>(
  'folder_items',
  (shape) => {
    const limitParam = shape.from === 'files' || shape.from === 'folders' ? '$8' : '$6';
    const limit = shape.limited ? `limit ${limitParam}` : '';
    if (shape.from === 'files') return filesPart(shape, limit);
    return `${foldersPart(shape, limit)} union all ${filesPart({ ...shape, from: 'start' }, limit)} order by kind desc, name, id ${limit}`;
  },
  (shape) => `${shape.from}|${shape.limited}`,
);

/**
 * The whole listing in two statements, subfolders then datasets, each read in order as PostgreSQL
 * produces it (a union of the two is sorted whole before its first row comes).
 */
export const FOLDER_SUBFOLDERS = sql<FolderItemRow>('folder_subfolders', foldersPart({ from: 'start', limited: false }, ''));
export const FOLDER_FILES = sql<FolderItemRow>('folder_files', filesPart({ from: 'start', limited: false }, ''));

/** How many items the whole listing holds for the caller ($1-$4 as above). */
export const FOLDER_ITEMS_COUNT = new StatementShapes<Record<string, never>, { n: string }>('folder_items_count', () =>
  `select (select count(*) from library_folder sf ${FOLDER_GRANTS} where sf.parent_id = $1 and ${FOLDER_VISIBLE})
        + (select count(*) from library_dataset ld
             join library_dataset_dataset_association a on a.id = ld.ldda_id
             ${DATASET_GRANTS}
            where ld.folder_id = $1 and ${FILE_VISIBLE}) as n`,
);
