import { ApolloServer } from '@apollo/server';
import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type NextFunction, type Request, type RequestHandler, type Response, Router } from 'express';
import { type DocumentNode, GraphQLError, type GraphQLSchema } from 'graphql';
import type { AppServices } from '../../context/app-services';
import type { BaseRequestContext } from '../../context/base-request-context';
import type { Logger } from '../../logging/logger';
import { contextMiddleware } from '../../http/context-middleware';
import { AppError, ERROR_KINDS, type ErrorKind } from '../../errors/error-kinds';
import { formatGraphQLError } from './format-error';
import { graphqlMultipart } from './multipart-request';
import { operationMetrics } from './operation-metrics';
import { apolloOperationRules, DOCUMENT_RULES, MAX_MESSAGE_BYTES, PARSE_OPTIONS } from './operation-rules';
import { refuseSubscriptionsOverHttp } from './subscriptions-over-http';

export interface GraphQLEndpoint {
  router: Router;
  stop(): Promise<void>;
}

/**
 * A request whose body cannot be read (not JSON, too large, a malformed or oversized multipart
 * body) is the caller's error: answered as a GraphQL error with the contract's kind, logged as a
 * client error, and the body itself (which may hold a password) is never logged.
 */
function refuseUnreadableRequest(log: Logger) {
  return (error: unknown, req: Request, res: Response, next: NextFunction): void => {
    const refusal = refusalOf(error);
    if (!refusal) return next(error);
    if (req.destroyed && !req.complete) {
      // The client went away mid-upload: the request logger reports it, nobody reads an answer.
      if (!res.destroyed) res.destroy();
      return;
    }
    log.info({ status: refusal.status, reason: refusal.message }, 'GraphQL request refused');
    res.status(refusal.status).json({ errors: [{ message: refusal.message, extensions: { code: refusal.kind, errCode: refusal.code, status: refusal.status } }] });
  };
}

interface Refusal {
  message: string;
  kind: ErrorKind;
  code: number;
  status: number;
}

function refusalOf(error: unknown): Refusal | null {
  if (error instanceof AppError) return { message: error.message, kind: error.kind, code: error.code, status: error.status };
  const type = (error as { type?: unknown } | null)?.type;
  if (type === 'entity.parse.failed') return { message: ERROR_KINDS.UserInvalidJson.message, kind: 'UserInvalidJson', code: 400003, status: 400 };
  if (type === 'entity.too.large') return { message: 'The request body is too large.', kind: 'RequestParameterInvalidException', code: 400008, status: 413 };
  return null;
}

/** `/graphql`: the same schema and services the shim uses, over Apollo Server. */
export function createGraphQLEndpoint(schema: GraphQLSchema, services: AppServices): Promise<GraphQLEndpoint> {
  return createGraphQLRouter(schema, {
    log: services.log,
    maxUploadBytes: services.config.maxUploadBytes,
    uploadStore: services.layout.uploadStore,
    context: contextMiddleware(services),
  });
}

export interface GraphQLRouterOptions {
  log: Logger;
  maxUploadBytes: number;
  /** Where the files of multipart requests wait until a resolver takes them (removed after the response). */
  uploadStore: string;
  /** Sets `res.locals.ctx` (or `authError`): the application's context middleware. */
  context: RequestHandler;
}

/**
 * The parsed and validated documents Apollo keeps, by query text. Apollo's default store is bounded at
 * 30 MiB of the documents' JSON length: some 37,000 small documents, several times that in heap
 * (tokens, locations, the code of their execution), filled by a client that sends a new text each time
 * (bench:memory's heap grew 2 MB per 10,000 requests with one such query in 47, and kept growing). The
 * web UI's documents (with the administration's, about 550 KB by Apollo's measure) fit in this one
 * more than three times; a text that fell out is parsed and validated again.
 */
export const DOCUMENT_STORE_BYTES = 2 * 1024 * 1024;

/** The store each `/graphql` router's Apollo Server keeps its parsed documents in. */
export const boundedDocumentStore = () => new InMemoryLRUCache<DocumentNode>({ maxSize: DOCUMENT_STORE_BYTES });

/** `/graphql` over Apollo Server for one application's schema and contexts (the platform's or the depot's). */
export async function createGraphQLRouter(schema: GraphQLSchema, options: GraphQLRouterOptions): Promise<GraphQLEndpoint> {
  const apollo = new ApolloServer<BaseRequestContext>({
    schema,
    documentStore: boundedDocumentStore(),
    introspection: true,
    // The rules both doors apply (operation-rules.ts; the WebSocket's are in subscriptions.ts).
    parseOptions: PARSE_OPTIONS,
    validationRules: [...DOCUMENT_RULES],
    formatError: formatGraphQLError(options.log),
    // The process's own SIGTERM handler drains HTTP first, then stops Apollo.
    stopOnTerminationSignals: false,
    // Cache-control hints would wrap every field resolver of the shared schema (the shim's too).
    plugins: [apolloOperationRules, operationMetrics, refuseSubscriptionsOverHttp, ApolloServerPluginLandingPageDisabled(), ApolloServerPluginCacheControlDisabled()],
  });
  await apollo.start();
  const router = Router();
  router.use(
    '/graphql',
    express.json({ limit: MAX_MESSAGE_BYTES }),
    // Multipart GraphQL requests (file uploads); Apollo's CSRF guard wants `apollo-require-preflight`.
    graphqlMultipart({ uploadStore: options.uploadStore, maxFileBytes: options.maxUploadBytes }),
    refuseUnreadableRequest(options.log),
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
