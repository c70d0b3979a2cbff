import type { ApolloServerPlugin } from '@apollo/server';
import type { BaseRequestContext } from '../../context/base-request-context';
import { refusal } from './refusal';

/** A subscription sent as an HTTP request is refused before anything runs: subscriptions go over WebSocket. */
export const refuseSubscriptionsOverHttp: ApolloServerPlugin<BaseRequestContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation }) {
        if (operation?.operation === 'subscription') {
          throw refusal('RequestParameterInvalidException', 'Subscriptions go over WebSocket at /graphql (the graphql-ws protocol), not over HTTP.');
        }
      },
    };
  },
};
