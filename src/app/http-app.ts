import type { Server } from 'node:http';
import express from 'express';
import { createRestShim } from '../../rest-shim';
import type { AppServices } from '../context/app-services';
import { createGraphQLEndpoint } from '../graphql/server/apollo';
import { createGraphiQL } from '../graphql/server/graphiql';
import { getSchema } from '../graphql/schema';
import { attachSubscriptions } from '../graphql/server/subscriptions';
import { httpErrorHandler } from '../http/error-handler';
import { healthRoutes } from '../http/health-routes';
import { httpMetrics } from '../http/http-metrics';
import { landingPage } from '../http/landing-page';
import { metricsRoute } from '../http/metrics-route';
import { underPaths } from '../http/path-gate';
import { queryCountMiddleware } from '../http/query-count';
import { requestLogger } from '../http/request-logger';
import { baseSecurityHeaders } from '../http/security-headers';
import { applyTrustProxy, clientAddressOf } from '../http/trust-proxy';
import { webApp } from '../http/web-app';

export interface HttpApp {
  app: express.Express;
  /**
   * Routes added after the app is made (a test's own pages): they come before the web UI, whose
   * last handler answers every other path a browser asks for with the UI's "Not found".
   */
  routes: express.Router;
  /** Listens on a port (0: any free one), with GraphQL subscriptions over WebSocket on /graphql. */
  listen(port: number, host?: string): Server;
  stop(): Promise<void>;
}

/** The platform's HTTP face: the REST shim on /api, GraphQL on /graphql, GraphiQL for admins, the web UI at `/` (About the API at /about). */
export async function createHttpApp(services: AppServices): Promise<HttpApp> {
  const schema = await getSchema();
  const graphql = await createGraphQLEndpoint(schema, services);
  const app = express();
  app.disable('x-powered-by');
  applyTrustProxy(app, services.config.trustProxy);
  app.set('etag', false);
  app.use(httpMetrics());
  // Probes and scrapes come often: answered before the request log (they are counted in the metrics).
  // The routers of a few paths are entered only for their paths (underPaths: one that matches nothing
  // would pass every API request on a turn of the event loop later).
  app.use(underPaths(['/health', '/ready'], healthRoutes(services)));
  app.use(underPaths(['/metrics'], metricsRoute(services.config.metricsToken, services.log)));
  app.use(requestLogger(services.log));
  app.use(baseSecurityHeaders());
  app.use(queryCountMiddleware(services.config.exposeQueryCount));
  app.use(underPaths(['/graphql'], graphql.router));
  app.use(underPaths(['/graphiql'], createGraphiQL(services)));
  app.use(underPaths(['/about', '/about.css'], landingPage(services.config)));
  app.use(createRestShim(schema, services));
  const routes = express.Router();
  app.use(routes);
  // Last but for errors: the server's own routes above always win over the web UI's.
  app.use(webApp());
  app.use(httpErrorHandler(services.log));
  const closers: Array<() => Promise<void>> = [];
  return {
    app,
    routes,
    listen(port, host) {
      const server = host === undefined ? app.listen(port) : app.listen(port, host);
      closers.push(attachSubscriptions(server, schema, services, clientAddressOf(app)));
      return server;
    },
    async stop() {
      await Promise.all(closers.splice(0).map((close) => close()));
      await graphql.stop();
    },
  };
}
