import { Fragment, type ReactNode } from 'react';
import { type Block, EMBED_TITLE_WORD, type Inline, isAllowedHref } from './markdown/page-blocks';

/**
 * The editor's preview: the blocks as React elements (never an HTML string), an embedded item as a
 * box naming it (the page's view shows the item itself).
 */
export function BlocksView({ blocks }: { blocks: readonly Block[] }) {
  return <>{blocks.map((block, index) => <BlockView key={index} block={block} />)}</>;
}

function BlockView({ block }: { block: Block }) {
  switch (block.type) {
    case 'heading': {
      const Heading = `h${block.level}` as const;
      return <Heading>{inlines(block.children)}</Heading>;
    }
    case 'paragraph':
      return <p>{inlines(block.children)}</p>;
    case 'code':
      return (
        <pre>
          <code>{block.text}</code>
        </pre>
      );
    case 'list': {
      const items = block.items.map((item, index) => <li key={index}>{inlines(item)}</li>);
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case 'quote':
      return (
        <blockquote>
          <BlocksView blocks={block.blocks} />
        </blockquote>
      );
    case 'embed':
      return (
        <div className="embed-box embed-placeholder">
          <p className="embed-title">
            Embedded {EMBED_TITLE_WORD[block.kind]} '{block.name || block.id}'
          </p>
          <p className="muted">Shown with its content when the page is viewed.</p>
        </div>
      );
  }
}

function inlines(children: readonly Inline[]): ReactNode {
  return children.map((inline, index) => <Fragment key={index}>{inlineView(inline)}</Fragment>);
}

function inlineView(inline: Inline): ReactNode {
  switch (inline.type) {
    case 'text':
      return inline.text;
    case 'em':
      return <em>{inlines(inline.children)}</em>;
    case 'strong':
      return <strong>{inlines(inline.children)}</strong>;
    case 'code':
      return <code>{inline.text}</code>;
    case 'link':
      return isAllowedHref(inline.href) ? <a href={inline.href}>{inlines(inline.children)}</a> : inlines(inline.children);
  }
}
