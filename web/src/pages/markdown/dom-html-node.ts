import type { HtmlNode } from './html-to-blocks';

/** The browser's DOM as html-to-blocks reads it (elements and texts; comments are skipped). */
export function domHtmlNodes(parent: ParentNode): HtmlNode[] {
  const nodes: HtmlNode[] = [];
  for (const child of Array.from(parent.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) nodes.push({ tag: null, text: child.textContent ?? '', attribute: () => null, children: [] });
    else if (child instanceof Element) nodes.push({ tag: child.tagName.toLowerCase(), text: '', attribute: (name) => child.getAttribute(name), children: domHtmlNodes(child) });
  }
  return nodes;
}

/** Stored page HTML parsed by the browser into an inert document (no script runs, nothing loads). */
export function parsePageHtml(html: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html');
}
