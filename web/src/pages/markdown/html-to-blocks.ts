import { type Block, embedOfPlaceholderId, type Inline, isAllowedHref } from './page-blocks';

/**
 * The little of a parsed HTML tree this reader needs, so that it reads the browser's DOM (the
 * editor, through `domHtmlNode`) and any other parser's tree (the unit tests) alike.
 */
export interface HtmlNode {
  /** Lower-case tag name of an element; null for text (comments and the like are never given). */
  tag: string | null;
  /** A text node's text. */
  text: string;
  attribute(name: string): string | null;
  children: readonly HtmlNode[];
}

export interface ReadBlocks {
  blocks: Block[];
  /** Tags of the stored HTML that the editor's Markdown cannot keep (their text is kept). */
  dropped: string[];
}

/**
 * A page's stored HTML (its body's children) read back into the editor's blocks: what
 * `blocksToHtml` writes comes back as it was; other markup (a page written through the API) is
 * kept as its nearest block or its text, and its tags are reported in `dropped`.
 */
export function htmlToBlocks(nodes: readonly HtmlNode[]): ReadBlocks {
  const dropped = new Set<string>();
  return { blocks: readBlocks(nodes, dropped), dropped: [...dropped].sort() };
}

const INLINE_TAGS = new Set(['a', 'em', 'i', 'strong', 'b', 'code', 'span', 'br', 'u', 's', 'small', 'sub', 'sup', 'kbd', 'tt', 'var', 'abbr', 'cite', 'mark', 'q', 'del', 'ins', 'font', 'img']);
const KEPT_INLINE = new Set(['a', 'em', 'i', 'strong', 'b', 'code', 'br']);
const KEPT_BLOCK = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'pre', 'ul', 'ol', 'li', 'blockquote']);

const textOf = (node: HtmlNode): string => (node.tag === null ? node.text : node.children.map(textOf).join(''));
const isInline = (node: HtmlNode) => node.tag === null || INLINE_TAGS.has(node.tag);

function readBlocks(nodes: readonly HtmlNode[], dropped: Set<string>): Block[] {
  const blocks: Block[] = [];
  let run: HtmlNode[] = [];
  const endRun = () => {
    const children = trimmed(readInlines(run, dropped));
    if (children.length > 0) blocks.push({ type: 'paragraph', children });
    run = [];
  };
  for (const node of nodes) {
    if (isInline(node)) {
      run.push(node);
      continue;
    }
    endRun();
    const block = readBlock(node, dropped);
    if (block) blocks.push(...block);
  }
  endRun();
  return blocks;
}

function readBlock(node: HtmlNode, dropped: Set<string>): Block[] {
  const tag = node.tag as string;
  if (!KEPT_BLOCK.has(tag) && tag !== 'div') dropped.add(tag);
  const heading = /^h([1-6])$/.exec(tag);
  if (heading) return [{ type: 'heading', level: Number(heading[1]) as 1 | 2 | 3 | 4 | 5 | 6, children: trimmed(readInlines(node.children, dropped)) }];
  if (tag === 'p') {
    const children = trimmed(readInlines(node.children, dropped));
    return children.length > 0 ? [{ type: 'paragraph', children }] : [];
  }
  if (tag === 'pre') return [{ type: 'code', text: textOf(node).replace(/\n$/, '') }];
  if (tag === 'ul' || tag === 'ol') {
    const items = node.children.filter((child) => child.tag !== null).map((child) => trimmed(readInlines(child.tag === 'li' ? flattenParagraphs(child.children) : [child], dropped)));
    return [{ type: 'list', ordered: tag === 'ol', items }];
  }
  if (tag === 'blockquote') return [{ type: 'quote', blocks: readBlocks(node.children, dropped) }];
  if (tag === 'div') {
    const classes = (node.attribute('class') ?? '').split(/\s+/);
    const embed = classes.includes('embedded-item') ? embedOfPlaceholderId(node.attribute('id') ?? '') : null;
    if (embed) return [{ type: 'embed', ...embed, name: embedName(node) }];
  }
  // Anything else (div, section, table, hr, …): its content as blocks.
  return readBlocks(node.children, dropped);
}

/** The item's name in its placeholder's title: `Embedded Galaxy History 'name'`. */
function embedName(node: HtmlNode): string {
  const title = node.children.find((child) => child.tag === 'p' && (child.attribute('class') ?? '').split(/\s+/).includes('title'));
  const text = title ? textOf(title) : '';
  const quoted = /'(.*)'\s*$/s.exec(text);
  return (quoted ? quoted[1] : '').trim();
}

/** A list item's paragraphs (HTML written elsewhere) read as its one line of inline content. */
function flattenParagraphs(nodes: readonly HtmlNode[]): HtmlNode[] {
  return nodes.flatMap((node) => (node.tag === 'p' ? [...node.children, { tag: null, text: ' ', attribute: () => null, children: [] }] : [node]));
}

function readInlines(nodes: readonly HtmlNode[], dropped: Set<string>): Inline[] {
  const out: Inline[] = [];
  for (const node of nodes) {
    if (node.tag === null) {
      out.push({ type: 'text', text: node.text });
      continue;
    }
    if (!KEPT_INLINE.has(node.tag)) dropped.add(node.tag);
    switch (node.tag) {
      case 'em':
      case 'i':
        out.push({ type: 'em', children: readInlines(node.children, dropped) });
        break;
      case 'strong':
      case 'b':
        out.push({ type: 'strong', children: readInlines(node.children, dropped) });
        break;
      case 'code':
        out.push({ type: 'code', text: textOf(node) });
        break;
      case 'a': {
        const href = node.attribute('href') ?? '';
        const children = readInlines(node.children, dropped);
        if (isAllowedHref(href)) out.push({ type: 'link', href, children });
        else out.push(...children);
        break;
      }
      case 'br':
        out.push({ type: 'text', text: '\n' });
        break;
      default:
        out.push(...readInlines(node.children, dropped));
    }
  }
  return mergedTexts(out);
}

function mergedTexts(inlines: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const inline of inlines) {
    const last = out[out.length - 1];
    if (inline.type === 'text' && last?.type === 'text') out[out.length - 1] = { type: 'text', text: last.text + inline.text };
    else if (inline.type !== 'text' || inline.text !== '') out.push(inline);
  }
  return out;
}

/** Whitespace around a block's inline content (indentation of the stored HTML) is not content. */
function trimmed(inlines: Inline[]): Inline[] {
  const out = [...inlines];
  const first = out[0];
  if (first?.type === 'text') out[0] = { type: 'text', text: first.text.replace(/^\s+/, '') };
  const lastIndex = out.length - 1;
  const last = out[lastIndex];
  if (last?.type === 'text') out[lastIndex] = { type: 'text', text: last.text.replace(/\s+$/, '') };
  return out.filter((inline) => inline.type !== 'text' || inline.text !== '');
}
