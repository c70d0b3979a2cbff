import type { EntityName, FilterQuery } from '@mikro-orm/core';
import type { ServiceContext } from '../../context/service-context';
import type { AppError } from '../../errors/error-kinds';
import { decodeId } from './decode-id';

interface IdErrors {
  malformed: (value: unknown) => AppError;
  unknown: (value: unknown) => AppError;
}

/**
 * Decodes a payload's list of encoded ids and loads them all in one query, in the given order.
 * A malformed or unknown id fails the whole request, so no write is half done.
 */
export async function loadAllOrFail<T extends { id: number }>(
  ctx: ServiceContext,
  entity: EntityName<T>,
  encodedIds: unknown,
  idErrors: IdErrors,
): Promise<T[]> {
  const list = encodedIds === undefined || encodedIds === null || encodedIds === '' ? [] : Array.isArray(encodedIds) ? encodedIds : [encodedIds];
  const ids = list.map((value) => decodeId(ctx, value, idErrors.malformed));
  if (ids.length === 0) return [];
  const found = await ctx.em.find(entity, { id: { $in: ids } } as unknown as FilterQuery<T>);
  const byId = new Map(found.map((item) => [item.id, item]));
  const missing = list.find((_, i) => !byId.has(ids[i]));
  if (missing !== undefined) throw idErrors.unknown(missing);
  return [...new Set(ids)].map((id) => byId.get(id) as T);
}
