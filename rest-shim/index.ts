import { Router } from 'express';
import type { GraphQLSchema } from 'graphql';
import type { AppServices } from '../src/context/app-services';
import { AppError } from '../src/errors/error-kinds';
import { platformBodyParser } from '../src/http/body-parser';
import { contextMiddleware } from '../src/http/context-middleware';
import { contractEndpoints, toExpressPath } from './core/contract-endpoints';
import { openApiDocument } from './core/openapi';
import { registerRoute, sendError } from './core/register-routes';
import type { HttpMethod, RouteArea } from './core/route';
import { datasetsArea } from './routes/datasets/datasets.routes';
import { datatypesArea } from './routes/datatypes/datatypes.routes';
import { depotInstallsArea } from './routes/depot-installs/depot-installs.routes';
import { groupsArea } from './routes/groups/groups.routes';
import { historiesArea } from './routes/histories/histories.routes';
import { jobsArea } from './routes/jobs/jobs.routes';
import { librariesArea } from './routes/libraries/libraries.routes';
import { pagesArea } from './routes/pages/pages.routes';
import { toolsArea } from './routes/tools/tools.routes';
import { toolDataArea } from './routes/tool-data/tool-data.routes';
import { platformArea } from './routes/platform/platform.routes';
import { quotasArea } from './routes/quotas/quotas.routes';
import { rolesArea } from './routes/roles/roles.routes';
import { sampleTrackingArea } from './routes/sample-tracking/sample-tracking.routes';
import { usersArea } from './routes/users/users.routes';
import { visualizationsArea } from './routes/visualizations/visualizations.routes';
import { webRoutes } from './routes/datasets/web.routes';
import { workflowsArea } from './routes/workflows/workflows.routes';
import { callerText } from '../src/errors/caller-text';

/** The areas whose issue has landed; every other contract area answers 501 until it does. */
export const FINISHED_AREAS: RouteArea[] = [
  platformArea,
  usersArea,
  groupsArea,
  rolesArea,
  quotasArea,
  historiesArea,
  datasetsArea,
  toolsArea,
  jobsArea,
  datatypesArea,
  librariesArea,
  pagesArea,
  visualizationsArea,
  sampleTrackingArea,
  workflowsArea,
  toolDataArea,
  depotInstallsArea,
];

/** The REST contract, mounted on `/api`: thin routers that run prepared GraphQL documents. */
export function createRestShim(schema: GraphQLSchema, services: AppServices): Router {
  const router = Router();
  router.use(
    '/api',
    platformBodyParser({ uploadStore: services.layout.uploadStore, maxFileBytes: services.config.maxUploadBytes }),
    contextMiddleware(services),
  );
  for (const area of FINISHED_AREAS) for (const spec of area.routes) registerRoute(router, schema, spec, services.log);
  // The platform's web routes that clients fetch beside the API (/datasets/{id}/display…), read alike.
  router.use('/datasets', platformBodyParser({ uploadStore: services.layout.uploadStore, maxFileBytes: services.config.maxUploadBytes }), contextMiddleware(services));
  for (const spec of webRoutes) registerRoute(router, schema, spec, services.log);

  const openApi = openApiDocument(FINISHED_AREAS, services.config.version.major);
  router.get('/api/openapi.json', (_req, res) => void res.json(openApi));

  const finished = new Set(FINISHED_AREAS.map((area) => area.area));
  for (const endpoint of contractEndpoints()) {
    if (endpoint.app !== 'platform' || finished.has(endpoint.area)) continue;
    router[endpoint.method.toLowerCase() as HttpMethod](toExpressPath(endpoint.path), (_req, res) =>
      sendError(res, new AppError('NotImplemented', `The ${endpoint.area} API is not available yet.`), 'json', services.log),
    );
  }

  router.use('/api', (req, res) => sendError(res, new AppError('ObjectNotFound', `No API route for ${req.method} ${callerText(req.baseUrl + req.path)}`), 'json', services.log));
  return router;
}
