import type { ChildNode } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { safePageContent } from '../../../src/services/pages/page-content';
import { blocksToHtml } from '../../../web/src/pages/markdown/blocks-to-html';
import { blocksToMarkdown } from '../../../web/src/pages/markdown/blocks-to-markdown';
import { type HtmlNode, htmlToBlocks } from '../../../web/src/pages/markdown/html-to-blocks';
import { parseMarkdown } from '../../../web/src/pages/markdown/parse-markdown';

/** htmlparser2's tree as html-to-blocks reads it (the browser's DOM in the editor). */
function nodesOf(children: readonly ChildNode[]): HtmlNode[] {
  return children.flatMap((node): HtmlNode[] => {
    if (node.type === 'text') return [{ tag: null, text: node.data, attribute: () => null, children: [] }];
    if (node.type === 'tag') return [{ tag: node.name.toLowerCase(), text: '', attribute: (name) => node.attribs[name] ?? null, children: nodesOf(node.children) }];
    return [];
  });
}
const read = (html: string) => htmlToBlocks(nodesOf(parseDocument(html, { decodeEntities: true }).children));
/** What the editor shows again after a save: Markdown -> HTML -> the server's sanitizer -> blocks -> Markdown. */
const roundTrip = (markdown: string) => blocksToMarkdown(read(safePageContent(blocksToHtml(parseMarkdown(markdown)))).blocks);

const DOCUMENT = [
  '# Results of *run 3*',
  'Reads were **trimmed** with `cutadapt` and mapped.\nSee [the protocol](https://example.org/protocol?a=1&b=2) or [mail us](mailto:lab@example.org).',
  '## Steps',
  '- upload the **reads**\n- trim them\n- map with `bwa mem`',
  '1. first\n2. second *step*',
  '> A quoted remark\n> on two lines\n>\n> - and a list',
  '```\nzcat reads.fq.gz | head -4 > first.fq\nif [ $x -lt 3 ]; then echo "<b>"; fi\n```',
  '{{history 1cd8e2f6b131e891 | RNA-seq reads}}',
  '{{dataset 0a248a1f62a0cc04 | counts.tsv}}',
  '{{workflow f2db41e1fa331b3e | Map and count}}',
  '{{visualization 5969b1f7201f12ae | Coverage}}',
  'Escaped: \\*not emphasis\\*, snake\\_case, a \\[bracket\\] and 3 < 4 & 5 > 2.',
].join('\n\n');

describe('parseMarkdown (the page editor’s Markdown subset)', () => {
  it('reads headings, paragraphs, emphasis, strong, code, lists, quotes, code blocks, links and embeds', () => {
    const blocks = parseMarkdown(DOCUMENT);
    expect(blocks.map((block) => block.type)).toEqual(['heading', 'paragraph', 'heading', 'list', 'list', 'quote', 'code', 'embed', 'embed', 'embed', 'embed', 'paragraph']);
    expect(blocks[0]).toEqual({ type: 'heading', level: 1, children: [{ type: 'text', text: 'Results of ' }, { type: 'em', children: [{ type: 'text', text: 'run 3' }] }] });
    expect(blocks[4]).toMatchObject({ type: 'list', ordered: true });
    expect(blocks[7]).toEqual({ type: 'embed', kind: 'history', id: '1cd8e2f6b131e891', name: 'RNA-seq reads' });
  });

  it('keeps only http, https and mailto links (others are their text)', () => {
    const html = blocksToHtml(parseMarkdown('[a](javascript:alert(1)) [b](data:text/html,x) [c](https://ok.example) [d](vbscript:x) [e](mailto:x@y.z)'));
    expect(html).toBe('<p>a b <a href="https://ok.example">c</a> d <a href="mailto:x@y.z">e</a></p>');
  });

  it('writes every text escaped: markup typed in Markdown is text', () => {
    const html = blocksToHtml(parseMarkdown('<script>alert(1)</script> <img src=x onerror=alert(1)>\n\n```\n<script>x</script>\n```'));
    expect(html).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt;</p>\n<pre><code>&lt;script&gt;x&lt;/script&gt;</code></pre>');
  });

  it('treats an underscore inside a word as text', () => {
    expect(blocksToHtml(parseMarkdown('snake_case_name and _em_'))).toBe('<p>snake_case_name and <em>em</em></p>');
  });
});

describe('blocksToHtml writes embedded items as 15.05 placeholders', () => {
  it('as <div class="embedded-item <kind> placeholder" id="<Class>-<id>"> with its title, which the sanitizer keeps', () => {
    const html = blocksToHtml(parseMarkdown('{{dataset 0a248a1f62a0cc04 | counts.tsv}}'));
    expect(html).toBe(
      `<div class="embedded-item dataset placeholder" id="HistoryDatasetAssociation-0a248a1f62a0cc04"><p class="title">Embedded Galaxy Dataset 'counts.tsv'</p>` +
        `<p class="content">[Do not edit this block; Galaxy will fill it in with the annotated dataset when it is displayed.]</p></div>`,
    );
    expect(safePageContent(html)).toContain('<div class="embedded-item dataset placeholder" id="HistoryDatasetAssociation-0a248a1f62a0cc04">');
  });

  it('reads 15.05’s own placeholders (single quotes, its class names) back as embeds', () => {
    const html = `<div id='StoredWorkflow-f2db41e1fa331b3e' class='embedded-item workflow placeholder'><p class='title'>Embedded Galaxy Workflow 'Map and count'</p><p class='content'>[Do not edit this block]</p></div>`;
    expect(read(html).blocks).toEqual([{ type: 'embed', kind: 'workflow', id: 'f2db41e1fa331b3e', name: 'Map and count' }]);
  });
});

describe('the editor’s source survives a save (Markdown -> stored HTML -> Markdown)', () => {
  it('gives back the same Markdown through the server’s sanitizer', () => {
    expect(roundTrip(DOCUMENT)).toBe(DOCUMENT);
  });

  it('gives back the same blocks for Markdown written loosely (the source is normalised once)', () => {
    const loose = '#  Title  \n\n* one\n* two\n\n2. a\n3. b\n\nline one\nline two';
    const once = roundTrip(loose);
    expect(parseMarkdown(once)).toEqual(parseMarkdown(loose));
    expect(roundTrip(once)).toBe(once);
  });

  it('keeps the text of HTML the subset cannot express and names its tags', () => {
    const { blocks, dropped } = read('<table><tr><td>cell <u>one</u></td></tr></table><hr /><p>after</p>');
    expect(blocksToMarkdown(blocks)).toBe('cell one\n\nafter');
    expect(dropped).toEqual(['hr', 'table', 'td', 'tr', 'u']);
  });
});
