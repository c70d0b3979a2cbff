import 'reflect-metadata';
import { type GraphQLSchema, lexicographicSortSchema, printSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { ResolverInstances, useDirectResolvers } from '../../graphql/shared/direct-resolvers';
import { CapsuleResolver } from './capsules/capsule.resolver';
import { CategoryResolver } from './categories/category.resolver';
import { RepositoryResolver } from './repositories/repository.resolver';
import { InstallInfoResolver, RevisionDependencyResolver, RevisionResolver } from './revisions/revision.resolver';
import { SearchResolver, SearchToolResolver } from './search/search.resolver';
import { DepotUserResolver } from './users/depot-user.resolver';

/** The depot's own graph (served at /graphql on the depot's port). */
export const DEPOT_RESOLVERS = [DepotUserResolver, CategoryResolver, RepositoryResolver, RevisionResolver, InstallInfoResolver, RevisionDependencyResolver, CapsuleResolver, SearchResolver, SearchToolResolver] as const;

let built: Promise<GraphQLSchema> | undefined;

/** The depot's schema, built once per process. */
export function getDepotSchema(): Promise<GraphQLSchema> {
  built ??= buildDepotSchema();
  return built;
}

function buildDepotSchema(): Promise<GraphQLSchema> {
  const instances = new ResolverInstances();
  return buildSchema({ resolvers: [...DEPOT_RESOLVERS], validate: false, emitSchemaFile: false, container: instances }).then((schema) => useDirectResolvers(schema, DEPOT_RESOLVERS, instances));
}

/** The committed SDL (`schema/depot.graphql`): sorted, so it changes only when the graph does. */
export async function printDepotSchemaSdl(): Promise<string> {
  return `${printSchema(lexicographicSortSchema(await getDepotSchema()))}\n`;
}
