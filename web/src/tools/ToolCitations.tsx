import { citationText } from './citation-text';

const bibtexOf = (citation: unknown): string | null => {
  if (!citation || typeof citation !== 'object') return null;
  const content = (citation as { content?: unknown }).content;
  return typeof content === 'string' ? content : null;
};

/** The tool's citations (BibTeX from the graph): each as a reader sees it, with its DOI link and its BibTeX. */
export function ToolCitations({ citations }: { citations: readonly unknown[] }) {
  const entries = citations.map(bibtexOf).filter((entry): entry is string => entry !== null);
  if (entries.length === 0) return null;
  return (
    <section className="tool-citations" aria-labelledby="tool-citations-heading">
      <h2 id="tool-citations-heading">Citations</h2>
      <p className="muted">Please cite these when you publish work that uses this tool.</p>
      <ol>
        {entries.map((entry, index) => {
          const shown = citationText(entry);
          return (
            <li key={index}>
              {shown.text}{' '}
              {shown.doiUrl && (
                <a href={shown.doiUrl} target="_blank" rel="noopener noreferrer">
                  {shown.doiUrl}
                </a>
              )}
              {!shown.doiUrl && shown.url && (
                <a href={shown.url} target="_blank" rel="noopener noreferrer">
                  {shown.url}
                </a>
              )}
              <details>
                <summary>BibTeX</summary>
                <pre>{entry}</pre>
              </details>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
