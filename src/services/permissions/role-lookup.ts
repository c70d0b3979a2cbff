import type { RequestContext } from '../../context/request-context';
import { Role } from '../../entities/role.entity';
import { AppError } from '../../errors/error-kinds';

/**
 * Roles named in permission forms (`add_ids[]`, `access_ids[]`…: the contract sends role names).
 * An unknown name is the caller's mistake; two roles of one name is an inconsistent database.
 */
export async function rolesByName(ctx: RequestContext, names: readonly string[]): Promise<Role[]> {
  if (names.length === 0) return [];
  const unique = [...new Set(names)];
  const found = await ctx.em.find(Role, { name: { $in: unique } });
  return unique.map((name) => {
    const matches = found.filter((role) => role.name === name);
    if (matches.length > 1) throw new AppError('InconsistentDatabase', `Multiple roles found with the same name. Name: ${name}`);
    if (matches.length === 0) throw new AppError('RequestParameterInvalidException', `No role found with the name provided. Name: ${name}`);
    return matches[0];
  });
}
