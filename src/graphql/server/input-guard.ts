import { BREAK, type DocumentNode, type GraphQLError, visit } from 'graphql';
import { containsNul, NUL_TEXT_MESSAGE } from '../../http/text-guard';
import type { OperationRequest } from './operation-request';
import { refusal } from './refusal';

/**
 * Whether a string literal of the document holds NUL once its escapes are read (`"a\u0000b"`: the
 * raw text has no NUL, the value the resolver gets does).
 */
function literalHoldsNul(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    StringValue(node) {
      if (!node.value.includes('\u0000')) return undefined;
      found = true;
      return BREAK;
    },
  });
  return found;
}

/** Text with NUL characters (which PostgreSQL cannot store) is refused before any resolver runs: in the text, its literals' values or the variables. */
export function refuseNulText(request: OperationRequest): GraphQLError | null {
  const nul = containsNul(request.query) || containsNul(request.variables) || literalHoldsNul(request.document);
  return nul ? refusal('RequestParameterInvalidException', NUL_TEXT_MESSAGE) : null;
}
