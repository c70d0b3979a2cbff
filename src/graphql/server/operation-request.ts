import type { DocumentNode, GraphQLError, GraphQLSchema, OperationDefinitionNode } from 'graphql';
import type { Caller } from '../../context/caller';

/** One operation as a door received it: parsed and validated, not yet run. */
export interface OperationRequest {
  schema: GraphQLSchema;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  /** The text and variables as sent (the text may be missing over HTTP: a persisted query). */
  query: string | undefined;
  variables: Readonly<Record<string, unknown>> | null | undefined;
  caller: Caller;
}

/** A rule of one request (its caller, text, variables): the error that refuses it, or null. */
export type OperationCheck = (request: OperationRequest) => GraphQLError | null;
