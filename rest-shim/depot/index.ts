import { Router } from 'express';
import type { GraphQLSchema } from 'graphql';
import type { DepotServices } from '../../src/depot/context/depot-services';
import { depotContextMiddleware } from '../../src/depot/http/depot-context-middleware';
import { AppError } from '../../src/errors/error-kinds';
import { platformBodyParser } from '../../src/http/body-parser';
import { contractEndpoints, normalisePath, toExpressPath } from '../core/contract-endpoints';
import { openApiDocument } from '../core/openapi';
import { registerRoute, sendError } from '../core/register-routes';
import type { HttpMethod, RouteArea } from '../core/route';
import { capsuleDownloadRoute } from './routes/capsules/capsules.routes';
import { depotCategoriesArea } from './routes/categories/categories.routes';
import { depotRepositoriesArea, revisionArchiveRoute } from './routes/repositories/repositories.routes';
import { depotContractArea } from './routes/revisions/depot-contract.routes';
import { depotToolsArea } from './routes/tools/tools.routes';
import { depotUsersArea } from './routes/users/users.routes';
import { callerText } from '../../src/errors/caller-text';

/** The depot's route areas that answer; contract endpoints of the depot not among them answer 501. */
/** The contract's area comes first: its fixed paths (`/api/repositories/get_…`) before `/api/repositories/{id}`. */
export const DEPOT_AREAS: RouteArea[] = [depotContractArea, depotUsersArea, depotCategoriesArea, depotRepositoriesArea, depotToolsArea];

/** The depot's REST face, on `/api` of the depot's port: the same shim machinery as the platform's. */
export function createDepotShim(schema: GraphQLSchema, services: DepotServices): Router {
  const router = Router();
  const body = platformBodyParser({ uploadStore: services.layout.uploadStore, maxFileBytes: services.config.maxUploadBytes });
  router.use('/api', body, depotContextMiddleware(services));
  for (const area of DEPOT_AREAS) for (const spec of area.routes) registerRoute(router, schema, spec, services.log);
  // Revisions' archives, beside the API.
  router.use(['/repos', '/repository'], depotContextMiddleware(services));
  registerRoute(router, schema, revisionArchiveRoute, services.log);
  registerRoute(router, schema, capsuleDownloadRoute, services.log);

  const openApi = openApiDocument([...DEPOT_AREAS, { area: 'depot_web', routes: [revisionArchiveRoute, capsuleDownloadRoute] }], services.config.version.major);
  router.get('/api/openapi.json', (_req, res) => void res.json(openApi));

  const served = new Set(DEPOT_AREAS.flatMap((area) => area.routes.map((spec) => `${spec.method} ${normalisePath(spec.path)}`)));
  for (const endpoint of contractEndpoints()) {
    const method = endpoint.method.toLowerCase() as HttpMethod;
    if (endpoint.app !== 'depot' || served.has(`${method} ${normalisePath(endpoint.path)}`)) continue;
    router[method](toExpressPath(endpoint.path), (_req, res) => sendError(res, new AppError('NotImplemented', 'This depot API is not available yet.'), 'json', services.log));
  }

  router.use('/api', (req, res) => sendError(res, new AppError('ObjectNotFound', `No API route for ${req.method} ${callerText(req.baseUrl + req.path)}`), 'json', services.log));
  return router;
}
