import { alternative, route, type RouteArea } from '../../core/route';
import { HDA_DETAILED_KEYS, HDA_DETAILED_SELECTION, hdaDict } from '../../serializers/hda.reply';
import { serializationOf } from '../../core/views';
import { HDA_VIEW } from '../../serializers/hda.reply';
import { VERSION_FIELDS, versionDict } from '../../serializers/library.reply';
import { datasetFileRoute } from './dataset-file.route';
import { datasetPermissionRoutes } from './dataset-permissions.routes';

/** `GET /api/datasets/{id}` and its raw display: what clients use around the contract. */
export const datasetsArea: RouteArea = {
  area: 'datasets',
  routes: [
    datasetFileRoute('/api/datasets/:dataset_id/display'),
    ...datasetPermissionRoutes,
    route<unknown>({
      method: 'get',
      path: '/api/datasets/:dataset_id',
      access: 'anonymous',
      alternatives: {
        // `hda_ldda=ldda`: the id is a library dataset version's, shown as the platform's ldda dictionary.
        pick: (input) => (input.string('hda_ldda') === 'ldda' ? 'ldda' : 'hda'),
        routes: {
          hda: alternative<{ dataset: Record<string, unknown>; viewer: { isAdmin: boolean } }>({
            operation: `query ($id: ID!) { dataset(id: $id) { ${HDA_DETAILED_SELECTION} } viewer { isAdmin } }`,
            variables: (input) => ({ id: input.path.dataset_id }),
            shape: (data, input) => {
              const keys = input.has('view') || input.has('keys') ? serializationOf(HDA_VIEW, input.string('view'), input.keys(), 'detailed').keys : HDA_DETAILED_KEYS;
              return hdaDict(data.dataset, keys);
            },
          }),
          ldda: alternative<{ ldda: Record<string, unknown> }>({
            operation: `query ($id: ID!) { ldda(id: $id) { ${VERSION_FIELDS} } }`,
            variables: (input) => ({ id: input.path.dataset_id }),
            shape: (data) => versionDict(data.ldda),
          }),
        },
      },
    }),
  ],
};
