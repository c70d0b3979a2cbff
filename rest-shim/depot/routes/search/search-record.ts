import { integerParameter } from '../../../../src/depot/services/search/search-query';
import type { RouteInput } from '../../../core/route-input';

/** The search's variables: `q` and the page, read as the original reads them (its own message when they are not integers). */
export function searchVariables(input: RouteInput, pagingMessage: string): { q: string; page: number | null; pageSize: number | null } {
  const q = input.string('q') ?? '';
  // Without a term the original reads no page (and answers for the missing term).
  if (q === '') return { q, page: null, pageSize: null };
  return {
    q,
    page: integerParameter(input.get('page'), 1, pagingMessage),
    pageSize: integerParameter(input.get('page_size'), 10, pagingMessage),
  };
}

/** Whether a request asks for a search: a `q` that is not empty (the original's `if q:`). */
export const asksSearch = (input: RouteInput): boolean => (input.string('q') ?? '') !== '';

export interface SearchPageData<Hit> {
  hostname: string;
  page: number;
  pageSize: number;
  totalResults: number;
  hits: Hit[];
}

/** The original's search object: its counts are texts. */
export function searchRecord<Hit>(data: SearchPageData<Hit>, hit: (hit: Hit) => Record<string, unknown>): Record<string, unknown> {
  return { hostname: data.hostname, page: String(data.page), page_size: String(data.pageSize), total_results: String(data.totalResults), hits: data.hits.map(hit) };
}

export const SEARCH_PAGE_FIELDS = 'hostname page pageSize totalResults';
