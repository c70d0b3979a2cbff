import type { ServiceContext } from '../../context/service-context';
import { Role } from '../../entities/role.entity';
import { AppError } from '../../errors/error-kinds';
import { IdDecodeError } from '../../ids/id-codec';

/**
 * Roles named in permission forms (`add_ids[]`, `access_ids[]`…: the contract sends role names).
 * A value that names no role may be an encoded role id, which later platform releases (and the
 * client libraries written for them) send; a name always wins. An unknown value is the caller's
 * mistake; two roles of one name is an inconsistent database.
 */
export async function rolesByName(ctx: ServiceContext, names: readonly string[]): Promise<Role[]> {
  if (names.length === 0) return [];
  const unique = [...new Set(names)];
  const found = await ctx.em.find(Role, { name: { $in: unique } });
  const byId = await rolesByEncodedId(ctx, unique.filter((name) => !found.some((role) => role.name === name)));
  return unique.map((name) => {
    const matches = found.filter((role) => role.name === name);
    if (matches.length > 1) throw new AppError('InconsistentDatabase', `Multiple roles found with the same name. Name: ${name}`);
    const match = matches[0] ?? byId.get(name);
    if (!match) throw new AppError('RequestParameterInvalidException', `No role found with the name provided. Name: ${name}`);
    return match;
  });
}

/** The roles of the values that decode as encoded ids, by value (one query). */
async function rolesByEncodedId(ctx: ServiceContext, values: readonly string[]): Promise<Map<string, Role>> {
  const decoded = new Map<number, string>();
  for (const value of values) {
    try {
      decoded.set(ctx.services.ids.decode(value), value);
    } catch (error) {
      if (!(error instanceof IdDecodeError)) throw error;
    }
  }
  if (decoded.size === 0) return new Map();
  const roles = await ctx.em.find(Role, { id: { $in: [...decoded.keys()] } });
  return new Map(roles.map((role) => [decoded.get(role.id) as string, role]));
}
