/**
 * The items a page embeds, as the platform 15.05 marks them in a page's HTML (its page editor wrote
 * them, its page controller filled them in when the page was shown):
 * `<div class="embedded-item history placeholder" id="History-<encoded id>">…</div>`. The id names the
 * item: its model class, a dash, the item's encoded id; the class's second word is the kind in lower
 * case. This reads them from the page's sanitized content (the sanitizer keeps `class` and plain `id`s,
 * `shared/safe-html.ts`); the graph then reads each item with the caller's own rights.
 */

/** The kinds of item a page embeds (15.05 also had pages in pages, which it never filled in). */
export type PageEmbedKind = 'history' | 'dataset' | 'workflow' | 'visualization';

export interface PageEmbedRef {
  kind: PageEmbedKind;
  /** The item's encoded id, as the placeholder's id carries it. */
  encodedId: string;
}

/** The model class each kind's placeholder id starts with (15.05's `item_class`). */
export const EMBED_ID_PREFIXES: Readonly<Record<PageEmbedKind, string>> = {
  history: 'History',
  dataset: 'HistoryDatasetAssociation',
  workflow: 'StoredWorkflow',
  visualization: 'Visualization',
};

const KIND_OF_PREFIX = new Map<string, PageEmbedKind>(Object.entries(EMBED_ID_PREFIXES).map(([kind, prefix]) => [prefix, kind as PageEmbedKind]));

/** At most this many embedded items of one page are read (the rest stay placeholders). */
export const MAX_PAGE_EMBEDS = 50;

const DIV_TAG = /<div\b([^>]*)>/gi;
const attribute = (attributes: string, name: string): string | null => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(attributes)?.[1] ?? null;

/**
 * The embedded items of sanitized page HTML, in document order (values are double-quoted there, so
 * the attributes are read by a plain pattern). A placeholder whose id names no known class is skipped.
 */
export function pageEmbedRefs(safeContent: string): PageEmbedRef[] {
  const refs: PageEmbedRef[] = [];
  for (const match of safeContent.matchAll(DIV_TAG)) {
    const classes = (attribute(match[1], 'class') ?? '').split(/\s+/);
    const id = attribute(match[1], 'id');
    if (!classes.includes('embedded-item') || !id) continue;
    const dash = id.indexOf('-');
    const kind = dash > 0 ? KIND_OF_PREFIX.get(id.slice(0, dash)) : undefined;
    const encodedId = id.slice(dash + 1);
    if (!kind || !encodedId) continue;
    refs.push({ kind, encodedId });
    if (refs.length === MAX_PAGE_EMBEDS) break;
  }
  return refs;
}
