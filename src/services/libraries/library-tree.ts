import type { ServiceContext } from '../../context/service-context';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import { callerRoleIds } from '../roles';

export interface TreeFolder {
  id: number;
  parentId: number | null;
  name: string;
  deleted: boolean;
}

export interface TreeDataset {
  id: number;
  folderId: number;
  name: string;
  deleted: boolean;
  /** The caller may access the dataset: public, or holds ALL of its access roles. */
  accessible: boolean;
  /** The platform's folder-visibility test: public, or holds ANY of its access roles. */
  anyRole: boolean;
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * One library's folders and datasets with the caller's access computed in SQL (the caller's roles
 * fetched once): two queries, whatever the size of the library.
 */
export class LibraryTree {
  private readonly children = new Map<number | null, TreeFolder[]>();
  private readonly datasetsOf = new Map<number, TreeDataset[]>();
  private readonly visibleCache = new Map<number, boolean>();
  private readonly folderById: Map<number, TreeFolder>;

  constructor(
    readonly folders: TreeFolder[],
    readonly datasets: TreeDataset[],
    private readonly admin: boolean,
  ) {
    this.folderById = new Map(folders.map((folder) => [folder.id, folder]));
    const byName = (a: { name: string; id: number }, b: { name: string; id: number }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);
    for (const folder of [...folders].sort(byName)) pushTo(this.children, folder.parentId, folder);
    for (const dataset of [...datasets].sort(byName)) pushTo(this.datasetsOf, dataset.folderId, dataset);
  }

  static async load(ctx: ServiceContext, libraryId: number): Promise<LibraryTree> {
    const [tree] = await LibraryTree.loadMany(ctx, [libraryId]);
    return tree;
  }

  /** The trees of several libraries (in the order asked), in two queries whatever their number and size. */
  static async loadMany(ctx: ServiceContext, libraryIds: readonly number[]): Promise<LibraryTree[]> {
    const admin = ctx.caller.isAdmin;
    const ids = `{${libraryIds.join(',')}}`;
    const roles = `{${(await callerRoleIds(ctx)).join(',')}}`;
    const access = PERMISSION_ACTIONS.datasetAccess;
    const folders = await ctx.em.execute<Array<{ id: number; library_id: number; parent_id: number | null; name: string; deleted: boolean }>>(
      'select id, library_id, parent_id, name, deleted from library_folder where library_id = any(?::int[])',
      [ids],
    );
    const datasets = await ctx.em.execute<Array<{ id: number; library_id: number; folder_id: number; name: string; deleted: boolean; accessible: boolean; any_role: boolean }>>(
      admin
        ? `select ld.id, f.library_id, ld.folder_id, ld.name, ld.deleted, true as accessible, true as any_role
           from library_dataset ld join library_folder f on f.id = ld.folder_id where f.library_id = any(?::int[])`
        : `select ld.id, f.library_id, ld.folder_id, ld.name, ld.deleted,
             not exists (select 1 from item_permission p where p.item_type = 'dataset' and p.item_id = ldda.dataset_id and p.action = ? and not (p.role_id = any(?::int[]))) as accessible,
             (not exists (select 1 from item_permission p where p.item_type = 'dataset' and p.item_id = ldda.dataset_id and p.action = ?)
              or exists (select 1 from item_permission p where p.item_type = 'dataset' and p.item_id = ldda.dataset_id and p.action = ? and p.role_id = any(?::int[]))) as any_role
           from library_dataset ld
           join library_folder f on f.id = ld.folder_id
           join library_dataset_dataset_association ldda on ldda.id = ld.ldda_id
           where f.library_id = any(?::int[])`,
      admin ? [ids] : [access, roles, access, access, roles, ids],
    );
    return libraryIds.map(
      (libraryId) =>
        new LibraryTree(
          folders
            .filter((f) => Number(f.library_id) === libraryId)
            .map((f) => ({ id: Number(f.id), parentId: f.parent_id === null ? null : Number(f.parent_id), name: f.name, deleted: f.deleted })),
          datasets
            .filter((d) => Number(d.library_id) === libraryId)
            .map((d) => ({ id: Number(d.id), folderId: Number(d.folder_id), name: d.name, deleted: d.deleted, accessible: d.accessible, anyRole: d.any_role })),
          admin,
        ),
    );
  }

  /** Names of the folders from below the root down to this one (the platform's library_path). */
  pathOf(folderId: number): string[] {
    const names: string[] = [];
    for (let folder = this.folderById.get(folderId); folder && folder.parentId !== null; folder = this.folderById.get(folder.parentId)) {
      names.unshift(folder.name);
    }
    return names;
  }

  subfolders(folderId: number): TreeFolder[] {
    return this.children.get(folderId) ?? [];
  }

  datasetsIn(folderId: number): TreeDataset[] {
    return this.datasetsOf.get(folderId) ?? [];
  }

  /**
   * Whether a non-administrator sees a folder (the platform's check_folder_contents): it holds,
   * directly or in an active subfolder, a dataset that is public or shares a role with the caller.
   */
  folderVisible(folderId: number): boolean {
    if (this.admin) return true;
    const cached = this.visibleCache.get(folderId);
    if (cached !== undefined) return cached;
    const visible =
      this.datasetsIn(folderId).some((dataset) => !dataset.deleted && dataset.anyRole) ||
      this.subfolders(folderId).some((folder) => !folder.deleted && this.folderVisible(folder.id));
    this.visibleCache.set(folderId, visible);
    return visible;
  }

  /** Every active item the caller may see, depth first: folders (by name) before datasets, with their paths. */
  walk(rootId: number): Array<{ kind: 'folder' | 'file'; id: number; path: string }> {
    const items: Array<{ kind: 'folder' | 'file'; id: number; path: string }> = [];
    const visit = (folderId: number, path: string) => {
      for (const folder of this.subfolders(folderId)) {
        if (folder.deleted || !this.folderVisible(folder.id)) continue;
        const folderPath = `${path}/${folder.name}`;
        items.push({ kind: 'folder', id: folder.id, path: folderPath });
        visit(folder.id, folderPath);
      }
      for (const dataset of this.datasetsIn(folderId)) {
        if (dataset.deleted || !dataset.accessible) continue;
        items.push({ kind: 'file', id: dataset.id, path: `${path}/${dataset.name}` });
      }
    };
    visit(rootId, '');
    return items;
  }
}
