import { type Block, type EmbedKind, type Inline, isAllowedHref } from './page-blocks';

/**
 * The page editor's Markdown subset, parsed into blocks (page-blocks.ts):
 * `#`..`######` headings, paragraphs (lines joined), ```` ``` ```` code blocks, `-`/`*` bullet and
 * `1.` numbered lists (one line an item; an indented line continues it), `>` block quotes (their
 * lines parsed again), `*em*`/`_em_`, `**strong**`, `` `code` ``, `[text](https://…)` links
 * (http, https and mailto only: other links are their text) and `\` escapes. An embedded item is a
 * line of its own: `{{history <id> | <name>}}` (also dataset, workflow, visualization).
 */
export function parseMarkdown(source: string): Block[] {
  return parseLines(source.replace(/\r\n?/g, '\n').split('\n'));
}

const FENCE = /^\s{0,3}```/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}\d{1,9}[.)]\s+(.*)$/;
const EMBED = /^\s*\{\{\s*(history|dataset|workflow|visualization)\s+([A-Za-z0-9]+)\s*(?:\|\s*(.*?))?\s*\}\}\s*$/;

const blank = (line: string) => line.trim() === '';
const startsBlock = (line: string) => FENCE.test(line) || HEADING.test(line) || QUOTE.test(line) || BULLET.test(line) || NUMBERED.test(line) || EMBED.test(line);

function parseLines(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (blank(line)) {
      i += 1;
      continue;
    }
    if (FENCE.test(line)) {
      const code: string[] = [];
      i += 1;
      while (i < lines.length && !FENCE.test(lines[i])) code.push(lines[i++]);
      i += 1; // the closing fence (or the end)
      blocks.push({ type: 'code', text: code.join('\n') });
      continue;
    }
    const embed = EMBED.exec(line);
    if (embed) {
      blocks.push({ type: 'embed', kind: embed[1] as EmbedKind, id: embed[2], name: embed[3] ?? '' });
      i += 1;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ type: 'heading', level: heading[1].length as 1 | 2 | 3 | 4 | 5 | 6, children: parseInline(heading[2]) });
      i += 1;
      continue;
    }
    if (QUOTE.test(line)) {
      const quoted: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i])) quoted.push((QUOTE.exec(lines[i++]) as RegExpExecArray)[1]);
      blocks.push({ type: 'quote', blocks: parseLines(quoted) });
      continue;
    }
    const marker = BULLET.test(line) ? BULLET : NUMBERED.test(line) ? NUMBERED : null;
    if (marker) {
      const items: string[] = [];
      while (i < lines.length) {
        const item = marker.exec(lines[i]);
        if (item) items.push(item[1]);
        else if (items.length > 0 && /^\s+\S/.test(lines[i]) && !startsBlock(lines[i])) items[items.length - 1] += `\n${lines[i].trim()}`;
        else break;
        i += 1;
      }
      blocks.push({ type: 'list', ordered: marker === NUMBERED, items: items.map(parseInline) });
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && !blank(lines[i]) && (paragraph.length === 0 || !startsBlock(lines[i]))) paragraph.push(lines[i++].trim());
    blocks.push({ type: 'paragraph', children: parseInline(paragraph.join('\n')) });
  }
  return blocks;
}

const ESCAPABLE = /[\\`*_{}[\]()#+\-.!>|~<]/;

/** Inline Markdown: escapes, code spans, strong, emphasis and links; the rest is text. */
export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ type: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < source.length) {
    const char = source[i];
    if (char === '\\' && i + 1 < source.length && ESCAPABLE.test(source[i + 1])) {
      text += source[i + 1];
      i += 2;
      continue;
    }
    if (char === '`') {
      const end = source.indexOf('`', i + 1);
      if (end > i + 1) {
        flush();
        out.push({ type: 'code', text: source.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    const intraword = char === '_' && i > 0 && /[A-Za-z0-9]/.test(source[i - 1]);
    if ((char === '*' || char === '_') && !intraword && source[i + 1] === char) {
      const end = closing(source, char + char, i + 2);
      if (end > i + 2) {
        flush();
        out.push({ type: 'strong', children: parseInline(source.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    if ((char === '*' || char === '_') && !intraword) {
      const end = closing(source, char, i + 1);
      if (end > i + 1) {
        flush();
        out.push({ type: 'em', children: parseInline(source.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (char === '[') {
      const link = linkAt(source, i);
      if (link) {
        flush();
        const children = parseInline(link.text);
        if (isAllowedHref(link.href)) out.push({ type: 'link', href: link.href.trim(), children });
        else out.push(...children);
        i = link.end;
        continue;
      }
    }
    text += char;
    i += 1;
  }
  flush();
  return merged(out);
}

/** The next unescaped `marker` from `from` (a lone `*` is not the start of a `**`), or -1. */
function closing(source: string, marker: string, from: number): number {
  for (let i = from; i < source.length; i += 1) {
    if (source[i] === '\\') {
      i += 1;
      continue;
    }
    if (source[i] === '`') {
      const end = source.indexOf('`', i + 1);
      if (end > i) i = end;
      continue;
    }
    if (source.startsWith(marker, i)) {
      if (marker.length === 1 && source[i + 1] === marker) {
        i += 1;
        continue;
      }
      return i;
    }
  }
  return -1;
}

/** `[text](href)` at `start`: its text, its href and where it ends; null when it is not one. */
function linkAt(source: string, start: number): { text: string; href: string; end: number } | null {
  let depth = 0;
  for (let i = start; i < source.length; i += 1) {
    if (source[i] === '\\') {
      i += 1;
      continue;
    }
    if (source[i] === '[') depth += 1;
    if (source[i] === ']' && --depth === 0) {
      if (source[i + 1] !== '(') return null;
      const close = closingParenthesis(source, i + 2);
      if (close < 0) return null;
      return { text: source.slice(start + 1, i), href: source.slice(i + 2, close), end: close + 1 };
    }
  }
  return null;
}

/** The `)` that closes a link's href from `from` (parentheses inside it balanced), or -1. */
function closingParenthesis(source: string, from: number): number {
  let depth = 0;
  for (let i = from; i < source.length; i += 1) {
    if (source[i] === '(') depth += 1;
    else if (source[i] === ')' && depth-- === 0) return i;
  }
  return -1;
}

/** Adjacent texts as one (an unmatched marker or a dropped link leaves text next to text). */
function merged(inlines: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const inline of inlines) {
    const last = out[out.length - 1];
    if (inline.type === 'text' && last?.type === 'text') out[out.length - 1] = { type: 'text', text: last.text + inline.text };
    else out.push(inline);
  }
  return out;
}

