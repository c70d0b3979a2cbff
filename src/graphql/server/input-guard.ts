import type { GraphQLError } from 'graphql';
import { containsNul, NUL_TEXT_MESSAGE } from '../../http/text-guard';
import type { OperationRequest } from './operation-request';
import { refusal } from './refusal';

/** Text with NUL characters (which PostgreSQL cannot store) is refused before any resolver runs. */
export function refuseNulText(request: OperationRequest): GraphQLError | null {
  return containsNul(request.query) || containsNul(request.variables) ? refusal('RequestParameterInvalidException', NUL_TEXT_MESSAGE) : null;
}
