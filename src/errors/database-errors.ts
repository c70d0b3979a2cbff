import { DriverException } from '@mikro-orm/core';
import { AppError, RetryLaterError } from './error-kinds';

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

/** Network failures of a connection to the database (the server is down, restarting or cut off). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ENOENT']);
/** SQLSTATEs of a server that cannot serve: connection exceptions (class 08), shutting down or starting up. */
const UNAVAILABLE_STATES = /^(08...|57P01|57P02|57P03)$/;
/** What pg, knex and the ORM say when a connection is lost or none can be had. */
const UNREACHABLE_WORDS = /Connection terminated|Connection ended unexpectedly|Timeout acquiring a connection|timeout exceeded when trying to connect|Client has encountered a connection error|terminating connection due to administrator command|the database system is (shutting down|starting up)/i;

/** A statement that could not reach the database (the SQL reader wraps the driver's network errors in it). */
export class DatabaseUnreachableError extends Error {
  constructor(override readonly cause: unknown) {
    super('The database is unreachable.');
    this.name = 'DatabaseUnreachableError';
  }
}

/**
 * knex's words for a statement sent in a transaction that has already ended. A transaction whose
 * connection the server ended (a shutdown) ends so, and its next statement meets them; alone they
 * would also name a programming error, so they count as a lost connection only within
 * LOSS_WINDOW_MS of a connection of this process being lost.
 */
const TRANSACTION_ENDED = /Transaction query already complete/;
const LOSS_WINDOW_MS = 10_000;
let lastConnectionLoss = Number.NEGATIVE_INFINITY;

const withinLossWindow = (sinceLoss: number) => sinceLoss >= 0 && sinceLoss < LOSS_WINDOW_MS;

/** A pooled connection's error event: when it says the connection was lost, the moment is kept. */
export function noteIfConnectionLost(error: unknown): void {
  if (directConnectionFailureOf(error) !== undefined) lastConnectionLoss = Date.now();
}

/** What the driver's own error says of the connection: its network code or SQLSTATE, or `connection lost`. */
function directConnectionFailureOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return code;
  if (error instanceof Error && UNREACHABLE_WORDS.test(error.message)) return /Timeout acquiring/i.test(error.message) ? 'no connection available in time' : 'connection lost';
  return undefined;
}

function connectionFailureOf(error: unknown): string | undefined {
  const found = directConnectionFailureOf(error);
  if (found !== undefined) {
    lastConnectionLoss = Date.now();
    return found;
  }
  if (error instanceof Error && TRANSACTION_ENDED.test(error.message) && withinLossWindow(Date.now() - lastConnectionLoss)) return 'connection lost';
  return undefined;
}

/** Errors the connection pool met making a connection (src/db/database-outage.ts marks them): the pool hands them to whoever waited. */
const poolErrors = new WeakSet<object>();

/** An error the database's connection pool met: a refused or lost connection is the database's, not a fetch's. */
export function markPoolError(error: unknown): void {
  if (typeof error === 'object' && error !== null) poolErrors.add(error);
}

/** Whether an error comes from the database layer (the ORM's, knex's, its pool's, or the SQL reader's), not from a file or a fetch. */
function fromDatabase(error: object): boolean {
  // pg's own words for a lost connection name no other library's failure: whoever wrapped them (knex's `<sql> - <message>`).
  if (error instanceof Error && UNREACHABLE_WORDS.test(error.message)) return true;
  return error instanceof DatabaseUnreachableError || poolErrors.has(error) || error instanceof DriverException || (error as { name?: unknown }).name === 'KnexTimeoutError' || sqlStateOf(error) !== undefined;
}

/** Whether an error comes from the database layer at all (a lost connection, a deadlock, a statement cut short), not from a file, a fetch or the code. */
export function isDatabaseError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && fromDatabase(error);
}

/**
 * Why the database could not be reached, when that is what a database error says: its network code
 * or SQLSTATE, or `connection lost` (never a server path or address); undefined for any other error.
 * The ORM and the reader wrap the driver's error: the chain of causes is followed.
 */
export function unreachableCause(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !fromDatabase(error)) return undefined;
  let current: unknown = error;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth += 1) {
    const found = connectionFailureOf(current);
    if (found) return found;
    const { previous, cause } = current as { previous?: unknown; cause?: unknown };
    current = previous ?? cause;
  }
  return undefined;
}

/** The driver's error as the reader throws it: a lost or refused connection becomes a DatabaseUnreachableError. */
export function asDatabaseError(error: unknown): unknown {
  return connectionFailureOf(error) !== undefined && !(error instanceof DatabaseUnreachableError) ? new DatabaseUnreachableError(error) : error;
}

/** Seconds a client is asked to wait before trying again while the database is unreachable. */
export const UNREACHABLE_RETRY_SECONDS = 5;

export function appErrorFromDatabase(error: unknown): AppError | undefined {
  if (unreachableCause(error) !== undefined) {
    return new RetryLaterError('The database is unreachable at the moment; try again shortly.', UNREACHABLE_RETRY_SECONDS, 'ServiceUnavailable');
  }
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
