import type { EntityClass, FilterQuery } from '@mikro-orm/core';
import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';

/**
 * A DataLoader over a membership table: for each `from` id, the `to` entities linked to it, in link
 * order. One query per batch, whatever the number of parents.
 */
export function linkedLoader<P extends object, T extends { id: number }>(
  pivot: EntityClass<P>,
  from: keyof P & string,
  to: keyof P & string,
): LoaderFactory<number, T[]> {
  return (ctx) =>
    new DataLoader(async (ids) => {
      const links = await ctx.em.find(pivot, { [from]: { $in: [...ids] } } as FilterQuery<P>, {
        populate: [to] as never,
        orderBy: { id: 'asc' } as never,
      });
      const byParent = new Map<number, T[]>(ids.map((id) => [id, []]));
      for (const link of links) {
        const parent = link[from] as unknown as { id: number };
        byParent.get(parent.id)?.push(link[to] as unknown as T);
      }
      return ids.map((id) => byParent.get(id) ?? []);
    });
}
