import type { ServiceContext } from '../../context/service-context';
import { PERMISSION_ACTIONS, type PermissionAction } from '../../entities/item-permission.entity';
import { LibraryFolder } from '../../entities/library-folder.entity';
import { Library } from '../../entities/library.entity';
import { AppError, errors } from '../../errors/error-kinds';
import { sanitizeText } from '../shared';
import { decodeFolderId } from './folder-ids';
import type { AccessOptions } from './library.service';
import type { LibraryService } from './library.service';
import type { PermissionService } from '../permissions';

/** Folder actions granted to roles (folders have no access roles of their own: the library's apply). */
const FOLDER_ACTIONS: readonly PermissionAction[] = [PERMISSION_ACTIONS.libraryAdd, PERMISSION_ACTIONS.libraryModify, PERMISSION_ACTIONS.libraryManage];

export const folderNotFound = (id: string) => errors.notFound(`Folder with the id provided ( ${id} ) was not found`);

/** Library folders: show, create (with the parent's permissions), delete and undelete. */
export class FolderService {
  constructor(private readonly libraries: LibraryService, private readonly permissions: PermissionService) {}

  /** A folder of a library the caller may access (otherwise: not found). */
  async findAccessible(ctx: ServiceContext, encodedId: string, options: AccessOptions = {}): Promise<LibraryFolder> {
    const id = decodeFolderId(ctx, encodedId);
    const folder = await ctx.em.findOne(LibraryFolder, { id }, { populate: ['library'] });
    if (!folder || !(await this.libraries.mayAccess(ctx, folder.library, options))) throw folderNotFound(encodedId);
    return folder;
  }

  /** May the caller add, modify or manage this folder? Administrators always may. */
  can(ctx: ServiceContext, folder: LibraryFolder, action: PermissionAction): Promise<boolean> {
    return this.permissions.can(ctx, { type: 'folder', id: folder.id }, action);
  }

  /** A subfolder; it inherits the parent's add, modify and manage roles. */
  async create(ctx: ServiceContext, encodedParentId: string, input: { name?: string; description?: string }): Promise<LibraryFolder> {
    ctx.caller.requireIdentity();
    const name = sanitizeText(input.name ?? '').trim();
    if (!name) throw errors.missing("Missing required parameter 'name'.");
    return ctx.em.transactional(async (em) => {
      const parent = await this.findAccessible(ctx, encodedParentId, { deleted: true });
      if (parent.library.deleted) throw errors.invalidAttribute('You cannot add items to a deleted library.');
      if (!(await this.can(ctx, parent, PERMISSION_ACTIONS.libraryAdd))) {
        throw errors.insufficientPermissions('You do not have proper permission to create folders under given folder.');
      }
      // New folders take the default genome build '?', as on the platform (root folders keep none).
      const folder = em.create(LibraryFolder, { library: parent.library, parent, name, description: sanitizeText(input.description ?? ''), genomeBuild: '?' });
      await em.flush();
      for (const action of FOLDER_ACTIONS) {
        await this.permissions.setRoles(ctx, { type: 'folder', id: folder.id }, action, await this.permissions.roles(ctx, { type: 'folder', id: parent.id }, action));
      }
      return folder;
    });
  }

  async delete(ctx: ServiceContext, encodedId: string, undelete: boolean): Promise<LibraryFolder> {
    ctx.caller.requireIdentity();
    const id = decodeFolderId(ctx, encodedId);
    if (!ctx.caller.isAdmin) throw new AppError('AdminRequiredException', 'Only administrators can delete and undelete folders.');
    return ctx.em.transactional(async (em) => {
      const folder = await em.findOne(LibraryFolder, { id }, { populate: ['library'] });
      if (!folder) throw folderNotFound(encodedId);
      folder.deleted = !undelete;
      await em.flush();
      return folder;
    });
  }

  /** Root-first `{id, name}` of the folders from the library's root down to this one (one query). */
  async ancestry(ctx: ServiceContext, folderId: number): Promise<Array<{ id: number; name: string }>> {
    const rows = await ctx.em.execute<Array<{ id: number; name: string; depth: number }>>(
      `with recursive up(id, parent_id, name, depth) as (
         select id, parent_id, name, 0 from library_folder where id = ?
         union all
         select f.id, f.parent_id, f.name, up.depth + 1 from library_folder f join up on f.id = up.parent_id)
       select id, name, depth from up order by depth desc`,
      [folderId],
    );
    return rows.map((row) => ({ id: Number(row.id), name: row.name }));
  }

  async libraryOf(ctx: ServiceContext, folder: LibraryFolder): Promise<Library> {
    return ctx.em.findOneOrFail(Library, { id: folder.library.id });
  }
}
