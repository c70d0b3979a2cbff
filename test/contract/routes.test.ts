import { FINISHED_AREAS } from '../../rest-shim';
import { DEPOT_AREAS } from '../../rest-shim/depot';
import { PreparedOperation } from '../../rest-shim/core/prepared-operation';
import type { RouteArea } from '../../rest-shim/core/route';
import { webRoutes } from '../../rest-shim/routes/datasets/web.routes';
import { getDepotSchema } from '../../src/depot/graphql/depot-schema';
import { getSchema } from '../../src/graphql/schema';
import { contractEndpoints, normalisePath } from '../../rest-shim/core/contract-endpoints';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

const finishedAreas = new Set(FINISHED_AREAS.map((area) => area.area));
const routeKeys = new Set(FINISHED_AREAS.flatMap((area) => area.routes.map((r) => `${r.method.toUpperCase()} ${normalisePath(r.path)}`)));
const platformEndpoints = contractEndpoints().filter((e) => e.app === 'platform');

describe('the contract endpoint list (rest-shim/contract/endpoints.tsv)', () => {
  it('is the 128 endpoints of the spec', () => {
    expect(contractEndpoints()).toHaveLength(128);
  });

  it.each(platformEndpoints.filter((e) => finishedAreas.has(e.area)).map((e) => [e.method, e.path]))(
    'finished area route %s %s is served by the shim',
    (method, path) => {
      expect(routeKeys.has(`${method} ${normalisePath(path)}`)).toBe(true);
    },
  );

  it('declares an access level for every shim route', () => {
    const undeclared = FINISHED_AREAS.flatMap((area) => area.routes.filter((r) => !r.access).map((r) => `${r.method} ${r.path}`));
    expect(undeclared).toEqual([]);
  });
});

describe('areas not yet built', () => {
  // Each would answer 501 NotImplemented (rest-shim/index.ts) until its routes land; none is left.
  it('are none: every platform area of the contract is served', () => {
    expect(platformEndpoints.filter((e) => !finishedAreas.has(e.area)).map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });
});

describe('GET /api/openapi.json', () => {
  let h: TestPlatform;
  beforeAll(async () => {
    h = await startTestPlatform();
  });
  afterAll(() => h.close());

  it('describes every shim route with its access level', async () => {
    const res = await h.api.get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.0.3');
    expect(res.body.paths['/api/users/{user_id}'].get['x-access']).toBe('user');
    const described = Object.values(res.body.paths as Record<string, Record<string, unknown>>).reduce((n, methods) => n + Object.keys(methods).length, 0);
    expect(described).toBe(FINISHED_AREAS.reduce((n, area) => n + area.routes.length, 0));
  });
});

describe('the GraphQL documents of every route (platform and depot)', () => {
  it('are valid against their schema and compile (they are compiled on first use, so a broken one is caught here)', async () => {
    const documents = (areas: RouteArea[]) =>
      areas.flatMap((area) =>
        area.routes.flatMap((spec) => [spec.operation, ...Object.values(spec.alternatives?.routes ?? {}).map((alternative) => alternative.operation)]).filter((op): op is string => Boolean(op)),
      );
    const platform = await getSchema();
    const depot = await getDepotSchema();
    const platformDocuments = [...documents(FINISHED_AREAS), ...documents([{ area: 'web', routes: webRoutes }])];
    for (const source of platformDocuments) expect(() => new PreparedOperation(platform, source).compile()).not.toThrow();
    for (const source of documents(DEPOT_AREAS)) expect(() => new PreparedOperation(depot, source).compile()).not.toThrow();
    expect(platformDocuments.length).toBeGreaterThan(150);
  });
});
