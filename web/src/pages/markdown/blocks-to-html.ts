import { type Block, EMBED_ID_PREFIX, EMBED_TITLE_WORD, type Inline, isAllowedHref } from './page-blocks';

/**
 * Blocks as the HTML a page stores: plain document markup, every text escaped, links only to
 * http(s)/mailto, and each embedded item as 15.05's placeholder
 * (`<div class="embedded-item history placeholder" id="History-<id>">` with its title and
 * "Do not edit" paragraphs). The server sanitizes it again when it stores it.
 */
export function blocksToHtml(blocks: readonly Block[]): string {
  return blocks.map(blockHtml).join('\n');
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function blockHtml(block: Block): string {
  switch (block.type) {
    case 'heading':
      return `<h${block.level}>${inlinesHtml(block.children)}</h${block.level}>`;
    case 'paragraph':
      return `<p>${inlinesHtml(block.children)}</p>`;
    case 'code':
      return `<pre><code>${escapeHtml(block.text)}</code></pre>`;
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      return `<${tag}>${block.items.map((item) => `<li>${inlinesHtml(item)}</li>`).join('')}</${tag}>`;
    }
    case 'quote':
      return `<blockquote>${blocksToHtml(block.blocks)}</blockquote>`;
    case 'embed': {
      const word = EMBED_TITLE_WORD[block.kind];
      return (
        `<div class="embedded-item ${block.kind} placeholder" id="${EMBED_ID_PREFIX[block.kind]}-${escapeHtml(block.id)}">` +
        `<p class="title">Embedded Galaxy ${word} '${escapeHtml(block.name)}'</p>` +
        `<p class="content">[Do not edit this block; Galaxy will fill it in with the annotated ${block.kind} when it is displayed.]</p></div>`
      );
    }
  }
}

function inlinesHtml(inlines: readonly Inline[]): string {
  return inlines.map(inlineHtml).join('');
}

function inlineHtml(inline: Inline): string {
  switch (inline.type) {
    case 'text':
      return escapeHtml(inline.text);
    case 'em':
      return `<em>${inlinesHtml(inline.children)}</em>`;
    case 'strong':
      return `<strong>${inlinesHtml(inline.children)}</strong>`;
    case 'code':
      return `<code>${escapeHtml(inline.text)}</code>`;
    case 'link':
      return isAllowedHref(inline.href) ? `<a href="${escapeHtml(inline.href)}">${inlinesHtml(inline.children)}</a>` : inlinesHtml(inline.children);
  }
}
