import { useMemo } from 'react';
import { type ResultOf } from '../graphql';
import { parsePageHtml } from './markdown/dom-html-node';
import { embedOfPlaceholderId, type EmbedKind } from './markdown/page-blocks';
import { EmbeddedItemView } from './EmbeddedItemView';
import { type PageWithEmbedsQuery } from './page-documents';
import './pages.css';

type PageEmbeds = NonNullable<ResultOf<typeof PageWithEmbedsQuery>['page']>['embeds'];

type Part = { type: 'html'; html: string } | { type: 'embed'; kind: EmbedKind; id: string; name: string };

/**
 * A page's content as its view shows it: the stored HTML, which the graph sanitized, between its
 * embedded items, which are React elements drawn from what the graph read of each with the viewer's
 * rights (`page { embeds }`). The HTML is parsed into an inert document (DOMParser: nothing runs,
 * nothing loads) only to find the placeholders at its top level.
 */
export function PageContentView({ content, embeds }: { content: string; embeds: PageEmbeds | undefined }) {
  const parts = useMemo(() => contentParts(content), [content]);
  const byKey = useMemo(() => new Map((embeds ?? []).map((embed) => [`${embed.kind.toLowerCase()}:${embed.id}`, embed])), [embeds]);
  return (
    <article className="page-content">
      {parts.map((part, index) =>
        part.type === 'html' ? (
          <div key={index} className="page-html" dangerouslySetInnerHTML={{ __html: part.html }} />
        ) : (
          <EmbeddedItemView key={index} kind={part.kind} name={part.name} embed={embeds && (byKey.get(`${part.kind}:${part.id}`) ?? refused(part))} />
        ),
      )}
    </article>
  );
}

/** An embed the graph did not read (beyond its limit): shown as not accessible, never as content. */
const refused = (part: { kind: EmbedKind; id: string }): PageEmbeds[number] => ({
  kind: part.kind.toUpperCase() as PageEmbeds[number]['kind'],
  id: part.id,
  history: null,
  historyItems: [],
  dataset: null,
  workflow: null,
  visualization: null,
});

function contentParts(content: string): Part[] {
  const body = parsePageHtml(content).body;
  const parts: Part[] = [];
  let html = '';
  const flush = () => {
    if (html.trim()) parts.push({ type: 'html', html });
    html = '';
  };
  for (const node of Array.from(body.childNodes)) {
    const embed = node instanceof Element && node.classList.contains('embedded-item') ? embedOfPlaceholderId(node.id) : null;
    if (embed) {
      flush();
      const title = node instanceof Element ? (node.querySelector('p.title')?.textContent ?? '') : '';
      parts.push({ type: 'embed', ...embed, name: /'(.*)'\s*$/s.exec(title)?.[1] ?? '' });
    } else if (node instanceof Element) html += node.outerHTML;
    else if (node.nodeType === Node.TEXT_NODE) html += escapeText(node.textContent ?? '');
  }
  flush();
  return parts;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
