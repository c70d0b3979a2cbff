import { asBool } from '../../../src/format/booleans';
import { route, type RouteSpec } from '../../core/route';

/**
 * `GET /api/histories/{history_id}/contents/{id}/provenance` (the platform's provenance API). `follow`
 * is read as a boolean (the platform takes any non-empty value as true, `follow=false` included;
 * its clients never send it).
 */
export const provenanceRoutes: RouteSpec<unknown>[] = [
  route<{ datasetProvenance: Record<string, unknown> }>({
    method: 'get',
    path: '/api/histories/:history_id/contents/:id/provenance',
    access: 'user',
    operation: 'query ($historyId: ID!, $id: ID!, $follow: Boolean!) { datasetProvenance(historyId: $historyId, id: $id, follow: $follow) }',
    variables: (input) => ({ historyId: input.path.history_id, id: input.path.id, follow: input.has('follow') && asBool(input.get('follow')) === true }),
    shape: (data) => data.datasetProvenance,
  }),
];
