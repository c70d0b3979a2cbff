import { LruMemo } from '../shared';
import { safeHtml } from '../shared';

/**
 * Contents this process sanitized lately (up to 256 K characters each, 8 M in all with their
 * sanitized forms): pages are read far more often than written, and their content is sanitized each
 * time it leaves the service.
 */
const memo = new LruMemo<string>((content, safe) => content.length + safe.length, 512 * 1024, 8 * 1024 * 1024);

/**
 * Page content as it is stored (on create and on each revision) and as it leaves the service (show,
 * revisions, the graph's `page { content }`): the sanitizer's inert markup (`shared/safe-html.ts`),
 * trimmed, with Unix line ends. Applied on read too, so pages written before the sanitizer was strict
 * (or carried over from the platform 15.05 by the importer) are shown sanitized; sanitizing what it
 * wrote changes nothing.
 */
export function safePageContent(content: string): string {
  const known = memo.get(content);
  if (known !== undefined) return known;
  const safe = safeHtml(content).trim().replace(/\r\n/g, '\n');
  memo.set(content, safe);
  return safe;
}
