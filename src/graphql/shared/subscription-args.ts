import type { GraphQLResolveInfo } from 'graphql';
import { getArgumentValues } from 'graphql/execution/values';

/**
 * A subscription field's arguments, read from its node. graphql-jit's compiled `subscribe` (the REST
 * shim's streamed listings) hands the subscribe resolver the operation's variables as `args`, not
 * the field's arguments: coercing them here gives both executors the same arguments.
 */
export function subscriptionArgs(info: GraphQLResolveInfo): Record<string, unknown> {
  const field = info.parentType.getFields()[info.fieldName];
  return getArgumentValues(field, info.fieldNodes[0], info.variableValues);
}
