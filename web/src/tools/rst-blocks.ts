/**
 * A small reader of the reStructuredText tools write their help in, into blocks and inline pieces that
 * the form renders as React elements (never as HTML text): section headings (underlined, or over- and
 * underlined), paragraphs, bullet and numbered lists, **strong**, *emphasis*, ``literal``, literal
 * blocks after `::`, transitions (`-----`), `text <url>`_ links (http and https only; anything else
 * stays text), and simple and grid tables as preformatted text. Directives (`.. class:: infomark`,
 * comments, link targets) are left out; indented text that is not a literal block is read as blocks.
 */

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'emphasis'; text: string }
  | { kind: 'literal'; text: string }
  | { kind: 'link'; text: string; url: string };

export type Block =
  | { kind: 'heading'; level: number; inlines: Inline[] }
  | { kind: 'paragraph'; inlines: Inline[] }
  | { kind: 'bullets'; items: Block[][] }
  | { kind: 'numbered'; items: Block[][] }
  | { kind: 'literal'; text: string }
  | { kind: 'table'; text: string }
  | { kind: 'quote'; blocks: Block[] }
  | { kind: 'rule' };

const SAFE_URL = /^https?:\/\/[^\s<>"']+$/i;

/** Whether a link target may become a link: http(s) only (no javascript:, data:, relative paths). */
export const isSafeUrl = (url: string) => SAFE_URL.test(url.trim());

const INLINE = /``(.+?)``|\*\*(.+?)\*\*|\*([^*\s](?:[^*]*[^*\s])?)\*|`([^`<]*?)\s*<([^>`]+)>`__?|:[\w:-]+:`([^`]+)`|`([^`]+)`_{0,2}|(https?:\/\/[^\s<>"'`]*[^\s<>"'`.,;:!?)\]])/g;

/** The inline markup of a paragraph's text. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const push = (inline: Inline) => {
    const last = out[out.length - 1];
    if (inline.kind === 'text' && last?.kind === 'text') last.text += inline.text;
    else if (inline.kind !== 'text' || inline.text) out.push(inline);
  };
  let at = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index ?? 0;
    push({ kind: 'text', text: text.slice(at, index) });
    at = index + match[0].length;
    const [, literal, strong, emphasis, linkText, linkUrl, role, interpreted, bare] = match;
    if (literal !== undefined) push({ kind: 'literal', text: literal });
    else if (strong !== undefined) push({ kind: 'strong', text: strong });
    else if (emphasis !== undefined) push({ kind: 'emphasis', text: emphasis });
    else if (linkUrl !== undefined) {
      const label = (linkText ?? '').trim() || linkUrl.trim();
      push(isSafeUrl(linkUrl) ? { kind: 'link', text: label, url: linkUrl.trim() } : { kind: 'text', text: label });
    } else if (role !== undefined) push({ kind: 'literal', text: role });
    else if (interpreted !== undefined) push({ kind: 'text', text: interpreted });
    else if (bare !== undefined) push({ kind: 'link', text: bare, url: bare });
  }
  push({ kind: 'text', text: text.slice(at) });
  return out;
}

const indentOf = (line: string) => line.length - line.trimStart().length;
const blank = (line: string | undefined) => line === undefined || line.trim() === '';

/** Lines without their common indentation (blank lines ignored in the measure). */
function dedent(lines: string[]): string[] {
  const indents = lines.filter((line) => !blank(line)).map(indentOf);
  const common = indents.length ? Math.min(...indents) : 0;
  return lines.map((line) => (blank(line) ? '' : line.slice(common)));
}

const ADORNMENT = /^([=\-~^*+#'"`:.!_<>])\1{2,}\s*$/;
const BULLET = /^([*+\-•])(\s+)(.*)$/;
const NUMBERED = /^(\d+|#|[a-zA-Z])([.)])(\s+)(.*)$|^\((\d+|#)\)(\s+)(.*)$/;
const SIMPLE_TABLE_BORDER = /^=+( +=+)+\s*$/;
const GRID_TABLE_BORDER = /^\+[-=+]+\+\s*$/;

class Reader {
  private readonly headingStyles: string[] = [];

  private levelOf(style: string): number {
    let index = this.headingStyles.indexOf(style);
    if (index < 0) {
      this.headingStyles.push(style);
      index = this.headingStyles.length - 1;
    }
    return index + 1;
  }

  read(lines: string[]): Block[] {
    const blocks: Block[] = [];
    let i = 0;
    let literalNext = false;
    while (i < lines.length) {
      const line = lines[i];
      if (blank(line)) {
        i += 1;
        continue;
      }
      // An indented block: a literal block after `::`, else a quote (read as blocks).
      if (indentOf(line) > 0) {
        let end = i;
        while (end < lines.length && (blank(lines[end]) || indentOf(lines[end]) > 0)) end += 1;
        const body = dedent(lines.slice(i, end));
        while (body.length && blank(body[body.length - 1])) body.pop();
        if (literalNext) blocks.push({ kind: 'literal', text: body.join('\n') });
        else blocks.push({ kind: 'quote', blocks: this.read(body) });
        literalNext = false;
        i = end;
        continue;
      }
      literalNext = false;
      const next = lines[i + 1];
      // Directives, comments and link targets, with their indented bodies: left out.
      if (line.startsWith('..') && (line === '..' || line.startsWith('.. '))) {
        i += 1;
        while (i < lines.length && (blank(lines[i]) || indentOf(lines[i]) > 0)) {
          if (blank(lines[i]) && !blank(lines[i + 1]) && indentOf(lines[i + 1] ?? '') === 0) break;
          i += 1;
        }
        continue;
      }
      // A heading with an overline.
      if (ADORNMENT.test(line) && next !== undefined && !blank(next) && ADORNMENT.test(lines[i + 2] ?? '') && (lines[i + 2] ?? '').trim()[0] === line.trim()[0]) {
        blocks.push({ kind: 'heading', level: this.levelOf(`over${line.trim()[0]}`), inlines: parseInline(next.trim()) });
        i += 3;
        continue;
      }
      // A transition: a line of punctuation alone.
      if (ADORNMENT.test(line) && blank(next) && line.trim().length >= 4 && !SIMPLE_TABLE_BORDER.test(line)) {
        blocks.push({ kind: 'rule' });
        i += 1;
        continue;
      }
      // Tables, as they are written.
      if (SIMPLE_TABLE_BORDER.test(line) || GRID_TABLE_BORDER.test(line)) {
        const end = this.tableEnd(lines, i);
        blocks.push({ kind: 'table', text: lines.slice(i, end).join('\n') });
        i = end;
        continue;
      }
      // A heading: a line underlined at least as long as it.
      if (next !== undefined && ADORNMENT.test(next) && next.trim().length >= line.trim().length && !ADORNMENT.test(line)) {
        blocks.push({ kind: 'heading', level: this.levelOf(`under${next.trim()[0]}`), inlines: parseInline(line.trim()) });
        i += 2;
        continue;
      }
      const bullet = BULLET.exec(line);
      const numbered = NUMBERED.exec(line);
      if (bullet || (numbered && (numbered[1] !== undefined ? /^\d+$|^#$/.test(numbered[1]) || next === undefined || blank(next) || NUMBERED.test(next) : true))) {
        const { block, end } = this.list(lines, i, bullet ? 'bullets' : 'numbered');
        blocks.push(block);
        i = end;
        continue;
      }
      // A paragraph: lines up to a blank one or an indented one; `::` at its end makes the next indented block literal.
      let end = i;
      while (end < lines.length && !blank(lines[end]) && indentOf(lines[end]) === 0) end += 1;
      let text = lines.slice(i, end).map((part) => part.trim()).join(' ');
      if (text.endsWith('::')) {
        literalNext = true;
        text = text === '::' ? '' : /\s::$/.test(text) ? text.slice(0, -3) : text.slice(0, -1);
      }
      if (text) blocks.push({ kind: 'paragraph', inlines: parseInline(text) });
      i = end;
    }
    return blocks;
  }

  private tableEnd(lines: string[], start: number): number {
    if (GRID_TABLE_BORDER.test(lines[start])) {
      let end = start;
      while (end < lines.length && !blank(lines[end])) end += 1;
      return end;
    }
    // A simple table ends at its last border: a border followed by a blank line (or the end) after at least one row.
    let end = start + 1;
    let borders = 1;
    while (end < lines.length) {
      if (SIMPLE_TABLE_BORDER.test(lines[end])) {
        borders += 1;
        if (borders >= 2 && blank(lines[end + 1])) return end + 1;
      }
      end += 1;
    }
    return end;
  }

  private list(lines: string[], start: number, kind: 'bullets' | 'numbered'): { block: Block; end: number } {
    const items: Block[][] = [];
    let i = start;
    const marker = (line: string) => {
      if (kind === 'bullets') {
        const match = BULLET.exec(line);
        return match ? { width: match[1].length + match[2].length, text: match[3] } : null;
      }
      const match = NUMBERED.exec(line);
      if (!match) return null;
      return match[1] !== undefined ? { width: match[1].length + 1 + match[3].length, text: match[4] } : { width: match[5].length + 2 + match[6].length, text: match[7] };
    };
    while (i < lines.length) {
      const found = blank(lines[i]) ? null : indentOf(lines[i]) === 0 ? marker(lines[i]) : null;
      if (!found) break;
      const body = [found.text];
      i += 1;
      // The item's further lines: indented, or (without a blank line between) continuing its text.
      while (i < lines.length) {
        const line = lines[i];
        if (blank(line)) {
          if (!blank(lines[i + 1]) && indentOf(lines[i + 1] ?? '') > 0) {
            body.push('');
            i += 1;
            continue;
          }
          break;
        }
        if (indentOf(line) > 0) body.push(line);
        else if (!marker(line) && !ADORNMENT.test(line)) body.push(line);
        else break;
        i += 1;
      }
      const [first, ...rest] = body;
      items.push(this.read([first, ...dedent(rest)]));
      while (i < lines.length && blank(lines[i]) && !blank(lines[i + 1]) && marker(lines[i + 1] ?? '')) i += 1;
    }
    return { block: { kind, items }, end: i };
  }
}

/** The help's blocks (the text is dedented first: tool XML indents it freely). */
export function parseRst(source: string): Block[] {
  const lines = dedent(source.replace(/\r\n?/g, '\n').replace(/\t/g, '        ').split('\n').map((line) => line.replace(/\s+$/, '')));
  return new Reader().read(lines);
}
