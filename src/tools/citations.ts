/**
 * Citations as the platform's citation APIs return them: `{format: 'bibtex', content}`. DOI citations
 * are turned into a minimal BibTeX entry offline (the platform fetches the full entry from doi.org;
 * this service makes no network calls).
 */
import type { Citation, ToolDefinition } from './model/tool-definition';

export interface CitationDict {
  format: 'bibtex';
  content: string;
}

export function doiToBibtex(doi: string): string {
  const key = `doi_${doi.replace(/[^A-Za-z0-9]+/g, '_')}`;
  return `@article{${key},\n  doi = {${doi}},\n  url = {https://doi.org/${doi}}\n}`;
}

export function citationDict(citation: Citation): CitationDict {
  return { format: 'bibtex', content: citation.type === 'bibtex' ? citation.content : doiToBibtex(citation.doi) };
}

export function toolCitations(tool: Pick<ToolDefinition, 'citations'>): CitationDict[] {
  return tool.citations.map(citationDict);
}

/** Citations of several tools (a history's), each once: DOIs by DOI, BibTeX by its text. */
export function collectCitations(tools: ReadonlyArray<Pick<ToolDefinition, 'citations'>>): CitationDict[] {
  const seen = new Set<string>();
  const dicts: CitationDict[] = [];
  for (const tool of tools) {
    for (const citation of tool.citations) {
      const key = citation.type === 'doi' ? `doi:${citation.doi.toLowerCase()}` : `bibtex:${citation.content}`;
      if (seen.has(key)) continue;
      seen.add(key);
      dicts.push(citationDict(citation));
    }
  }
  return dicts;
}
