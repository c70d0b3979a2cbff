import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, type DocumentNode, visit } from 'graphql';
import type { BaseRequestContext } from '../../context/base-request-context';

function asksForSchema(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Field(node) {
      if (node.name.value === '__schema' || node.name.value === '__type') found = true;
    },
  });
  return found;
}

/** Introspection is for administrators only. */
export const adminOnlyIntrospection: ApolloServerPlugin<BaseRequestContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ document, contextValue }) {
        if (!contextValue.caller.isAdmin && asksForSchema(document)) {
          throw new GraphQLError('Introspection is available to administrators only.', {
            extensions: { code: 'AdminRequiredException', errCode: 403006, status: 403, http: { status: 403 } },
          });
        }
      },
    };
  },
};
