import { pyStrip } from './python';

/**
 * The platform's parse_gff_attributes: "name=value;..." (GFF3) or 'name "value"; ...' (GTF);
 * anything else becomes a single "group" attribute (plain GFF).
 */
export function parseGffAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const pairText of text.split(';')) {
    const stripped = pyStrip(pairText);
    let pair = stripped.split('=');
    if (pair.length === 1) pair = stripped.split('"');
    if (pair.length === 1) continue;
    const name = pyStrip(pair[0]);
    if (name === '') continue;
    attributes.set(name, stripChars(pair[1], ' "'));
  }
  if (attributes.size === 0) attributes.set('group', text);
  return attributes;
}

/** str.strip(chars). */
function stripChars(text: string, chars: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && chars.includes(text[start])) start += 1;
  while (end > start && chars.includes(text[end - 1])) end -= 1;
  return text.slice(start, end);
}
