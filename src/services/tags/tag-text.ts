/** Tags are `name` or `name:value`; `name:` (empty value) is the name alone. */
export interface ParsedTag {
  name: string;
  value: string | null;
}

export function parseTag(text: string): ParsedTag | null {
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
