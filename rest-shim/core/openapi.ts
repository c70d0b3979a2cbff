import type { RouteArea } from './route';

type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, { tags: string[]; summary: string; 'x-access': string; parameters: Array<{ name: string; in: 'path'; required: true; schema: { type: 'string' } }>; responses: Record<string, { description: string }> }>>;
};

/** `/api/users/:user_id` -> `/api/users/{user_id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/**
 * An OpenAPI description generated from the shim's route table: every route with its area, its
 * declared access level and path parameters. Bodies follow the platform's dictionaries.
 */
export function openApiDocument(areas: readonly RouteArea[], version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const area of areas) {
    for (const route of area.routes) {
      const path = openApiPath(route.path);
      const parameters = [...route.path.matchAll(/:(\w+)/g)].map((match) => ({ name: match[1], in: 'path' as const, required: true as const, schema: { type: 'string' as const } }));
      paths[path] ??= {};
      paths[path][route.method] = {
        tags: [area.area],
        summary: route.notImplemented !== undefined ? 'Not implemented (the contract offers no such operation).' : `${route.method.toUpperCase()} ${path}`,
        'x-access': route.access,
        parameters,
        responses: {
          '200': { description: 'The platform dictionary of the result.' },
          '4XX': { description: 'A contract error: {err_msg, err_code} (a JSON string on the "400 text" routes).' },
        },
      };
    }
  }
  const sorted = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.0.3',
    info: { title: 'Analysis platform REST API', version, description: 'The REST contract, served by the shim over the GraphQL graph.' },
    paths: sorted,
  };
}
