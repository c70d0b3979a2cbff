/**
 * What a page's content is made of in the page editor: the Markdown subset it writes (headings,
 * paragraphs, emphasis, strong, inline code, code blocks, bullet and numbered lists, http(s)/mailto
 * links, block quotes) and 15.05's embedded items. The Markdown is parsed into these blocks, the
 * blocks are written as the HTML the page stores, and the stored HTML is read back into blocks (then
 * Markdown) when the page is edited again, so the stored HTML is the only source.
 */
export type Inline =
  | { type: 'text'; text: string }
  | { type: 'em'; children: Inline[] }
  | { type: 'strong'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] };

export type EmbedKind = 'history' | 'dataset' | 'workflow' | 'visualization';

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'list'; ordered: boolean; items: Inline[][] }
  | { type: 'quote'; blocks: Block[] }
  | { type: 'embed'; kind: EmbedKind; id: string; name: string };

export const EMBED_KINDS: readonly EmbedKind[] = ['history', 'dataset', 'workflow', 'visualization'];

/**
 * The model class that starts an embedded item's placeholder id in 15.05's page HTML
 * (`<div class="embedded-item history placeholder" id="History-<encoded id>">`), by kind.
 */
export const EMBED_ID_PREFIX: Readonly<Record<EmbedKind, string>> = {
  history: 'History',
  dataset: 'HistoryDatasetAssociation',
  workflow: 'StoredWorkflow',
  visualization: 'Visualization',
};

/** The kind's name as 15.05 wrote it in a placeholder's title ("Embedded Galaxy History 'name'"). */
export const EMBED_TITLE_WORD: Readonly<Record<EmbedKind, string>> = {
  history: 'History',
  dataset: 'Dataset',
  workflow: 'Workflow',
  visualization: 'Visualization',
};

/** Links are kept only to these schemes (anything else is written as its text). */
export const isAllowedHref = (href: string): boolean => /^(https?:\/\/|mailto:)\S+$/i.test(href.trim());

/** The kind and id an embedded item's placeholder id names, or null when it names no known kind. */
export function embedOfPlaceholderId(placeholderId: string): { kind: EmbedKind; id: string } | null {
  const dash = placeholderId.indexOf('-');
  if (dash <= 0) return null;
  const prefix = placeholderId.slice(0, dash);
  const kind = EMBED_KINDS.find((candidate) => EMBED_ID_PREFIX[candidate] === prefix);
  const id = placeholderId.slice(dash + 1);
  return kind && /^[A-Za-z0-9]+$/.test(id) ? { kind, id } : null;
}
