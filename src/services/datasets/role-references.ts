import type { ServiceContext } from '../../context/service-context';
import { Role } from '../../entities/role.entity';
import { errors } from '../../errors/error-kinds';
import { IdDecodeError } from '../../ids/id-codec';
import { rolesByName } from '../permissions';

/**
 * Roles named in a dataset permission payload: encoded role ids (the platform's later
 * `/api/datasets/{id}/permissions`), or role names (the library dataset form's spelling). A role
 * that does not exist, or is deleted, is the caller's mistake (400).
 */
export async function referencedRoles(ctx: ServiceContext, values: readonly string[]): Promise<Role[]> {
  const ids: number[] = [];
  const names: string[] = [];
  for (const value of values) {
    try {
      ids.push(ctx.services.ids.decode(value));
    } catch (error) {
      if (!(error instanceof IdDecodeError)) throw error;
      names.push(value);
    }
  }
  const byId = ids.length ? await ctx.em.find(Role, { id: { $in: ids } }) : [];
  if (byId.length !== new Set(ids).size) throw errors.invalid('One or more role ids could not be found.');
  const roles = [...byId, ...(await rolesByName(ctx, names))];
  const deleted = roles.find((role) => role.deleted);
  if (deleted) throw errors.invalid(`The role ${deleted.name} is deleted.`);
  return [...new Map(roles.map((role) => [role.id, role])).values()];
}
