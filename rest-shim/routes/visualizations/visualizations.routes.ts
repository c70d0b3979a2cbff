import { route, type RouteArea } from '../../core/route';
import type { RouteInput } from '../../core/route-input';
import { sharingRoutes } from '../sharing/sharing.routes';

const SHOW_FIELDS = `model_class: __typename id title type user_id: userId dbkey slug
  latest_revision: latestRevision { model_class: __typename id visualization_id: visualizationId title dbkey config }
  revisions url annotation`;

interface Summary {
  id: string;
  title: string;
  type: string;
  dbkey: string | null;
  url: string;
}

/** The payload as the platform reads it; a form post's `config` arrives as JSON text. */
function payload(input: RouteInput): Record<string, unknown> {
  const body: Record<string, unknown> = { ...input.body };
  delete body.key;
  if (body.config !== undefined) body.config = input.json('config');
  return body;
}

export const visualizationsArea: RouteArea = {
  area: 'visualizations',
  routes: [
    route<{ visualizations: Summary[] }>({
      method: 'get',
      path: '/api/visualizations',
      access: 'user',
      operation: `query { visualizations { id title type dbkey url } }`,
      shape: (data) => data.visualizations,
    }),
    route<{ visualization: Record<string, unknown> }>({
      method: 'get',
      path: '/api/visualizations/:viz_id',
      access: 'user',
      requiresIdentity: true,
      operation: `query ($id: ID!) { visualization(id: $id) { ${SHOW_FIELDS} } }`,
      variables: (input) => ({ id: input.path.viz_id }),
      shape: (data) => data.visualization,
    }),
    route<{ createVisualization: string }>({
      method: 'post',
      path: '/api/visualizations',
      access: 'user',
      operation: `mutation ($input: JSONObject!) { createVisualization(input: $input) }`,
      variables: (input) => ({ input: payload(input) }),
      shape: (data) => ({ id: data.createVisualization }),
    }),
    route<{ updateVisualization: { id: string; revision: number } | null }>({
      method: 'put',
      path: '/api/visualizations/:viz_id',
      access: 'owner',
      operation: `mutation ($id: ID!, $input: JSONObject!) { updateVisualization(id: $id, input: $input) { id revision } }`,
      variables: (input) => ({ id: input.path.viz_id, input: payload(input) }),
      shape: (data) => data.updateVisualization,
    }),
    ...sharingRoutes('visualizations'),
  ],
};
