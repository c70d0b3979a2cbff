import { GraphQLError } from 'graphql';
import { ERROR_KINDS, type ErrorKind } from '../../errors/error-kinds';

/**
 * A request refused before anything ran, as a GraphQL error of the contract's kind (`extensions.code`,
 * the platform's `errCode` and `status`; over HTTP the response's status too).
 */
export function refusal(kind: ErrorKind, message: string): GraphQLError {
  const { status, code } = ERROR_KINDS[kind];
  return new GraphQLError(message, { extensions: { code: kind, errCode: code, status, http: { status } } });
}
