import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';
import type { ServiceContext } from '../../context/service-context';
import { readUsers, type UserView } from './user-view';
import { appliedQuotasByUser, defaultLimit, effectiveLimit } from '../quotas';

/** Users by id (deleted ones included); one statement per batch. */
export const userById: LoaderFactory<number, UserView | null> = (ctx) =>
  new DataLoader(async (ids) => {
    const byId = new Map((await readUsers(ctx, ids)).map((u) => [u.id, u]));
    return ids.map((id) => byId.get(id) ?? null);
  });

/** The registered-users default quota, read once per request. */
export function registeredDefaultLimit(ctx: ServiceContext): Promise<number | null> {
  return ctx.memo('quota:default:registered', () => defaultLimit(ctx.em, 'registered'));
}

/** Each user's effective quota in bytes (null = unlimited); two queries per batch. */
export const quotaLimitByUserId: LoaderFactory<number, number | null> = (ctx) =>
  new DataLoader(async (ids) => {
    const [applied, fallback] = await Promise.all([appliedQuotasByUser(ctx.em, ids), registeredDefaultLimit(ctx)]);
    return ids.map((id) => effectiveLimit(applied.get(id) ?? [], fallback));
  });

/** Distinct `name` / `name:value` tags each user has put on any item. */
export const tagsUsedByUserId: LoaderFactory<number, string[]> = (ctx) =>
  new DataLoader(async (ids) => {
    const rows = await ctx.em.execute<Array<{ user_id: number; name: string; value: string | null }>>(
      ctx.em.getKnex().distinct('user_id', 'name', 'value').from('item_tag').whereIn('user_id', ids as number[]).orderBy(['user_id', 'name', 'value']),
    );
    const byUser = new Map<number, string[]>(ids.map((id) => [id, []]));
    for (const row of rows) byUser.get(row.user_id)?.push(row.value ? `${row.name}:${row.value}` : row.name);
    return ids.map((id) => byUser.get(id) ?? []);
  });
