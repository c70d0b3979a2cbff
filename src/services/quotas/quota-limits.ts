import type { EntityManager } from '@mikro-orm/postgresql';
import type { DefaultQuotaType } from '../../entities/associations.entity';

/** A quota that applies to a user, directly or through one of their groups. */
export interface AppliedQuota {
  bytes: number;
  operation: string;
}

/**
 * The quota agent's rule (platform-facts §5.5): an unlimited '=' quota means no limit; otherwise the
 * largest '=' quota, or the registered default when there is none (no default: no limit); then '+'
 * and '-' quotas adjust it, with a floor of 0. `null` means unlimited.
 */
export function effectiveLimit(quotas: AppliedQuota[], registeredDefault: number | null): number | null {
  let useDefault = true;
  let max = 0;
  let adjustment = 0;
  for (const quota of quotas) {
    if (quota.operation === '=') {
      if (quota.bytes === -1) return null;
      useDefault = false;
      max = Math.max(max, quota.bytes);
    } else if (quota.operation === '+') {
      adjustment += quota.bytes;
    } else if (quota.operation === '-') {
      adjustment -= quota.bytes;
    }
  }
  if (useDefault) {
    if (registeredDefault === null) return null;
    max = registeredDefault;
  }
  return Math.max(0, max + adjustment);
}

/** Percentage of the limit used, capped at 100; null when unlimited; 100 for a zero limit. */
export function quotaPercent(usage: number, limit: number | null): number | null {
  if (limit === null) return null;
  if (limit <= 0) return 100;
  return Math.min(Math.trunc((usage / limit) * 100), 100);
}

/** Bytes of the default quota of a type; null when there is none or it is unlimited. */
export async function defaultLimit(em: EntityManager, type: DefaultQuotaType): Promise<number | null> {
  const rows = await em.execute<Array<{ bytes: string }>>(
    em.getKnex().select('q.bytes').from('default_quota_association as d').join('quota as q', 'q.id', 'd.quota_id').where('d.type', type),
  );
  const row = rows[0];
  if (!row) return null;
  const bytes = Number(row.bytes);
  return bytes < 0 ? null : bytes;
}

/** One query for every user asked: their non-deleted quotas, direct or through groups, each once. */
export async function appliedQuotasByUser(em: EntityManager, userIds: readonly number[]): Promise<Map<number, AppliedQuota[]>> {
  const knex = em.getKnex();
  const links = knex
    .select('user_id', 'quota_id')
    .from('user_quota_association')
    .whereIn('user_id', userIds as number[])
    .union((union) => {
      union
        .select('uga.user_id', 'gqa.quota_id')
        .from('user_group_association as uga')
        .join('group_quota_association as gqa', 'gqa.group_id', 'uga.group_id')
        .whereIn('uga.user_id', userIds as number[]);
    });
  const rows = await em.execute<Array<{ user_id: number; bytes: string; operation: string }>>(
    knex.select('links.user_id', 'q.bytes', 'q.operation').from(links.as('links')).join('quota as q', 'q.id', 'links.quota_id').where('q.deleted', false),
  );
  const byUser = new Map<number, AppliedQuota[]>(userIds.map((id) => [id, []]));
  for (const row of rows) byUser.get(row.user_id)?.push({ bytes: Number(row.bytes), operation: row.operation });
  return byUser;
}
