import type { ServiceContext } from '../../context/service-context';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import { LibraryFolder } from '../../entities/library-folder.entity';
import { Library } from '../../entities/library.entity';
import { AppError, errors } from '../../errors/error-kinds';
import { libraryAccessCondition, whereCondition } from '../permissions';
import { callerRoleIds } from '../roles';
import { decodeId } from '../shared';
import { sanitizeText } from '../shared';
import type { PermissionService } from '../permissions';

export interface AccessOptions {
  /** Also a deleted library (the caller's access roles still apply). */
  deleted?: boolean;
}

export interface LibraryInput {
  name?: string;
  description?: string;
  synopsis?: string;
}

/** Libraries: administrators create and change them; everyone sees those they may access. */
export class LibraryService {
  constructor(private readonly permissions: PermissionService) {}

  /** Non-deleted (or, with `deleted`, deleted) libraries the caller may access, by name. */
  async list(ctx: ServiceContext, deleted: boolean | null): Promise<Library[]> {
    const knex = ctx.em.getKnex();
    const query = knex('library as l').select('l.id').orderBy([{ column: 'l.name' }, { column: 'l.id' }]);
    // Non-administrators never see deleted libraries, whatever they ask.
    if (ctx.caller.isAdmin && deleted !== null) query.where('l.deleted', deleted);
    if (!ctx.caller.isAdmin) {
      query.where('l.deleted', false);
      whereCondition(query, libraryAccessCondition('l.id', await callerRoleIds(ctx)));
    }
    const ids = (await ctx.em.execute<Array<{ id: number }>>(query)).map((row) => Number(row.id));
    if (ids.length === 0) return [];
    const libraries = await ctx.em.find(Library, { id: { $in: ids } });
    const byId = new Map(libraries.map((library) => [library.id, library]));
    return ids.map((id) => byId.get(id)).filter((library): library is Library => Boolean(library));
  }

  /**
   * A library the caller may access. One they may not access is reported exactly like an unknown
   * one: no hint that it exists.
   */
  async findAccessible(ctx: ServiceContext, encodedId: string, notFound: (id: string) => AppError = libraryNotFound, options: AccessOptions = {}): Promise<Library> {
    const id = decodeId(ctx, encodedId);
    const library = await ctx.em.findOne(Library, { id });
    if (!library || !(await this.mayAccess(ctx, library, options))) throw notFound(encodedId);
    return library;
  }

  /**
   * Administrators may access every library; others a non-deleted one whose access roles admit
   * them. Operations that report a deleted library themselves (additions: ObjectAttributeInvalid)
   * pass `deleted: true` to look past the deleted mark.
   */
  async mayAccess(ctx: ServiceContext, library: Library, options: AccessOptions = {}): Promise<boolean> {
    if (ctx.caller.isAdmin) return true;
    if (library.deleted && !options.deleted) return false;
    return this.permissions.can(ctx, { type: 'library', id: library.id }, PERMISSION_ACTIONS.libraryAccess);
  }

  async create(ctx: ServiceContext, input: LibraryInput): Promise<Library> {
    ctx.caller.requireIdentity();
    if (!ctx.caller.isAdmin) throw new AppError('AdminRequiredException', 'Only administrators can create libraries.');
    const name = sanitizeText(input.name ?? '').trim();
    if (!name) throw errors.missing("Missing required parameter 'name'.");
    return ctx.em.transactional(async (em) => {
      const library = em.create(Library, { name, description: sanitizeText(input.description ?? ''), synopsis: sanitizeText(input.synopsis ?? '') });
      await em.flush();
      const root = em.create(LibraryFolder, { library, name, description: library.description });
      await em.flush();
      library.rootFolder = root;
      await em.flush();
      return library;
    });
  }

  async update(ctx: ServiceContext, encodedId: string, input: LibraryInput): Promise<Library> {
    this.requireAdmin(ctx, 'Only administrators can update libraries.');
    return ctx.em.transactional(async (em) => {
      const library = await this.findAccessible(ctx, encodedId);
      if (input.name !== undefined) {
        const name = sanitizeText(input.name).trim();
        if (!name) throw errors.invalid('Library name cannot be empty.');
        library.name = name;
        if (library.rootFolder) {
          const root = await em.findOneOrFail(LibraryFolder, { id: library.rootFolder.id });
          root.name = name;
        }
      }
      if (input.description !== undefined) library.description = sanitizeText(input.description);
      if (input.synopsis !== undefined) library.synopsis = sanitizeText(input.synopsis);
      await em.flush();
      return library;
    });
  }

  async delete(ctx: ServiceContext, encodedId: string, undelete: boolean): Promise<Library> {
    this.requireAdmin(ctx, 'Only administrators can delete and undelete libraries.');
    return ctx.em.transactional(async (em) => {
      const library = await this.findAccessible(ctx, encodedId);
      library.deleted = !undelete;
      await em.flush();
      return library;
    });
  }

  /** The platform's answer for an inaccessible library reached through its root folder. */
  notFoundError(encodedLibraryId: string): AppError {
    return errors.notFound(`Library with the id provided ( ${encodedLibraryId} ) was not found`);
  }

  private requireAdmin(ctx: ServiceContext, message: string): void {
    ctx.caller.requireIdentity();
    if (!ctx.caller.isAdmin) throw new AppError('AdminRequiredException', message);
  }
}

export const libraryNotFound = (id: string) => errors.notFound(`No library found with the id provided ( ${id} ).`);
