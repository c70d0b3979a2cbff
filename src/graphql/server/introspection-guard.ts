import { BREAK, type DocumentNode, type GraphQLError, visit } from 'graphql';
import type { OperationRequest } from './operation-request';
import { refusal } from './refusal';

function asksForSchema(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Field(node) {
      if (node.name.value !== '__schema' && node.name.value !== '__type') return undefined;
      found = true;
      return BREAK;
    },
  });
  return found;
}

/** Introspection is for administrators only. */
export function adminOnlyIntrospection(request: OperationRequest): GraphQLError | null {
  return !request.caller.isAdmin && asksForSchema(request.document) ? refusal('AdminRequiredException', 'Introspection is available to administrators only.') : null;
}
