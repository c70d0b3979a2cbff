import { route, type RouteSpec } from '../../core/route';
import type { RouteInput } from '../../core/route-input';
import { namedValue } from './named-value';

/** Payload keys of PUT /api/samples/{id} that are not fields of the run-details form. */
const NOT_RUN_DETAILS = new Set(['key', 'update_type', 'deferred_plugin']);

function runDetails(input: RouteInput): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input.body).filter(([name]) => !NOT_RUN_DETAILS.has(name)));
}

export const sampleRoutes: RouteSpec<unknown>[] = [
  route<{ updateSample: { status: number; message: string } }>({
    method: 'put',
    path: '/api/samples/:sample_id',
    access: 'admin',
    errorStyle: 'text',
    operation: 'mutation ($id: ID!, $input: SampleUpdateInput!) { updateSample(id: $id, input: $input) { status message } }',
    variables: (input) => ({
      id: input.path.sample_id,
      input: {
        updateType: namedValue(input, 'update_type'),
        newState: namedValue(input, 'new_state'),
        comment: input.string('comment') ?? null,
        // The platform's `listify`: a list, or ids separated by commas.
        sampleDatasetIds: input.listify('sample_dataset_ids') ?? null,
        newStatus: namedValue(input, 'new_status'),
        errorMsg: input.string('error_msg') ?? null,
        deferredPlugin: input.string('deferred_plugin') ?? null,
        runDetails: runDetails(input),
      },
    }),
    // The platform answers its (status, message) pair.
    shape: (data) => [data.updateSample.status, data.updateSample.message],
  }),
];
