import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { appErrorFromDatabase, loggableError } from '../../errors/database-errors';
import { AppError } from '../../errors/error-kinds';
import { callerText } from '../../errors/caller-text';
import type { Logger } from '../../logging/logger';

/**
 * GraphQL clients see the contract's error kind in `extensions.code` (with the platform's numeric
 * `errCode` and HTTP `status`); unexpected failures are logged and masked.
 */
export function formatGraphQLError(log: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const unwrapped = unwrapResolverError(error);
    const original = unwrapped instanceof AppError ? unwrapped : (appErrorFromDatabase(unwrapped) ?? unwrapped);
    if (original instanceof AppError) {
      return { ...formatted, message: original.message, extensions: { code: original.kind, errCode: original.code, status: original.status, ...original.extra } };
    }
    const code = formatted.extensions?.code;
    if (isRequestError(error) && (code === 'INTERNAL_SERVER_ERROR' || code === undefined)) {
      // Raised by GraphQL or Apollo about the request itself (a persisted query whose hash does not
      // match, a subscription sent over HTTP): the caller's error, not a failure of ours.
      log.info({ reason: callerText(error.message, 200) }, 'GraphQL request error');
      return { message: error.message, locations: formatted.locations, extensions: { code: 'RequestParameterInvalidException', errCode: 400008, status: 400 } };
    }
    if (code === 'INTERNAL_SERVER_ERROR' || code === undefined) {
      log.error({ err: loggableError(original) }, 'uncaught exception in GraphQL operation');
      return { message: 'Internal server error.', path: formatted.path, locations: formatted.locations, extensions: { code: 'InternalServerError', errCode: 500001, status: 500 } };
    }
    return withoutHttpHead(formatted);
  };
}

/**
 * The response status an error asks for (`extensions.http`) is Apollo's to read, not the client's:
 * Apollo drops it from HTTP answers, and over the WebSocket it is dropped here.
 */
function withoutHttpHead(formatted: GraphQLFormattedError): GraphQLFormattedError {
  if (!formatted.extensions || !('http' in formatted.extensions)) return formatted;
  const { http: _http, ...extensions } = formatted.extensions;
  return { ...formatted, extensions };
}

/**
 * An error GraphQL or Apollo made about the request (no exception behind it, no resolver path):
 * resolvers' and the server's own failures always carry the exception that caused them.
 */
function isRequestError(error: unknown): error is GraphQLError {
  return error instanceof GraphQLError && error.originalError === undefined && error.path === undefined;
}
