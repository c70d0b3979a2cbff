import express from 'express';
import { createDepotShim } from '../../../rest-shim/depot';
import type { HttpApp } from '../../app/http-app';
import { createGraphQLRouter } from '../../graphql/server/apollo';
import { httpErrorHandler } from '../../http/error-handler';
import { underPaths } from '../../http/path-gate';
import { queryCountMiddleware } from '../../http/query-count';
import { requestLogger } from '../../http/request-logger';
import { baseSecurityHeaders } from '../../http/security-headers';
import { applyTrustProxy } from '../../http/trust-proxy';
import type { DepotServices } from '../context/depot-services';
import { getDepotSchema } from '../graphql/depot-schema';
import { depotContextMiddleware } from '../http/depot-context-middleware';

/** The depot's HTTP face: its REST routes on /api (and /repos), its own graph on /graphql. */
export async function createDepotHttpApp(services: DepotServices): Promise<HttpApp> {
  const schema = await getDepotSchema();
  const graphql = await createGraphQLRouter(schema, {
    log: services.log,
    maxUploadBytes: services.config.maxUploadBytes,
    uploadStore: services.layout.uploadStore,
    context: depotContextMiddleware(services),
  });
  const app = express();
  app.disable('x-powered-by');
  applyTrustProxy(app, services.config.trustProxy);
  app.set('etag', false);
  app.use(requestLogger(services.log));
  app.use(baseSecurityHeaders());
  app.use(queryCountMiddleware(services.config.exposeQueryCount));
  app.use(underPaths(['/graphql'], graphql.router));
  app.use(createDepotShim(schema, services));
  const routes = express.Router();
  app.use(routes);
  app.use(httpErrorHandler(services.log));
  return { app, routes, listen: (port, host) => (host === undefined ? app.listen(port) : app.listen(port, host)), stop: () => graphql.stop() };
}
