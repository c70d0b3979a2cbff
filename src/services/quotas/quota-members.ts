import type { ServiceContext } from '../../context/service-context';
import { Group } from '../../entities/group.entity';
import { User } from '../../entities/user.entity';
import { errors } from '../../errors/error-kinds';

export interface QuotaMembers {
  users: User[];
  groups: Group[];
}

/**
 * `in_users` / `in_groups` entries may be encoded ids, user emails or group names. Entries that match
 * nothing are reported together, as the platform does. Two queries, whatever the number of entries.
 */
export async function resolveQuotaMembers(ctx: ServiceContext, inUsers: string[], inGroups: string[]): Promise<QuotaMembers> {
  const invalid: string[] = [];
  const users = await resolveEntries(ctx, inUsers, invalid, (ids, emails) =>
    ctx.em.find(User, { $or: [{ id: { $in: ids } }, { email: { $in: emails } }] }), (user) => user.email);
  const groups = await resolveEntries(ctx, inGroups, invalid, (ids, names) =>
    ctx.em.find(Group, { $or: [{ id: { $in: ids } }, { name: { $in: names } }] }), (group) => group.name);
  if (invalid.length > 0) {
    throw errors.actionInput(
      `The following value(s) for associated users and/or groups could not be parsed: ${invalid.join(', ')}.  ` +
        'Valid values are email addresses of users, names of groups, or IDs of both.',
    );
  }
  return { users, groups };
}

async function resolveEntries<T extends { id: number }>(
  ctx: ServiceContext,
  items: string[],
  invalid: string[],
  find: (ids: number[], names: string[]) => Promise<T[]>,
  nameOf: (row: T) => string,
): Promise<T[]> {
  if (items.length === 0) return [];
  const decoded = items.map((item) => tryDecode(ctx, item));
  const found = await find(
    decoded.filter((id): id is number => id !== undefined),
    items.filter((_, i) => decoded[i] === undefined),
  );
  const result: T[] = [];
  items.forEach((item, i) => {
    const match = found.find((row) => (decoded[i] !== undefined ? row.id === decoded[i] : nameOf(row) === item));
    if (!match) invalid.push(item);
    else if (!result.includes(match)) result.push(match);
  });
  return result;
}

function tryDecode(ctx: ServiceContext, item: string): number | undefined {
  try {
    return ctx.services.ids.decode(item);
  } catch {
    return undefined;
  }
}
