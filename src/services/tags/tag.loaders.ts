import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';
import { ItemTag } from '../../entities/item-tag.entity';
import { tagText } from './tag-text';

/** Tag texts of items of one type, in the order they were added; one query per batch. */
export function tagsLoader(itemType: string): LoaderFactory<number, string[]> {
  return (ctx) =>
    new DataLoader(async (ids) => {
      const tags = await ctx.em.find(ItemTag, { itemType, itemId: { $in: [...ids] } }, { orderBy: { id: 'asc' } });
      const byItem = new Map<number, string[]>(ids.map((id) => [id, []]));
      for (const tag of tags) byItem.get(tag.itemId)?.push(tagText(tag));
      return ids.map((id) => byItem.get(id) ?? []);
    });
}

export const historyTags = tagsLoader('history');
export const hdaTags = tagsLoader('hda');
