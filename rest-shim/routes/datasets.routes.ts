import { route, type RouteArea } from '../core/route';
import { HDA_DETAILED_KEYS, HDA_DETAILED_SELECTION, hdaDict } from '../serializers/hda.view';
import { serializationOf } from '../core/views';
import { HDA_VIEW } from '../serializers/hda.view';
import { datasetFileRoute } from './dataset-file.route';

/** `GET /api/datasets/{id}` and its raw display: what clients use around the contract. */
export const datasetsArea: RouteArea = {
  area: 'datasets',
  routes: [
    datasetFileRoute('/api/datasets/:dataset_id/display'),
    route<{ dataset: Record<string, unknown>; viewer: { isAdmin: boolean } }>({
      method: 'get',
      path: '/api/datasets/:dataset_id',
      access: 'anonymous',
      operation: `query ($id: ID!) { dataset(id: $id) { ${HDA_DETAILED_SELECTION} } viewer { isAdmin } }`,
      variables: (input) => ({ id: input.path.dataset_id }),
      shape: (data, input) => {
        const keys = input.has('view') || input.has('keys') ? serializationOf(HDA_VIEW, input.string('view'), input.string('keys'), 'detailed').keys : HDA_DETAILED_KEYS;
        return hdaDict(data.dataset, keys);
      },
    }),
  ],
};
