import type { ApolloServerPlugin } from '@apollo/server';
import { type DocumentNode, Kind, type OperationDefinitionNode } from 'graphql';
import type { BaseRequestContext } from '../../context/base-request-context';
import { platformMetrics } from '../../observability/platform-metrics';

/** Operation names become label values: at most this many distinct ones, the rest counted as `other`. */
const MAX_NAMES = 200;
const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const seen = new Set<string>();

/** A client-chosen name as a label value that cannot grow the series without bound. */
function labelOf(name: string | null | undefined): string {
  if (!name) return 'anonymous';
  if (!NAME.test(name)) return 'other';
  if (seen.has(name)) return name;
  if (seen.size >= MAX_NAMES) return 'other';
  seen.add(name);
  return name;
}

/** The operation a document holds when validation refused it before Apollo resolved one (the first named). */
function operationIn(document: DocumentNode | undefined, name: string | undefined): OperationDefinitionNode | undefined {
  const operations = (document?.definitions ?? []).filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
  return operations.find((operation) => name === undefined || operation.name?.value === name) ?? operations[0];
}

/** Counts each GraphQL operation over HTTP (`GET /metrics`): its name, its type, ok or error, and its duration. */
export const operationMetrics: ApolloServerPlugin<BaseRequestContext> = {
  async requestDidStart() {
    const started = process.hrtime.bigint();
    return {
      async willSendResponse({ operation, operationName, errors, response, request, document }) {
        const body = response.body;
        const failed = (errors?.length ?? 0) > 0 || (body.kind === 'single' && (body.singleResult.errors?.length ?? 0) > 0);
        const named = operation ?? operationIn(document, request.operationName ?? undefined);
        platformMetrics().graphqlOperations.observe(
          { operation: labelOf(operationName ?? named?.name?.value), type: named?.operation ?? 'unknown', outcome: failed ? 'error' : 'ok' },
          Number(process.hrtime.bigint() - started) / 1e9,
        );
      },
    };
  },
};
