import { type ApiClient, inParallel } from './api-client';

const REQUEST_FORM = `<form name="Bench request" type="request"><fields>
  <field type="text" name="lab" label="Lab" required="true"/><field type="select" name="length" value="100"><option value="100"/><option value="150"/></field>
</fields></form>`;
const SAMPLE_FORM = '<form name="Bench sample" type="sample"><fields><field type="text" name="organism" required="true"/></fields></form>';
const REQUEST_TYPE = '<request_type name="Bench run"><sample_states><state name="Received"/><state name="Sequenced"/><state name="Done"/></sample_states></request_type>';

interface GraphqlAnswer<T> {
  data?: T;
  errors?: Array<{ message: string }>;
}

async function graphql<T>(client: ApiClient, query: string, variables: Record<string, unknown>): Promise<T> {
  const answer = await client.post<GraphqlAnswer<T>>('/graphql', { query, variables });
  if (answer.errors?.length || !answer.data) throw new Error(`seed GraphQL: ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

const CREATE_REQUEST = 'mutation ($input: RequestInput!) { createRequest(input: $input) { id } }';
const ADD_SAMPLES = 'mutation ($id: ID!, $samples: [SampleInput!]!) { addSamples(requestId: $id, samples: $samples) { id } }';
const SUBMIT = 'mutation ($id: ID!) { submitRequest(id: $id) { id } }';

/**
 * Sample tracking for the user: forms, an external service and a request type (administrator), then
 * `requests` requests of the user's with 2 samples each (every second one submitted) and one request
 * of `samples` samples. Answers the id of the big request.
 */
export async function seedSampleTracking(admin: ApiClient, user: ApiClient, requests: number, samples: number): Promise<string> {
  const requestForm = (await admin.post<Array<{ id: string }>>('/api/forms', { xml_text: REQUEST_FORM }))[0].id;
  const sampleForm = (await admin.post<Array<{ id: string }>>('/api/forms', { xml_text: SAMPLE_FORM }))[0].id;
  const service = await graphql<{ createExternalService: { id: string } }>(admin, 'mutation ($input: ExternalServiceInput!) { createExternalService(input: $input) { id } }', {
    input: { name: 'bench sequencer', externalServiceType: 'simple_unknown_sequencer' },
  });
  const type = (
    await admin.post<Array<{ id: string }>>('/api/request_types', {
      xml_text: REQUEST_TYPE,
      request_form_id: requestForm,
      sample_form_id: sampleForm,
      external_service_id: service.createExternalService.id,
    })
  )[0].id;
  const newRequest = async (name: string, sampleCount: number, submit: boolean): Promise<string> => {
    const id = (await graphql<{ createRequest: { id: string } }>(user, CREATE_REQUEST, { input: { requestTypeId: type, name, values: { lab: 'bench lab' } } })).createRequest.id;
    const names = Array.from({ length: sampleCount }, (_, i) => ({ name: `${name} sample ${i}`, values: { organism: 'E. coli' } }));
    await graphql(user, ADD_SAMPLES, { id, samples: names });
    if (submit) await graphql(user, SUBMIT, { id });
    return id;
  };
  await inParallel(requests - 1, 4, (i) => newRequest(`request ${i}`, 2, i % 2 === 0));
  return newRequest('big request', samples, true);
}
