import { AppError, errors } from '../../../errors/error-kinds';

/**
 * The search parameters of `GET /api/repositories?q=…` and `GET /api/tools?q=…` as the original
 * depot reads them (release 15.07, where the search API appeared): `page` (default 1) and
 * `page_size` (default 10) must be integers, the stripped term at least 3 characters long.
 */

/** More words or characters than a search term holds are refused, never echoed back. */
const MAX_TERM_LENGTH = 255;
const MAX_WORDS = 16;
const MAX_INT = 2 ** 31 - 1;

/** One word of a search term, with the patterns the statement matches fields against. */
export interface SearchWord {
  /** Lower case, as the original's index reports matched terms. */
  word: string;
  /** `%word%` for ILIKE (its `%`, `_` and `\` escaped): the word anywhere in a field. */
  anywhere: string;
  /** `\mword\M` for `~*`: the word as a whole word of a field. */
  wholeWord: string;
}

export interface SearchPage {
  words: SearchWord[];
  page: number;
  pageSize: number;
}

/**
 * A `page` or `page_size` parameter read as the original's `int()` reads it: an integer written in
 * decimal (sign and surrounding spaces allowed), or absent for the default. Anything else (a
 * fraction, a word, a repeated parameter) is the original's RequestParameterInvalidException.
 * Values beyond what a page can mean are capped.
 */
export function integerParameter(value: unknown, fallback: number, message: string): number {
  if (value === undefined || value === null) return fallback;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : null;
  if (text === null || !/^[+-]?\d+$/.test(text)) throw errors.invalid(message);
  const parsed = Number(text);
  return Math.max(-MAX_INT, Math.min(MAX_INT, parsed));
}

/** The messages of the original's two search routes (they differ by a word). */
export const PAGING_MESSAGES = {
  repositories: 'The "page" and "page_size" parameters have to be integers.',
  tools: 'The "page" and "page_size" have to be integers.',
} as const;

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (character) => `\\${character}`);
/** ASCII punctuation escaped for PostgreSQL's regular expressions (a backslash before it makes it literal). */
const escapeRegex = (word: string) => word.replace(/[!-/:-@[-`{-~]/g, (character) => `\\${character}`);

/**
 * The words of a search term and the page asked for. The original answers ObjectNotFound for a
 * page before the first; a page size below 1 (the original fails dividing by it) is refused.
 */
export function searchPage(q: string, page: number, pageSize: number): SearchPage {
  const term = q.trim();
  if (term.length < 3) throw errors.invalid('The search term has to be at least 3 characters long.');
  const words = [...new Set(term.toLowerCase().split(/\s+/).filter((word) => word.length > 0))];
  if (term.length > MAX_TERM_LENGTH || words.length > MAX_WORDS) {
    throw errors.invalid(`The search term has to be at most ${MAX_TERM_LENGTH} characters long, in at most ${MAX_WORDS} words.`);
  }
  if (page < 1) throw new AppError('ObjectNotFound', 'The requested page does not exist.');
  if (pageSize < 1) throw errors.invalid('The "page_size" parameter has to be at least 1.');
  return {
    words: words.map((word) => ({ word, anywhere: `%${escapeLike(word)}%`, wholeWord: `\\m${escapeRegex(word)}\\M` })),
    page,
    pageSize,
  };
}

/** The statement's word parameters: three arrays of the same length. */
export function wordParameters(words: readonly SearchWord[]): [string[], string[], string[]] {
  return [words.map((word) => word.word), words.map((word) => word.anywhere), words.map((word) => word.wholeWord)];
}

/**
 * The rows of the page asked for, as the original's search engine pages (Whoosh's `search_page`):
 * a page after the last gives the last page; no hits, no rows. Used inside a statement whose
 * ranked rows carry `rank` (1…) and `total`; `$page` and `$size` are its parameters.
 */
export function pageFilter(page: string, size: string): string {
  const last = `ceil(total::numeric / ${size})`;
  return `rank > (least(${last}, ${page}) - 1) * ${size} and rank <= least(${last}, ${page}) * ${size}`;
}
