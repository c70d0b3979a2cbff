import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type NextFunction, type Request, type RequestHandler, type Response, Router } from 'express';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { graphqlUploadExpress } from 'graphql-upload-minimal';
import type { AppServices } from '../../context/app-services';
import type { BaseRequestContext } from '../../context/base-request-context';
import type { Logger } from '../../logging/logger';
import { contextMiddleware } from '../../http/context-middleware';
import { formatGraphQLError } from './format-error';
import { depthLimitRule } from './depth-limit';
import { refuseNulText } from './input-guard';
import { adminOnlyIntrospection } from './introspection-guard';

export interface GraphQLEndpoint {
  router: Router;
  stop(): Promise<void>;
}

/**
 * A body that is not JSON (or is too large) is the caller's error: answered as a GraphQL error with
 * the contract's kind, and the body itself (which may hold a password) is never logged.
 */
function refuseUnreadableBody(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  const type = (error as { type?: unknown } | null)?.type;
  if (type !== 'entity.parse.failed' && type !== 'entity.too.large') return next(error);
  const tooLarge = type === 'entity.too.large';
  const extensions = tooLarge
    ? { code: 'RequestParameterInvalidException', errCode: 400008, status: 413 }
    : { code: 'UserInvalidJson', errCode: 400003, status: 400 };
  const message = tooLarge ? 'The request body is too large.' : 'Your request did not appear to be valid JSON, please consult the API documentation.';
  res.status(extensions.status).json({ errors: [{ message, extensions }] });
}

/** `/graphql`: the same schema and services the shim uses, over Apollo Server. */
export function createGraphQLEndpoint(schema: GraphQLSchema, services: AppServices): Promise<GraphQLEndpoint> {
  return createGraphQLRouter(schema, { log: services.log, maxUploadBytes: services.config.maxUploadBytes, context: contextMiddleware(services) });
}

export interface GraphQLRouterOptions {
  log: Logger;
  maxUploadBytes: number;
  /** Sets `res.locals.ctx` (or `authError`): the application's context middleware. */
  context: RequestHandler;
}

/** `/graphql` over Apollo Server for one application's schema and contexts (the platform's or the depot's). */
export async function createGraphQLRouter(schema: GraphQLSchema, options: GraphQLRouterOptions): Promise<GraphQLEndpoint> {
  const apollo = new ApolloServer<BaseRequestContext>({
    schema,
    introspection: true,
    validationRules: [depthLimitRule],
    // Misspelt fields get no "Did you mean …" hints: the schema is shown to administrators only.
    hideSchemaDetailsFromClientErrors: true,
    formatError: formatGraphQLError(options.log),
    // The process's own SIGTERM handler drains HTTP first, then stops Apollo.
    stopOnTerminationSignals: false,
    // Cache-control hints would wrap every field resolver of the shared schema (the shim's too).
    plugins: [adminOnlyIntrospection, refuseNulText, ApolloServerPluginLandingPageDisabled(), ApolloServerPluginCacheControlDisabled()],
  });
  await apollo.start();
  const router = Router();
  router.use(
    '/graphql',
    express.json({ limit: '10mb' }),
    refuseUnreadableBody,
    // Multipart GraphQL requests (file uploads); Apollo's CSRF guard wants `apollo-require-preflight`.
    graphqlUploadExpress({ maxFileSize: options.maxUploadBytes, maxFiles: 100 }),
    options.context,
    expressMiddleware(apollo, {
      context: async ({ res }: { req: Request; res: Response }) => {
        const refused = res.locals.authError;
        if (refused) {
          throw new GraphQLError(refused.message, { extensions: { code: refused.kind, errCode: refused.code, status: refused.status, http: { status: refused.status } } });
        }
        if (!res.locals.ctx) throw new Error('request context missing');
        return res.locals.ctx;
      },
    }),
  );
  return { router, stop: () => apollo.stop() };
}
