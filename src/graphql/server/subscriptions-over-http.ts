import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';
import type { BaseRequestContext } from '../../context/base-request-context';

/** A subscription sent as an HTTP request is refused before anything runs: subscriptions go over WebSocket. */
export const refuseSubscriptionsOverHttp: ApolloServerPlugin<BaseRequestContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation }) {
        if (operation?.operation === 'subscription') {
          throw new GraphQLError('Subscriptions go over WebSocket at /graphql (the graphql-ws protocol), not over HTTP.', {
            extensions: { code: 'RequestParameterInvalidException', errCode: 400008, status: 400, http: { status: 400 } },
          });
        }
      },
    };
  },
};
