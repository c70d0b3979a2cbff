import { unwrapResolverError } from '@apollo/server/errors';
import type { GraphQLFormattedError } from 'graphql';
import { appErrorFromDatabase, loggableError } from '../../errors/database-errors';
import { AppError } from '../../errors/error-kinds';
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
    if (code === 'INTERNAL_SERVER_ERROR' || code === undefined) {
      log.error({ err: loggableError(original) }, 'uncaught exception in GraphQL operation');
      return { message: 'Internal server error.', path: formatted.path, locations: formatted.locations, extensions: { code: 'InternalServerError', errCode: 500001, status: 500 } };
    }
    return formatted;
  };
}
