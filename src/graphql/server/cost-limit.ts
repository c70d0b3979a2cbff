import type { GraphQLError } from 'graphql';
import type { OperationRequest } from './operation-request';
import { DEFAULT_LIST_SIZE, MAX_QUERY_COST, operationCost } from './query-cost';
import { refusal } from './refusal';

const number = new Intl.NumberFormat('en-US');

/** A document whose answer may be too large to build is refused before it runs (see query-cost.ts). */
export function refuseCostlyOperation(request: OperationRequest): GraphQLError | null {
  const { cost, revisit } = operationCost(request.schema, request.document, request.operation, request.variables);
  if (revisit) {
    return refusal(
      'RequestParameterInvalidException',
      `The query asks for a list (${revisit}) of objects it already lists above it: going around the graph's relations multiplies sizes without bound. Ask for that list in a query of its own.`,
    );
  }
  if (!(cost <= MAX_QUERY_COST)) {
    return refusal(
      'RequestParameterInvalidException',
      `The query's answer is estimated at ${Number.isFinite(cost) ? number.format(cost) : `more than ${number.format(MAX_QUERY_COST)}`} values; at most ${number.format(MAX_QUERY_COST)} are allowed (a list counts its first/limit argument, or ${DEFAULT_LIST_SIZE} items). Ask for fewer items or fewer nested lists.`,
    );
  }
  return null;
}
