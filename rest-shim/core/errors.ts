import { GraphQLError } from 'graphql';
import { appErrorFromDatabase, loggableError } from '../../src/errors/database-errors';
import { AppError, RetryLaterError } from '../../src/errors/error-kinds';
import type { Logger } from '../../src/logging/logger';

/**
 * How a route renders its errors: `json` is the platform's `{err_msg, err_code, ...extra}`;
 * `text` is for the routes the contract marks "400 text" and "403 text", `text-400` for those it
 * marks "400 text" only: those bodies are the message as a JSON string. A missing or refused identity
 * is never one of those cases: it keeps the JSON body with 403001. `text-or-error-dict` (POST /api/libraries/{id}/contents) answers 400s
 * and a missing identity as text, refusals (403) and failures (500) as `{error}`.
 */
export type ErrorStyle = 'json' | 'text' | 'text-400' | 'text-or-error-dict';

export interface ErrorResponse {
  status: number;
  body: unknown;
  /** Headers the answer needs besides its body (`Retry-After` of a refusal that lifts by itself). */
  headers?: Record<string, string>;
}

export const UNCAUGHT = { err_msg: 'Uncaught exception in exposed API method:', err_code: 0 } as const;

/** Finds the contract error behind a GraphQL error (services throw AppErrors; GraphQL wraps them). */
export function appErrorOf(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof GraphQLError) {
    if (error.originalError instanceof AppError) return error.originalError;
    // Errors without a path come before execution: the input did not fit the document's variables.
    if (error.path === undefined) {
      return new AppError('RequestParameterInvalidException', error.message);
    }
  }
  const cause = error instanceof GraphQLError ? error.originalError : error;
  if (cause instanceof URIError) return new AppError('MalformedId', 'The request path could not be decoded.');
  return appErrorFromDatabase(cause);
}

export function renderError(error: unknown, style: ErrorStyle, log: Logger): ErrorResponse {
  const appError = appErrorOf(error);
  if (!appError) {
    const cause = error instanceof GraphQLError && error.originalError ? error.originalError : error;
    log.error({ err: loggableError(cause) }, 'uncaught exception in API method');
    return { status: 500, body: style === 'text-or-error-dict' ? { error: 'Internal server error.' } : UNCAUGHT };
  }
  const textStatuses = style === 'text' ? [400, 403] : style === 'text-400' ? [400] : [];
  if (textStatuses.includes(appError.status) && appError.kind !== 'AuthenticationRequired') {
    return { status: appError.status, body: appError.message };
  }
  if (style === 'text-or-error-dict') {
    // The old-style route answers a missing identity with a plain text, like its 400s.
    if (appError.status === 400 || appError.kind === 'AuthenticationRequired') return { status: appError.status, body: appError.message };
    if (appError.status === 403 || appError.status >= 500) return { status: appError.status, body: { error: appError.message } };
  }
  const body = { err_msg: appError.message, err_code: appError.code, ...appError.extra };
  if (appError instanceof RetryLaterError) return { status: appError.status, body, headers: { 'Retry-After': String(appError.retryAfterSeconds) } };
  return { status: appError.status, body };
}
