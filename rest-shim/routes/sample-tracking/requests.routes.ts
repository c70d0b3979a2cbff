import { route, type RouteSpec } from '../../core/route';
import { withUrl } from '../../core/shape';
import { namedValue } from './named-value';

/** The platform's Request collection view (id, name, state) plus `user`, the owner's email. */
const COLLECTION = 'model_class: __typename id name state user: userEmail';

interface RequestItem {
  id: string;
  user?: string;
}

const requestUrl = (id: string) => `/api/requests/${id}`;
const sampleUrl = (id: string) => `/api/samples/${id}`;

export const requestRoutes: RouteSpec<unknown>[] = [
  route<{ requests: RequestItem[]; viewer: { isAdmin: boolean } }>({
    method: 'get',
    path: '/api/requests',
    access: 'user',
    errorStyle: 'text',
    operation: `query { requests { ${COLLECTION} } viewer { isAdmin } }`,
    // Only administrators see the owner's email in the list.
    shape: (data) => data.requests.map(({ user, ...request }) => withUrl(data.viewer.isAdmin ? { ...request, user } : request, requestUrl)),
  }),
  route<{ request: RequestItem }>({
    method: 'get',
    path: '/api/requests/:request_id',
    access: 'owner',
    errorStyle: 'text',
    operation: `query ($id: ID!) { request(id: $id) { ${COLLECTION} num_of_samples: numOfSamples } }`,
    variables: (input) => ({ id: input.path.request_id }),
    shape: (data) => withUrl(data.request, requestUrl),
  }),
  route<{ updateRequest: { status: number; message: string } }>({
    method: 'put',
    path: '/api/requests/:request_id',
    access: 'owner',
    errorStyle: 'text',
    operation: 'mutation ($id: ID!, $updateType: String) { updateRequest(id: $id, updateType: $updateType) { status message } }',
    variables: (input) => ({ id: input.path.request_id, updateType: namedValue(input, 'update_type') }),
    // The platform answers its (status, message) pair.
    shape: (data) => [data.updateRequest.status, data.updateRequest.message],
  }),
  route<{ samples: Array<{ id: string }> }>({
    method: 'get',
    path: '/api/requests/:request_id/samples',
    access: 'owner',
    errorStyle: 'text',
    operation: 'query ($requestId: ID!) { samples(requestId: $requestId) { model_class: __typename id name } }',
    variables: (input) => ({ requestId: input.path.request_id }),
    shape: (data) => data.samples.map((sample) => withUrl(sample, sampleUrl)),
  }),
];
