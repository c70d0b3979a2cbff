import { AppError } from '../../errors/error-kinds';

/** Tags are `name` or `name:value`; `name:` (empty value) is the name alone. */
export interface ParsedTag {
  name: string;
  value: string | null;
}

/** The width of the tag columns. */
export const MAX_TAG_PART = 255;

/** Parses `name` / `name:value`; a part longer than the columns hold is refused (400004). */
export function parseTag(text: string): ParsedTag | null {
  const parsed = splitTag(text);
  if (parsed && (parsed.name.length > MAX_TAG_PART || (parsed.value?.length ?? 0) > MAX_TAG_PART)) {
    throw new AppError('ObjectAttributeInvalidException', `Tag names and values are limited to ${MAX_TAG_PART} characters.`, { key: 'tags' });
  }
  return parsed;
}

function splitTag(text: string): ParsedTag | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const split = trimmed.indexOf(':');
  if (split < 0) return { name: trimmed, value: null };
  const name = trimmed.slice(0, split).trim();
  const value = trimmed.slice(split + 1).trim();
  return name ? { name, value: value || null } : null;
}

export function tagText(tag: ParsedTag): string {
  return tag.value ? `${tag.name}:${tag.value}` : tag.name;
}
