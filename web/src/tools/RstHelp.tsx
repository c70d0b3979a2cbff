import type { ReactNode } from 'react';
import { type Block, type Inline, parseRst } from './rst-blocks';

function inlineElement(inline: Inline, key: number): ReactNode {
  switch (inline.kind) {
    case 'text':
      return inline.text;
    case 'strong':
      return <strong key={key}>{inline.text}</strong>;
    case 'emphasis':
      return <em key={key}>{inline.text}</em>;
    case 'literal':
      return <code key={key}>{inline.text}</code>;
    case 'link':
      return (
        <a key={key} href={inline.url} target="_blank" rel="noopener noreferrer">
          {inline.text}
        </a>
      );
  }
}

const inlines = (list: Inline[]) => list.map(inlineElement);

function blockElement(block: Block, key: number, headingBase: number): ReactNode {
  switch (block.kind) {
    case 'heading': {
      const level = Math.min(6, headingBase + block.level - 1);
      const Heading = `h${level}` as 'h3';
      return <Heading key={key}>{inlines(block.inlines)}</Heading>;
    }
    case 'paragraph':
      return <p key={key}>{inlines(block.inlines)}</p>;
    case 'bullets':
      return (
        <ul key={key}>
          {block.items.map((item, index) => (
            <li key={index}>{blocks(item, headingBase)}</li>
          ))}
        </ul>
      );
    case 'numbered':
      return (
        <ol key={key}>
          {block.items.map((item, index) => (
            <li key={index}>{blocks(item, headingBase)}</li>
          ))}
        </ol>
      );
    case 'literal':
    case 'table':
      return (
        <pre key={key} className={block.kind === 'table' ? 'rst-table' : undefined}>
          {block.text}
        </pre>
      );
    case 'quote':
      return <blockquote key={key}>{blocks(block.blocks, headingBase)}</blockquote>;
    case 'rule':
      return <hr key={key} />;
  }
}

function blocks(list: Block[], headingBase: number): ReactNode[] {
  return list.map((block, index) => blockElement(block, index, headingBase));
}

/**
 * A tool's help from its reStructuredText, as React elements (text is never read as HTML); its
 * headings start at `headingLevel` (under the screen's own headings).
 */
export function RstHelp({ source, headingLevel = 3 }: { source: string; headingLevel?: number }) {
  return <div className="tool-help-text">{blocks(parseRst(source), headingLevel)}</div>;
}
