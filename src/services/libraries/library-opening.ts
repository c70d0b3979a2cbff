import type { ServiceContext } from '../../context/service-context';
import { sql } from '../../db/sql/sql-statement';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import { heldRolesCte } from '../permissions';
import { knownCallerRoleIds } from '../roles';

interface LibraryRow {
  rootId: number | null;
  deleted: boolean;
  accessible: boolean;
  roles: number[] | null;
}

const { libraryAccess } = PERMISSION_ACTIONS;

/**
 * $1 the library, $2 the caller (null: anonymous). Whether the caller may open it (no access roles, or
 * one of them held) and the roles they hold, which the listing's statements take as a parameter.
 */
const LIBRARY = sql<LibraryRow>(
  'library_for_listing',
  `with ${heldRolesCte('$2')}
   select l.root_folder_id as "rootId", l.deleted,
          not exists (select 1 from item_permission p where p.item_type = 'library' and p.item_id = l.id and p.action = '${libraryAccess}')
          or exists (select 1 from item_permission p join held on held.role_id = p.role_id
                      where p.item_type = 'library' and p.item_id = l.id and p.action = '${libraryAccess}') as accessible,
          array(select role_id from held) as roles
     from library l where l.id = $1`,
);

/** A library a listing reads, as `LibraryService.findAccessible` decides it (administrators open every one; others an active one they may access). */
export interface OpenedLibrary {
  rootId: number | null;
}

/**
 * The library and whether the caller may list it, in one statement that also reads the caller's roles
 * (kept as the request's, so no other statement reads them again). Null when it is missing or closed to them.
 */
export async function openLibraryForListing(ctx: ServiceContext, libraryId: number): Promise<OpenedLibrary | null> {
  const row = await ctx.one(LIBRARY, [libraryId, ctx.caller.userId]);
  if (!row) return null;
  if (ctx.caller.userId !== null) knownCallerRoleIds(ctx, (row.roles ?? []).map(Number));
  if (!ctx.caller.isAdmin && (row.deleted || !row.accessible)) return null;
  return { rootId: row.rootId === null ? null : Number(row.rootId) };
}
