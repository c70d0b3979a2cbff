import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { GroupResolver } from './groups/group.resolver';
import { QuotaResolver } from './quotas/quota.resolver';
import { RoleResolver } from './roles/role.resolver';
import { UserResolver } from './users/user.resolver';
import { ViewerResolver } from './viewer/viewer.resolver';

export const RESOLVERS = [ViewerResolver, UserResolver, RoleResolver, GroupResolver, QuotaResolver] as const;

let built: Promise<GraphQLSchema> | undefined;

/** The one schema of the process, built once (never per request). */
export function getSchema(): Promise<GraphQLSchema> {
  built ??= buildSchema({ resolvers: [...RESOLVERS], validate: false, emitSchemaFile: false });
  return built;
}
