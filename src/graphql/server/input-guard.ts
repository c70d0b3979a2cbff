import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';
import type { BaseRequestContext } from '../../context/base-request-context';
import { containsNul, NUL_TEXT_MESSAGE } from '../../http/text-guard';

/** Text with NUL characters (which PostgreSQL cannot store) is refused before any resolver runs. */
export const refuseNulText: ApolloServerPlugin<BaseRequestContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ request }) {
        if (containsNul(request.query) || containsNul(request.variables)) {
          throw new GraphQLError(NUL_TEXT_MESSAGE, {
            extensions: { code: 'RequestParameterInvalidException', errCode: 400008, status: 400, http: { status: 400 } },
          });
        }
      },
    };
  },
};
