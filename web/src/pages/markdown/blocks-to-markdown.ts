import type { Block, Inline } from './page-blocks';

/**
 * Blocks written as the editor's Markdown (parse-markdown.ts reads it back into the same blocks):
 * blocks separated by a blank line, Markdown's characters in text escaped with `\`.
 */
export function blocksToMarkdown(blocks: readonly Block[]): string {
  return blocks.map(blockMarkdown).join('\n\n');
}

function blockMarkdown(block: Block): string {
  switch (block.type) {
    case 'heading':
      return `${'#'.repeat(block.level)} ${oneLine(inlinesMarkdown(block.children))}`;
    case 'paragraph':
      return inlinesMarkdown(block.children);
    case 'code':
      return `\`\`\`\n${block.text.replace(/^```/gm, ' ```')}\n\`\`\``;
    case 'list':
      return block.items.map((item, index) => `${block.ordered ? `${index + 1}.` : '-'} ${inlinesMarkdown(item).replace(/\n/g, '\n  ')}`).join('\n');
    case 'quote':
      return blocksToMarkdown(block.blocks)
        .split('\n')
        .map((line) => (line === '' ? '>' : `> ${line}`))
        .join('\n');
    case 'embed':
      return `{{${block.kind} ${block.id} | ${block.name.replace(/[{}|\n]/g, ' ').trim()}}}`;
  }
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ');

function inlinesMarkdown(inlines: readonly Inline[]): string {
  return inlines.map(inlineMarkdown).join('');
}

function inlineMarkdown(inline: Inline): string {
  switch (inline.type) {
    case 'text':
      return escapeText(inline.text);
    case 'em':
      return `*${inlinesMarkdown(inline.children)}*`;
    case 'strong':
      return `**${inlinesMarkdown(inline.children)}**`;
    case 'code':
      // A code span cannot hold a backtick in this subset: it is written as a quote mark.
      return `\`${inline.text.replace(/`/g, "'")}\``;
    case 'link':
      return `[${inlinesMarkdown(inline.children)}](${inline.href.replace(/[()\s]/g, encodeURIComponent)})`;
  }
}

/**
 * Text as Markdown that reads back as the same text: the inline markers escaped everywhere, and a
 * line that would start a block (`#`, `>`, `-`, `1.`, a fence, `{{`) escaped at its start.
 */
function escapeText(text: string): string {
  return text
    .replace(/[\\`*_[\]{}]/g, (char) => `\\${char}`)
    .replace(/(^|\n)(\s*)([#>+-]|\d+(?=[.)]))/g, (_all, start: string, space: string, marker: string) => `${start}${space}${/^\d/.test(marker) ? `${marker}\\` : `\\${marker}`}`);
}
