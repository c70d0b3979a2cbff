import type { TestPlatform } from './test-platform';

/** A request form: a required text field, a select and a checkbox, in two layout grids. */
export const REQUEST_FORM_XML = `<form name="Sequencing request" description="What the sequencing center needs" type="request">
  <layout><grid name="Contact"/><grid name="Run"/></layout>
  <fields>
    <field type="text" name="lab" label="Lab name" required="true" helptext="Your lab" layout="Contact"/>
    <field type="text" name="notes" label="Notes" area="true"/>
    <field type="select" name="read_length" label="Read length" value="100" layout="Run">
      <option value="50"/><option value="100"/><option value="150"/>
    </field>
    <field type="select" name="paired" label="Paired end" checkboxes="true"><option value="yes"/></field>
  </fields>
</form>`;

export const SAMPLE_FORM_XML = `<form name="Sample" description="One sample" type="sample">
  <fields>
    <field type="text" name="organism" label="Organism" required="true"/>
    <field type="text" name="concentration" label="Concentration"/>
  </fields>
</form>`;

export const STATES = ['Received', 'Sequenced', 'Done'] as const;

export const REQUEST_TYPE_XML = `<request_type name="Illumina run" description="Sequencing on the Illumina">
  <sample_states>${STATES.map((name) => `<state name="${name}" description="Sample ${name.toLowerCase()}"/>`).join('')}</sample_states>
</request_type>`;

export interface GraphqlAnswer {
  data?: Record<string, unknown> | null;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

/** Runs a GraphQL document as `key`; answers the parsed body. */
export async function graphql(h: TestPlatform, key: string, query: string, variables: Record<string, unknown> = {}): Promise<GraphqlAnswer> {
  const res = await h.api.post('/graphql').set('x-api-key', key).send({ query, variables });
  return res.body as GraphqlAnswer;
}

/** Runs a document that must succeed; answers its data. */
export async function graphqlOk<T = Record<string, unknown>>(h: TestPlatform, key: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const answer = await graphql(h, key, query, variables);
  if (answer.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(answer.errors)}`);
  return answer.data as T;
}

export async function createForm(h: TestPlatform, xml: string): Promise<{ id: string; form_definition_current_id: string } & Record<string, unknown>> {
  const res = await h.api.post('/api/forms').send({ key: h.admin.key, xml_text: xml });
  if (res.status !== 200) throw new Error(`form: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body[0];
}

export async function createExternalService(h: TestPlatform, name = 'sequencer'): Promise<string> {
  const data = await graphqlOk<{ createExternalService: { id: string } }>(
    h,
    h.admin.key,
    'mutation ($input: ExternalServiceInput!) { createExternalService(input: $input) { id name } }',
    { input: { name, description: 'The sequencer', version: '1', externalServiceType: 'simple_unknown_sequencer' } },
  );
  return data.createExternalService.id;
}

export interface TypeSetup {
  requestFormId: string;
  sampleFormId: string;
  externalServiceId: string;
}

export async function setUpForms(h: TestPlatform): Promise<TypeSetup> {
  const requestFormId = (await createForm(h, REQUEST_FORM_XML)).id;
  const sampleFormId = (await createForm(h, SAMPLE_FORM_XML)).id;
  const externalServiceId = await createExternalService(h);
  return { requestFormId, sampleFormId, externalServiceId };
}

/** A request type through REST, open to everyone unless roles are given. */
export async function createRequestType(h: TestPlatform, setup: TypeSetup, roleIds: string[] = [], xml = REQUEST_TYPE_XML): Promise<{ id: string } & Record<string, unknown>> {
  const res = await h.api.post('/api/request_types').send({
    key: h.admin.key,
    xml_text: xml,
    request_form_id: setup.requestFormId,
    sample_form_id: setup.sampleFormId,
    external_service_id: setup.externalServiceId,
    role_ids: roleIds,
  });
  if (res.status !== 200) throw new Error(`request type: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body[0];
}

export async function createRequest(h: TestPlatform, key: string, requestTypeId: string, name = 'My run', values: Record<string, unknown> = { lab: 'Smith lab' }): Promise<{ id: string; name: string; state: string }> {
  const data = await graphqlOk<{ createRequest: { id: string; name: string; state: string } }>(
    h,
    key,
    'mutation ($input: RequestInput!) { createRequest(input: $input) { id name state } }',
    { input: { requestTypeId, name, description: 'A run', values } },
  );
  return data.createRequest;
}

export async function addSamples(h: TestPlatform, key: string, requestId: string, names: string[]): Promise<Array<{ id: string; name: string; state: string | null }>> {
  const data = await graphqlOk<{ addSamples: Array<{ id: string; name: string; state: string | null }> }>(
    h,
    key,
    'mutation ($requestId: ID!, $samples: [SampleInput!]!) { addSamples(requestId: $requestId, samples: $samples) { id name state } }',
    { requestId, samples: names.map((name) => ({ name, values: { organism: 'E. coli' } })) },
  );
  return data.addSamples;
}

export async function submitRequest(h: TestPlatform, key: string, requestId: string): Promise<{ id: string; name: string; state: string }> {
  const data = await graphqlOk<{ submitRequest: { id: string; name: string; state: string } }>(h, key, 'mutation ($id: ID!) { submitRequest(id: $id) { id name state } }', { id: requestId });
  return data.submitRequest;
}

export async function addSampleDatasets(h: TestPlatform, sampleId: string, names: string[]): Promise<Array<{ id: string; status: string }>> {
  const data = await graphqlOk<{ addSampleDatasets: Array<{ id: string; status: string }> }>(
    h,
    h.admin.key,
    'mutation ($sampleId: ID!, $datasets: [SampleDatasetInput!]!) { addSampleDatasets(sampleId: $sampleId, datasets: $datasets) { id name status } }',
    { sampleId, datasets: names.map((name) => ({ name, filePath: `/runs/1/${name}`, size: '1.2 GB' })) },
  );
  return data.addSampleDatasets;
}
