import type { Response } from 'express';
import { type Ctx, decodeId, encodeFolderId, encodeId, HttpError, requireUser, writeChunk } from './http';
import { STREAM_BATCH } from './libraries';

// ---- GET /api/libraries/{id}/contents: the recursive listing, streamed

/*
 * The platform's walk: from the root, each active folder's active subfolders (by name) before its
 * datasets (by name), each folder listed only to a caller who may see a dataset in it or below it (a
 * public one or one sharing ANY role with them), each dataset only to a caller holding ALL its access
 * roles; administrators see every active item. Names are paths from '/'.
 */

/** $1 library id, $2 caller's user id, $3 administrator: the library if the caller may open it, with the caller's roles. */
const LIBRARY = `
  with caller as (
    select array(select role_id from user_role_association where user_id = $2
                 union
                 select gra.role_id from group_role_association gra join user_group_association uga on uga.group_id = gra.group_id where uga.user_id = $2) as roles
  )
  select l.root_folder_id, caller.roles,
         $3::boolean or (not l.deleted
           and (not exists (select 1 from item_permission p where p.item_type = 'library' and p.item_id = l.id and p.action = 'access library')
                or exists (select 1 from item_permission p where p.item_type = 'library' and p.item_id = l.id and p.action = 'access library' and p.role_id = any(caller.roles)))) as accessible
  from caller, library l where l.id = $1`;

/** $1 library id, $2 roles, $3 administrator: its folders, each with whether it directly holds a dataset the caller may see. */
const FOLDERS = `
  select f.id, f.parent_id, f.name, f.deleted,
         $3::boolean or coalesce((select true from library_dataset ld join library_dataset_dataset_association v on v.id = ld.ldda_id
                                   where ld.folder_id = f.id and not ld.deleted
                                     and (not exists (select 1 from item_permission p where p.item_type = 'dataset' and p.item_id = v.dataset_id and p.action = 'access')
                                          or exists (select 1 from item_permission p where p.item_type = 'dataset' and p.item_id = v.dataset_id and p.action = 'access' and p.role_id = any($2::int[])))
                                   order by ld.name, ld.id limit 1), false) as holds_visible
  from library_folder f where f.library_id = $1`;

/** $1 folder ids in walk order, $2 roles, $3 administrator: their active datasets the caller may access, by folder then name. */
const DATASETS = `
  select f.ord, ld.id, ld.name
  from unnest($1::int[]) with ordinality as f(id, ord)
  join library_dataset ld on ld.folder_id = f.id
  join library_dataset_dataset_association v on v.id = ld.ldda_id
  left join lateral (select array_agg(p.role_id) as roles from item_permission p where p.item_type = 'dataset' and p.item_id = v.dataset_id and p.action = 'access') access on true
  where not ld.deleted and ($3::boolean or access.roles is null or access.roles <@ $2::int[])
  order by f.ord, ld.name, ld.id`;

interface FolderRow {
  id: number;
  parent_id: number | null;
  name: string;
  deleted: boolean;
  holds_visible: boolean;
}

/** The walk over folders: a folder's entry, or where a folder's datasets go (after its subfolders). */
type Step = { folder: number; path: string; entry: boolean };

function walk(rootId: number, folders: FolderRow[]): Step[] {
  const children = new Map<number, FolderRow[]>();
  for (const folder of folders) if (folder.parent_id !== null) children.set(folder.parent_id, [...(children.get(folder.parent_id) ?? []), folder]);
  for (const list of children.values()) list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
  const visible = (folder: FolderRow): boolean => folder.holds_visible || (children.get(folder.id) ?? []).some((child) => !child.deleted && visible(child));
  const steps: Step[] = [];
  const visit = (id: number, path: string) => {
    for (const child of children.get(id) ?? []) {
      if (child.deleted || !visible(child)) continue;
      steps.push({ folder: child.id, path: `${path}/${child.name}`, entry: true });
      visit(child.id, `${path}/${child.name}`);
    }
    steps.push({ folder: id, path, entry: false });
  };
  visit(rootId, '');
  return steps;
}

export async function libraryContents(ctx: Ctx, encodedId: string): Promise<(res: Response) => Promise<void>> {
  const caller = requireUser(ctx);
  const invalid = () => new HttpError('RequestParameterInvalidException', `No library found with the id provided ( ${encodedId} ).`);
  const id = decodeId(ctx, encodedId);
  const library = await ctx.sql.row<{ root_folder_id: number; roles: number[]; accessible: boolean }>(LIBRARY, [id, caller.userId, caller.isAdmin]);
  if (!library || !library.accessible) throw invalid();
  const folders = await ctx.sql.rows<FolderRow>(FOLDERS, [id, library.roles, caller.isAdmin]);
  const steps = walk(library.root_folder_id, folders);
  const datasetSteps = steps.filter((step) => !step.entry);
  const url = (itemId: string) => `/api/libraries/${encodedId}/contents/${itemId}`;
  const entry = (itemId: string, type: string, name: string) => JSON.stringify({ id: itemId, type, name, url: url(itemId) });
  return async (res) => {
    const rootId = encodeFolderId(ctx, library.root_folder_id);
    let chunk = `[${entry(rootId, 'folder', '/')}`;
    let next = 0;
    const ordOf = new Map(datasetSteps.map((step, index) => [step, index + 1]));
    const flushFoldersUpTo = (ord: number) => {
      // Folder entries that come before the datasets of step `ord` (1-based among dataset steps).
      while (next < steps.length) {
        const step = steps[next];
        if (!step.entry) {
          if ((ordOf.get(step) ?? 0) >= ord) return;
        } else chunk += `,${entry(encodeFolderId(ctx, step.folder), 'folder', step.path)}`;
        next += 1;
      }
    };
    for await (const rows of ctx.sql.batches<{ ord: string; id: number; name: string }>(DATASETS, [datasetSteps.map((step) => step.folder), library.roles, caller.isAdmin], STREAM_BATCH)) {
      for (const row of rows) {
        const ord = Number(row.ord);
        flushFoldersUpTo(ord);
        chunk += `,${entry(encodeId(ctx, row.id), 'file', `${datasetSteps[ord - 1].path}/${row.name}`)}`;
      }
      if (!(await writeChunk(res, chunk))) return;
      chunk = '';
    }
    flushFoldersUpTo(Number.MAX_SAFE_INTEGER);
    await writeChunk(res, `${chunk}]`);
  };
}
