import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloServerErrorCode } from '@apollo/server/errors';
import {
  type DocumentNode,
  getOperationAST,
  GraphQLError,
  type GraphQLSchema,
  type OperationDefinitionNode,
  parse,
  type ParseOptions,
  specifiedRules,
  validate,
  type ValidationRule,
} from 'graphql';
import type { BaseRequestContext } from '../../context/base-request-context';
import type { Caller } from '../../context/caller';
import { refuseCostlyOperation } from './cost-limit';
import { depthLimitRule } from './depth-limit';
import { refuseNulText } from './input-guard';
import { adminOnlyIntrospection } from './introspection-guard';
import type { OperationCheck } from './operation-request';

/*
 * The rules of the graph's two doors, HTTP `POST /graphql` (Apollo Server, apollo.ts) and the
 * WebSocket at `/graphql` (graphql-ws, subscriptions.ts): both parse with PARSE_OPTIONS, validate with
 * DOCUMENT_RULES, strip schema hints from the errors, run REQUEST_CHECKS before anything executes,
 * and mask unexpected failures with format-error.ts. Cross-site requests: Apollo's CSRF prevention
 * over HTTP, the upgrade's Origin check (socket-origin.ts) over the WebSocket.
 */

/** The largest HTTP body (JSON) or WebSocket message either door reads. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** A document of more tokens is refused while it is parsed (the web UI's largest is a few hundred). */
export const MAX_DOCUMENT_TOKENS = 10_000;

export const PARSE_OPTIONS: ParseOptions = { maxTokens: MAX_DOCUMENT_TOKENS };

/** Rules of the document alone, with graphql's own: results are kept with the parsed document. */
export const DOCUMENT_RULES: readonly ValidationRule[] = [depthLimitRule];

/** Rules of one request (caller, text, variables), after validation and before execution, in this order. */
export const REQUEST_CHECKS: readonly OperationCheck[] = [refuseNulText, adminOnlyIntrospection, refuseCostlyOperation];

/** Misspelt fields get no "Did you mean …" hints: the schema is shown to administrators only. */
export function withoutSchemaHints(errors: readonly Error[]): void {
  for (const error of errors) error.message = error.message.replace(/ ?Did you mean(.+?)\?$/, '');
}

/** The first refusal of REQUEST_CHECKS, or null. */
export function checkRequest(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, request: { query: string | undefined; variables: Readonly<Record<string, unknown>> | null | undefined; caller: Caller }): GraphQLError | null {
  for (const check of REQUEST_CHECKS) {
    const refused = check({ schema, document, operation, ...request });
    if (refused) return refused;
  }
  return null;
}

/** The rules as Apollo Server applies them: its parse options and validation rules, and this plugin. */
export const apolloOperationRules: ApolloServerPlugin<BaseRequestContext> = {
  async requestDidStart() {
    return {
      async validationDidStart() {
        return async (errors) => {
          if (errors) withoutSchemaHints(errors);
        };
      },
      async didResolveOperation({ schema, document, operation, request, contextValue }) {
        if (!operation) return;
        const refused = checkRequest(schema, document, operation, { query: request.query, variables: request.variables, caller: contextValue.caller });
        if (refused) throw refused;
      },
    };
  },
};

/** What the WebSocket door needs of an operation once it passed every rule. */
export interface CheckedOperation {
  document: DocumentNode;
  operation: OperationDefinitionNode;
}

/**
 * The WebSocket door: the text parsed, validated and checked as Apollo does over HTTP (errors of the
 * same codes), or the errors that refuse it.
 */
export function checkOperation(schema: GraphQLSchema, payload: { query: string; operationName?: string | null; variables?: Readonly<Record<string, unknown>> | null }, caller: Caller): CheckedOperation | GraphQLError[] {
  let document: DocumentNode;
  try {
    document = parse(payload.query, PARSE_OPTIONS);
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    return [new GraphQLError(error.message, { source: error.source, positions: error.positions, extensions: { code: ApolloServerErrorCode.GRAPHQL_PARSE_FAILED } })];
  }
  const invalid = validate(schema, document, [...specifiedRules, ...DOCUMENT_RULES]);
  if (invalid.length > 0) {
    withoutSchemaHints(invalid);
    return invalid.map((error) => new GraphQLError(error.message, { nodes: error.nodes, extensions: { ...error.extensions, code: ApolloServerErrorCode.GRAPHQL_VALIDATION_FAILED } }));
  }
  const operation = getOperationAST(document, payload.operationName);
  if (!operation) {
    return [new GraphQLError(payload.operationName ? `Unknown operation named "${payload.operationName}".` : 'Must provide operation name if query contains multiple operations.')];
  }
  const refused = checkRequest(schema, document, operation, { query: payload.query, variables: payload.variables, caller });
  return refused ? [refused] : { document, operation };
}
