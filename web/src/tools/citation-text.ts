/** A BibTeX entry's fields (`author = {…}`, `year = "…"`, `year = 2010`), lower-cased names, braces dropped. */
export function bibtexFields(entry: string): Record<string, string> {
  const fields: Record<string, string> = {};
  const field = /(\w+)\s*=\s*(?:\{((?:[^{}]|\{[^{}]*\})*)\}|"([^"]*)"|(\w+))/g;
  const body = entry.slice(entry.indexOf(',') + 1);
  for (const match of body.matchAll(field)) fields[match[1].toLowerCase()] = (match[2] ?? match[3] ?? match[4] ?? '').replace(/[{}]/g, '').replace(/\s+/g, ' ').trim();
  return fields;
}

export interface CitationText {
  /** "Authors (year). Title. Journal." from what the entry gives. */
  text: string;
  /** https://doi.org/<doi> when the entry names a DOI. */
  doiUrl: string | null;
  url: string | null;
}

/** A citation as a reader sees it; the BibTeX stays available beside it. */
export function citationText(bibtex: string): CitationText {
  const fields = bibtexFields(bibtex);
  const authors = fields.author ? fields.author.split(/\s+and\s+/).join(', ') : '';
  const parts = [authors && `${authors}${fields.year ? ` (${fields.year})` : ''}`, fields.title, fields.journal ?? fields.booktitle ?? fields.publisher].filter(Boolean);
  const doi = fields.doi?.replace(/^https?:\/\/(dx\.)?doi\.org\//i, '') ?? null;
  const url = fields.url && /^https?:\/\//i.test(fields.url) ? fields.url : null;
  const validDoi = doi && /^10\.\S+$/.test(doi) ? doi : null;
  return { text: parts.length ? `${parts.join('. ')}.` : validDoi ? `DOI ${validDoi}` : bibtex.trim(), doiUrl: validDoi ? `https://doi.org/${validDoi}` : null, url };
}
