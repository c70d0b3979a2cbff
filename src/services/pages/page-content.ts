import { safeHtml } from '../shared/safe-html';

/** Contents up to this length are remembered once sanitized; larger ones are sanitized each time. */
const MEMO_MAX_ENTRY = 256 * 1024;
/** The remembered contents and their sanitized forms together stay under this many characters. */
const MEMO_MAX_TOTAL = 8 * 1024 * 1024;

/**
 * What this process sanitized lately, by content: pages are read far more often than written, and
 * their content is sanitized every time it leaves the service. A cache of a pure function, so server
 * processes need not agree on it; the least recently used entries go first.
 */
const memo = new Map<string, string>();
let memoSize = 0;

function remember(content: string, safe: string): void {
  memo.set(content, safe);
  memoSize += content.length + safe.length;
  for (const [oldest, value] of memo) {
    if (memoSize <= MEMO_MAX_TOTAL) break;
    memo.delete(oldest);
    memoSize -= oldest.length + value.length;
  }
}

/**
 * Page content as it is stored (on create and on each revision) and as it leaves the service (show,
 * revisions, the graph's `page { content }`): the sanitizer's inert markup (`shared/safe-html.ts`),
 * trimmed, with Unix line ends. Applied on read too, so pages written before the sanitizer was strict
 * (or carried over from the platform 15.05 by the importer) are shown sanitized; sanitizing what it
 * wrote changes nothing.
 */
export function safePageContent(content: string): string {
  const known = memo.get(content);
  if (known !== undefined) {
    // Most recently used last.
    memo.delete(content);
    memo.set(content, known);
    return known;
  }
  const safe = safeHtml(content).trim().replace(/\r\n/g, '\n');
  if (content.length <= MEMO_MAX_ENTRY) remember(content, safe);
  return safe;
}
