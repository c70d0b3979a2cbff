import { AppError } from './error-kinds';

/**
 * Errors PostgreSQL reports for values a request carried: they are the caller's bad input, answered
 * 400, never a 500. SQLSTATE class 22 (too long, out of range, malformed text, a bad pattern), and
 * 54000, the limits a long text meets where no column length stops it first: an index entry over
 * its page's third ("index row requires 12032 bytes, maximum size is 8191", "index row size exceeds
 * btree maximum"), a text-search vector over 1 MB ("string is too long for tsvector"), a row or an
 * array too large.
 */
const INPUT_ERRORS: Record<string, string> = {
  '22001': 'A value is longer than the field allows.',
  '54000': 'A value is too long to be stored.',
  '22019': 'A search pattern is not valid.',
  '22025': 'A search pattern is not valid.',
  '2201B': 'A search pattern is not valid.',
  '22003': 'A number is out of range.',
  '22007': 'A date or time is not valid.',
  '22008': 'A date or time is out of range.',
  '22021': 'A text value holds a character that is not allowed.',
  '22P02': 'A value does not have the expected type.',
  '22P05': 'A text value holds a character that is not allowed.',
};

/** A unique constraint lost to a concurrent request: the same answer as the service's own check. */
const UNIQUE_VIOLATION = '23505';

/** The database refused a row that a unique constraint already holds. */
export const isUniqueViolation = (error: unknown): boolean => sqlStateOf(error) === UNIQUE_VIOLATION;

function sqlStateOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^(?=.*\d)[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

export function appErrorFromDatabase(error: unknown): AppError | undefined {
  const code = sqlStateOf(error);
  if (code === UNIQUE_VIOLATION) return new AppError('RequestParameterInvalidException', 'An item with that name already exists.');
  if (code === undefined || !(code in INPUT_ERRORS)) return undefined;
  return new AppError('RequestParameterInvalidException', INPUT_ERRORS[code]);
}

/**
 * What to log of an error: database errors carry their statement with its values (password hashes,
 * keys), so only their kind, SQLSTATE and the server's own words are kept.
 */
export function loggableError(error: unknown): unknown {
  const code = sqlStateOf(error);
  if (code === undefined || !(error instanceof Error)) return error;
  const reason = error.message.includes(' - ') ? error.message.slice(error.message.lastIndexOf(' - ') + 3) : 'database error';
  return { type: error.name, code, message: reason, table: (error as { table?: unknown }).table, constraint: (error as { constraint?: unknown }).constraint };
}
