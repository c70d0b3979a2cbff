import express, { type NextFunction, type Request, type Response } from 'express';
import { createRestShim } from '../../rest-shim';
import { renderError } from '../../rest-shim/core/errors';
import type { AppServices } from '../context/app-services';
import { createGraphQLEndpoint } from '../graphql/server/apollo';
import { createGraphiQL } from '../graphql/server/graphiql';
import { getSchema } from '../graphql/schema';
import { isClientAbort } from '../http/client-abort';
import { landingPage } from '../http/landing-page';
import { queryCountMiddleware } from '../http/query-count';
import { requestLogger } from '../http/request-logger';

export interface HttpApp {
  app: express.Express;
  stop(): Promise<void>;
}

/** The platform's HTTP face: the REST shim on /api, GraphQL on /graphql, GraphiQL for admins. */
export async function createHttpApp(services: AppServices): Promise<HttpApp> {
  const schema = await getSchema();
  const graphql = await createGraphQLEndpoint(schema, services);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(requestLogger(services.log));
  app.use(queryCountMiddleware(services.config.exposeQueryCount));
  app.use(graphql.router);
  app.use(createGraphiQL(services));
  app.use(landingPage(services.config));
  app.use(createRestShim(schema, services));
  // Failures before a route runs (an unreadable body): the contract's JSON errors, never a stack.
  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (isClientAbort(error, req)) {
      // The request logger reports it (info, 'request aborted by the client'): nothing to answer.
      services.log.debug({ err: error instanceof Error ? error.message : String(error) }, 'client went away mid-request');
      if (!res.destroyed) res.destroy();
      return;
    }
    if (res.headersSent) return next(error);
    const { status, body } = renderError(error, 'json', services.log);
    res.status(status).json(body);
  });
  return { app, stop: () => graphql.stop() };
}
