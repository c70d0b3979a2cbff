import { route, type RouteSpec } from '../../core/route';
import type { RouteInput } from '../../core/route-input';
import { withUrl } from '../../core/shape';
import { pythonText } from '../../../src/format/python-text';

const COLLECTION = 'model_class: __typename id name desc';
const ELEMENT = `${COLLECTION} request_form_id: requestFormId sample_form_id: sampleFormId`;

const typeUrl = (id: string) => `/api/request_types/${id}`;

/** `role_ids`: a JSON list, a list parameter, or one id. */
function roleIds(input: RouteInput): string[] | null {
  const value = input.json('role_ids') ?? input.get('role_ids[]');
  if (value === undefined || value === null || value === '') return null;
  return (Array.isArray(value) ? value : [value]).map((id) => pythonText(id));
}

export const requestTypeRoutes: RouteSpec<unknown>[] = [
  route<{ requestTypes: Array<{ id: string }> }>({
    method: 'get',
    path: '/api/request_types',
    access: 'user',
    errorStyle: 'text',
    operation: `query { requestTypes { ${COLLECTION} } }`,
    shape: (data) => data.requestTypes.map((type) => withUrl(type, typeUrl)),
  }),
  route<{ requestType: { id: string } }>({
    method: 'get',
    path: '/api/request_types/:request_type_id',
    access: 'permission',
    errorStyle: 'text',
    operation: `query ($id: ID!) { requestType(id: $id) { ${ELEMENT} } }`,
    variables: (input) => ({ id: input.path.request_type_id }),
    shape: (data) => withUrl(data.requestType, typeUrl),
  }),
  route<{ createRequestType: { id: string } }>({
    method: 'post',
    path: '/api/request_types',
    access: 'admin',
    errorStyle: 'text',
    operation: `mutation ($input: RequestTypeInput!) { createRequestType(input: $input) { ${ELEMENT} } }`,
    // Each value as the platform prints it: a list is invalid XML or a malformed id, not a missing one.
    variables: (input) => ({
      input: {
        xmlText: input.pythonText('xml_text') ?? null,
        requestFormId: input.pythonText('request_form_id') ?? null,
        sampleFormId: input.pythonText('sample_form_id') ?? null,
        externalServiceId: input.pythonText('external_service_id') ?? null,
        roleIds: roleIds(input),
      },
    }),
    shape: (data) => [withUrl(data.createRequestType, typeUrl)],
  }),
];
