import type { ServiceContext } from '../../context/service-context';
import { sql, StatementShapes } from '../../db/sql/sql-statement';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import { callerRoleIds } from '../roles';

/**
 * The recursive library listing (`GET /api/libraries/{id}/contents`) without loading its datasets:
 * the library's folders (few) in one statement, each with whether it holds a dataset the caller may
 * see, give the walk's order in memory; the datasets then come in that order from one statement,
 * read in batches, each folder's by (name, id) from the (folder_id, name, id) index.
 *
 * The platform's rules: a non-administrator sees an active folder when it holds, directly or in an
 * active subfolder, an active dataset that is public or shares a role with them (check_folder_contents:
 * ANY role); an active dataset when they hold ALL its access roles.
 */

/** An item of the listing, named (as the platform names it) by its path from '/'. */
export type WalkEntry = { kind: 'folder' | 'file'; id: number; name: string };

interface FolderRow {
  id: number;
  parentId: number | null;
  name: string;
  deleted: boolean;
  holdsVisible: boolean;
}

export const ACCESS = PERMISSION_ACTIONS.datasetAccess;

/**
 * $1 library, $2 the caller's roles, $3 an administrator. Whether a folder holds a dataset the caller
 * may see stops at the first one (a limited subquery per folder, read by the (folder_id, name, id)
 * index: ordered so, or the planner may scan the table for it).
 */
const FOLDERS = sql<FolderRow>(
  'library_walk_folders',
  `select f.id, f.parent_id as "parentId", f.name, f.deleted,
          $3 or coalesce((select true from library_dataset ld
                            join library_dataset_dataset_association a on a.id = ld.ldda_id
                           where ld.folder_id = f.id and not ld.deleted
                             and (not exists (select 1 from item_permission p where p.item_type = 'dataset' and p.item_id = a.dataset_id and p.action = '${ACCESS}')
                                  or exists (select 1 from item_permission p where p.item_type = 'dataset' and p.item_id = a.dataset_id and p.action = '${ACCESS}' and p.role_id = any($2::int[])))
                           order by ld.name, ld.id limit 1), false) as "holdsVisible"
     from library_folder f where f.library_id = $1`,
);

export interface DatasetRow {
  ord: string | number;
  id: number;
  name: string;
}

/**
 * The active datasets of the listed folders ($1, in the walk's order) the caller may access ($2 roles;
 * administrators: all), by folder then (name, id).
 */
const DATASETS = new StatementShapes<{ admin: boolean }, DatasetRow>(
  'library_walk_datasets',
  ({ admin }) => `select f.ord, ld.id, ld.name
     from unnest($1::int[]) with ordinality as f(id, ord)
     join library_dataset ld on ld.folder_id = f.id
     ${
       admin
         ? 'where not ld.deleted'
         : `join library_dataset_dataset_association a on a.id = ld.ldda_id
     cross join lateral (select array_agg(p.role_id) as access from item_permission p
                          where p.item_type = 'dataset' and p.item_id = a.dataset_id and p.action = '${ACCESS}') dp
     where not ld.deleted and (dp.access is null or dp.access <@ $2::int[])`
     }
    order by f.ord, ld.name, ld.id`,
  ({ admin }) => String(admin),
);

/** A step of the walk: a folder's entry, or the place of a folder's datasets (after its subfolders). */
export type Step = { kind: 'folder'; id: number; path: string } | { kind: 'datasets'; folderId: number; path: string };

/** The walk over folders: depth first, subfolders by (name, id) before the folder's datasets. */
function stepsOf(rootId: number, rows: FolderRow[], admin: boolean): Step[] {
  const children = new Map<number, FolderRow[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    const list = children.get(Number(row.parentId));
    if (list) list.push(row);
    else children.set(Number(row.parentId), [row]);
  }
  const byName = (a: FolderRow, b: FolderRow) => (a.name < b.name ? -1 : a.name > b.name ? 1 : Number(a.id) - Number(b.id));
  for (const list of children.values()) list.sort(byName);
  const visible = new Map<number, boolean>();
  const isVisible = (folder: FolderRow): boolean => {
    if (admin) return true;
    const known = visible.get(Number(folder.id));
    if (known !== undefined) return known;
    const result = folder.holdsVisible || (children.get(Number(folder.id)) ?? []).some((child) => !child.deleted && isVisible(child));
    visible.set(Number(folder.id), result);
    return result;
  };
  const steps: Step[] = [];
  const visit = (folderId: number, path: string) => {
    for (const child of children.get(folderId) ?? []) {
      if (child.deleted || !isVisible(child)) continue;
      const childPath = `${path}/${child.name}`;
      steps.push({ kind: 'folder', id: Number(child.id), path: childPath });
      visit(Number(child.id), childPath);
    }
    steps.push({ kind: 'datasets', folderId, path });
  };
  visit(rootId, '');
  return steps;
}

/** The walk's steps for the caller (their roles once per request, then the folders' one statement). */
export async function walkSteps(ctx: ServiceContext, libraryId: number, rootId: number): Promise<{ admin: boolean; roles: number[]; steps: Step[] }> {
  const admin = ctx.caller.isAdmin;
  const roles = admin ? [] : await callerRoleIds(ctx);
  const folders = await ctx.rows(FOLDERS, [libraryId, roles, admin]);
  return { admin, roles, steps: stepsOf(rootId, folders, admin) };
}

/**
 * Every active item of the library the caller may see, from the root's subfolders down (the root
 * itself is the caller's to list), in batches as the datasets are read. Statements: the caller's roles
 * (once per request), the folders, then the datasets' one statement.
 */
export async function libraryWalkInBatches(ctx: ServiceContext, libraryId: number, rootId: number, batchSize: number): Promise<AsyncGenerator<WalkEntry[], void, undefined>> {
  const { admin, roles, steps } = await walkSteps(ctx, libraryId, rootId);
  const folderIds = steps.flatMap((step) => (step.kind === 'datasets' ? [step.folderId] : []));
  const rows = ctx.batches(DATASETS.for({ admin }), admin ? [folderIds] : [folderIds, roles], { batchSize });
  return interleaved(steps, rows, batchSize);
}

/**
 * The walk's folder entries with the datasets placed where their folder's step is. Rows are taken
 * from the batch at hand without waiting; only a used-up batch is awaited (not one promise per row).
 */
export async function* interleaved(steps: Step[], rows: AsyncGenerator<DatasetRow[], void, undefined>, batchSize: number): AsyncGenerator<WalkEntry[], void, undefined> {
  let buffer: DatasetRow[] = [];
  let at = 0;
  let ended = false;
  /** Whether a row is at hand, reading the next batch when this one is used up. */
  const more = async (): Promise<boolean> => {
    while (at >= buffer.length) {
      if (ended) return false;
      const next = await rows.next();
      if (next.done) {
        ended = true;
        return false;
      }
      buffer = next.value;
      at = 0;
    }
    return true;
  };
  let out: WalkEntry[] = [];
  let ord = 0;
  try {
    for (const step of steps) {
      if (step.kind === 'folder') {
        out.push({ kind: 'folder', id: step.id, name: step.path });
      } else {
        ord += 1;
        while ((at < buffer.length || (await more())) && Number(buffer[at].ord) === ord) {
          const row = buffer[at];
          at += 1;
          out.push({ kind: 'file', id: Number(row.id), name: `${step.path}/${row.name}` });
          if (out.length >= batchSize) {
            yield out;
            out = [];
          }
        }
      }
      if (out.length >= batchSize) {
        yield out;
        out = [];
      }
    }
    if (out.length > 0) yield out;
  } finally {
    await rows.return(undefined);
  }
}
