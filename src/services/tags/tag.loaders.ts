import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';
import { sql } from '../../db/sql/sql-statement';
import { tagText } from './tag-text';

const TAGS_OF_ITEMS = sql<{ itemId: number; name: string; value: string | null }>(
  'tags_of_items',
  'select item_id as "itemId", name, value from item_tag where item_type = $1 and item_id = any($2::int[]) order by id',
);

/** Tag texts of items of one type, in the order they were added; one query per batch. */
export function tagsLoader(itemType: string): LoaderFactory<number, string[]> {
  return (ctx) =>
    new DataLoader(async (ids) => {
      const tags = await ctx.rows(TAGS_OF_ITEMS, [itemType, ids]);
      const byItem = new Map<number, string[]>(ids.map((id) => [id, []]));
      for (const tag of tags) byItem.get(tag.itemId)?.push(tagText(tag));
      return ids.map((id) => byItem.get(id) ?? []);
    });
}

export const historyTags = tagsLoader('history');
export const hdaTags = tagsLoader('hda');
