import { errors } from '../../../errors/error-kinds';
import type { DepotServiceContext } from '../../context/depot-service-context';
import type { RepositoryView } from '../repositories/repository-view';
import { depotUrlOf } from '../shared/depot-url';
import { searchRepositoryRows } from './repository-search';
import { searchPage } from './search-query';
import { fullTimeText, timeIntervalWords } from './time-words';
import { type ToolSearchEntry, searchToolRows } from './tool-search';

/** What both searches answer: the original's search object (its numbers are texts in REST). */
export interface SearchResult<Hit> {
  /** The depot's address, with a trailing slash (the original's `url_for('/', qualified=True)`). */
  hostname: string;
  /** The page asked for (a page after the last shows the last page's hits). */
  page: number;
  pageSize: number;
  totalResults: number;
  hits: Hit[];
}

export interface RepositoryHit {
  repository: RepositoryView;
  score: number;
  /** `[field, word]` for each word found in each field. */
  matchedTerms: Array<[string, string]>;
  lastUpdated: string;
  fullLastUpdated: string;
  /** 'yes' when a review approved the repository: this depot has no reviews, so always 'no'. */
  approved: 'yes' | 'no';
}

export interface ToolHit {
  tool: ToolSearchEntry;
  score: number;
  matchedTerms: Array<[string, string]>;
}

export interface SearchInput {
  q: string;
  page?: number | null;
  pageSize?: number | null;
}

/**
 * Searching repositories and the tools of their installable revisions (`GET /api/repositories?q=`
 * and `GET /api/tools?q=`, anyone). The original searched a Whoosh index rebuilt by a script; here
 * PostgreSQL reads the live tables, so a search always sees the current repositories.
 *
 * `score`: the sum, over every word of the term and every searched field containing it, of the
 * field's weight (doubled when the word is a whole word of the field); for repositories, times
 * `max(times_downloaded, 1) / 100` (the original's popularity factor). Only hits that contain
 * every word are answered, best first.
 */
export class SearchService {
  async repositories(ctx: DepotServiceContext, input: SearchInput): Promise<SearchResult<RepositoryHit>> {
    const search = searchPage(input.q, input.page ?? 1, input.pageSize ?? 10);
    const rows = await searchRepositoryRows(ctx, search);
    const now = new Date();
    const hits = rows.map(({ score, terms, total: _total, updateTime, ...repository }) => ({
      repository,
      score,
      matchedTerms: terms,
      lastUpdated: timeIntervalWords(new Date(updateTime), now),
      fullLastUpdated: fullTimeText(new Date(updateTime)),
      approved: 'no' as const,
    }));
    return { hostname: `${depotUrlOf(ctx)}/`, page: search.page, pageSize: search.pageSize, totalResults: rows[0]?.total ?? 0, hits };
  }

  /** Without a term: the original's NotImplemented (it never lists every tool). */
  async tools(ctx: DepotServiceContext, input: SearchInput): Promise<SearchResult<ToolHit>> {
    if (input.q === '') throw errors.notImplemented('Listing of all the tools is not implemented. Provide parameter "q" to search instead.');
    const search = searchPage(input.q, input.page ?? 1, input.pageSize ?? 10);
    const rows = await searchToolRows(ctx, search);
    const hits = rows.map(({ score, terms, total: _total, ...tool }) => ({ tool, score, matchedTerms: terms }));
    return { hostname: `${depotUrlOf(ctx)}/`, page: search.page, pageSize: search.pageSize, totalResults: rows[0]?.total ?? 0, hits };
  }
}
