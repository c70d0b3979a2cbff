import type { ServiceContext } from '../../context/service-context';
import { ItemTag } from '../../entities/item-tag.entity';
import type { User } from '../../entities/user.entity';
import { errors } from '../../errors/error-kinds';
import { sanitizeText } from '../shared';
import { parseTag, tagText } from './tag-text';

/** Tags on items; the owner of the item is the owner of its tags. */
export class TagService {
  /** Replaces an item's tags with the given texts (duplicates collapse). */
  async setTags(ctx: ServiceContext, owner: User | null, itemType: string, itemId: number, texts: unknown): Promise<void> {
    if (!Array.isArray(texts) || texts.some((text) => typeof text !== 'string')) {
      throw errors.invalidAttribute('tags must be a list of strings');
    }
    const parsed = new Map<string, { name: string; value: string | null }>();
    for (const text of texts as string[]) {
      const tag = parseTag(sanitizeText(text));
      if (tag) parsed.set(tagText(tag), tag);
    }
    await ctx.em.nativeDelete(ItemTag, { itemType, itemId });
    if (!owner) return;
    for (const tag of parsed.values()) ctx.em.create(ItemTag, { user: owner, itemType, itemId, name: tag.name, value: tag.value });
    await ctx.em.flush();
  }

  /** Adds one tag (replacing a tag of the same name); returns it. */
  async addTag(ctx: ServiceContext, owner: User, itemType: string, itemId: number, name: string, value: string | null): Promise<ItemTag> {
    const tag = parseTag(value ? `${name}:${value}` : name);
    if (!tag) throw errors.missing('A tag name is required.');
    await ctx.em.nativeDelete(ItemTag, { itemType, itemId, name: tag.name });
    const row = ctx.em.create(ItemTag, { user: owner, itemType, itemId, name: tag.name, value: tag.value });
    await ctx.em.flush();
    return row;
  }

  async removeTag(ctx: ServiceContext, itemType: string, itemId: number, name: string): Promise<boolean> {
    return (await ctx.em.nativeDelete(ItemTag, { itemType, itemId, name })) > 0;
  }

  async tagsOf(ctx: ServiceContext, itemType: string, itemId: number): Promise<ItemTag[]> {
    return ctx.em.find(ItemTag, { itemType, itemId }, { orderBy: { id: 'asc' } });
  }
}
