import { decoded, UNKNOWN_ID } from '../support/job-helpers';
import {
  addSampleDatasets,
  addSamples,
  createForm,
  createRequest,
  createRequestType,
  graphql,
  graphqlOk,
  REQUEST_TYPE_XML,
  setUpForms,
  STATES,
  submitRequest,
  type TypeSetup,
} from '../support/sample-tracking-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let setup: TypeSetup;
let typeId: string;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  setup = await setUpForms(h);
  typeId = (await createRequestType(h, setup)).id;
});
afterAll(() => h.close());

/** A submitted request of alice's with samples (each in the type's first state). */
async function submitted(names = ['s1', 's2']): Promise<{ requestId: string; sampleIds: string[] }> {
  const request = await createRequest(h, alice.key, typeId);
  const samples = await addSamples(h, alice.key, request.id, names);
  await submitRequest(h, alice.key, request.id);
  return { requestId: request.id, sampleIds: samples.map((sample) => sample.id) };
}

const putSample = (sampleId: string, body: Record<string, unknown>, key = h.admin.key) => h.api.put(`/api/samples/${sampleId}`).query({ key }).send(body);
const putRequest = (requestId: string, key = alice.key) => h.api.put(`/api/requests/${requestId}`).query({ key }).send({ update_type: 'request_state' });
const requestState = async (requestId: string) => (await h.api.get(`/api/requests/${requestId}`).query({ key: alice.key })).body.state as string;

const SAMPLE_QUERY = 'query ($id: ID!) { samples(requestId: $id) { id name state runDetails events { state comment } datasets { id name status errorMsg } } }';

interface SampleData {
  id: string;
  name: string;
  state: string | null;
  runDetails: Record<string, unknown>;
  events: Array<{ state: string; comment: string }>;
  datasets: Array<{ id: string; name: string; status: string; errorMsg: string }>;
}

const samplesOf = async (requestId: string, key = h.admin.key) => (await graphqlOk<{ samples: SampleData[] }>(h, key, SAMPLE_QUERY, { id: requestId })).samples;

describe('PUT /api/samples/{id}: who and which update', () => {
  it('answers 403 text to a non-administrator, the owner of the request included', async () => {
    const { sampleIds } = await submitted();
    for (const key of [alice.key, bob.key]) {
      const res = await putSample(sampleIds[0], { update_type: 'sample_state', new_state: 'Done' }, key);
      expect(res.status).toBe(403);
      expect(res.body).toBe('You are not authorized to update samples.');
    }
  });

  it('refuses anonymous callers (403001)', async () => {
    const { sampleIds } = await submitted();
    const res = await h.api.put(`/api/samples/${sampleIds[0]}`).send({ update_type: 'sample_state', new_state: 'Done' });
    expect(res.status).toBe(403);
    expect(res.body.err_code).toBe(403001);
  });

  it('answers 400 text for a missing or invalid update_type', async () => {
    const { sampleIds } = await submitted();
    const missing = await putSample(sampleIds[0], {});
    expect(missing.status).toBe(400);
    expect(missing.body).toBe("Missing required 'update_type' parameter, consult the API documentation for help.");
    const invalid = await putSample(sampleIds[0], { update_type: 'request_state' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toBe("Invalid value for 'update_type' parameter (request_state) specified, consult the API documentation for help.");
  });

  it('answers 400 text for a malformed or unknown sample', async () => {
    const malformed = await putSample('nope', { update_type: 'sample_state', new_state: 'Done' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toBe('Malformed sample_id (nope) specified, unable to decode.');
    const unknown = await putSample(UNKNOWN_ID, { update_type: 'sample_state', new_state: 'Done' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toBe(`Invalid sample id ( ${UNKNOWN_ID} ) specified.`);
  });
});

/** The platform compares these with its named values and echoes them as Python prints them; it never takes the first item of a list. */
describe('PUT /api/samples/{id} with parameters that are not text', () => {
  it('refuses an update_type, new_state or new_status given as a list or a boolean, echoing it, and changes nothing', async () => {
    const { requestId, sampleIds } = await submitted();
    const [dataset] = await addSampleDatasets(h, sampleIds[0], ['reads.fastq']);
    const before = await samplesOf(requestId);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ update_type: ['sample_state'], new_state: 'Done' }, "Invalid value for 'update_type' parameter ([u'sample_state']) specified, consult the API documentation for help."],
      [{ update_type: 'sample_state', new_state: ['Done'] }, "Invalid sample state requested ( [u'Done'] )."],
      [{ update_type: 'sample_state', new_state: null }, 'Invalid sample state requested ( None ).'],
      [{ update_type: 'sample_state', new_state: true }, 'Invalid sample state requested ( True ).'],
      [{ update_type: 'sample_dataset_transfer_status', sample_dataset_ids: [dataset.id], new_status: ['Complete'] }, "The requested transfer status ( [u'Complete'] ) is not a valid transfer status."],
    ];
    for (const [body, message] of cases) {
      const res = await putSample(sampleIds[0], body);
      expect([res.status, res.body]).toEqual([400, message]);
    }
    expect(await samplesOf(requestId)).toEqual(before);
  });

  it('refuses a comment given as a list with 400 text naming it', async () => {
    const { requestId, sampleIds } = await submitted();
    const res = await putSample(sampleIds[0], { update_type: 'sample_state', new_state: 'Done', comment: ['first', 'second'] });
    expect(res.status).toBe(400);
    expect(res.body).toBe("Invalid value for 'comment' parameter ( [u'first', u'second'] ) specified.");
    expect((await samplesOf(requestId))[0].state).not.toBe('Done');
  });
});

describe('PUT /api/samples/{id} update_type=sample_state', () => {
  it('moves the sample to the named state of its request type and records the comment', async () => {
    const { requestId, sampleIds } = await submitted();
    const res = await putSample(sampleIds[0], { update_type: 'sample_state', new_state: 'Sequenced', comment: 'on the flow cell' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([200, 'Done']);
    const [sample] = await samplesOf(requestId);
    expect(sample.state).toBe('Sequenced');
    expect(sample.events.at(-1)).toEqual({ state: 'Sequenced', comment: 'on the flow cell' });
  });

  it('records an empty comment when none is given', async () => {
    const { requestId, sampleIds } = await submitted();
    await putSample(sampleIds[1], { update_type: 'sample_state', new_state: 'Done' });
    expect((await samplesOf(requestId))[1].events.at(-1)).toEqual({ state: 'Done', comment: '' });
  });

  it('answers 400 text without new_state, or for a state the request type does not have', async () => {
    const { sampleIds } = await submitted();
    const missing = await putSample(sampleIds[0], { update_type: 'sample_state' });
    expect(missing.status).toBe(400);
    expect(missing.body).toBe("Missing required parameter: 'new_state'.");
    const invalid = await putSample(sampleIds[0], { update_type: 'sample_state', new_state: 'Lost in the mail' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toBe('Invalid sample state requested ( Lost in the mail ).');
  });
});

describe('a request from New to Complete', () => {
  it('through REST: submitted, samples through every state of the type, the request follows them to Complete', async () => {
    const request = await createRequest(h, alice.key, typeId, 'whole run');
    const samples = await addSamples(h, alice.key, request.id, ['one', 'two']);
    expect(await requestState(request.id)).toBe('New');
    await submitRequest(h, alice.key, request.id);
    expect(await requestState(request.id)).toBe('In Progress');

    for (const [index, state] of STATES.entries()) {
      if (index === 0) continue; // submitting put them in the first state
      await putSample(samples[0].id, { update_type: 'sample_state', new_state: state });
      // Samples apart: the request stays as it is.
      expect((await putRequest(request.id)).body).toEqual([200, '']);
      expect(await requestState(request.id)).toBe('In Progress');
      await putSample(samples[1].id, { update_type: 'sample_state', new_state: state });
      const followed = await putRequest(request.id);
      expect(followed.status).toBe(200);
      if (index < STATES.length - 1) {
        expect(followed.body).toEqual([200, `All samples of this sequencing request are in the (${state}) sample state. `]);
        expect(await requestState(request.id)).toBe('In Progress');
      } else {
        expect(followed.body).toEqual([200, `All samples of this sequencing request are in the final sample state (${state}). `]);
        expect(await requestState(request.id)).toBe('Complete');
      }
    }

    // A sample leaving the final state takes the request back to In Progress.
    await putSample(samples[0].id, { update_type: 'sample_state', new_state: 'Sequenced', comment: 'rerun' });
    expect((await putRequest(request.id)).body).toEqual([200, "At least 1 sample state moved from the final sample state, so now the request's state is (In Progress)"]);
    expect(await requestState(request.id)).toBe('In Progress');
    const listed = (await h.api.get('/api/requests').query({ key: alice.key })).body.find((item: { id: string }) => item.id === request.id);
    expect(listed.state).toBe('In Progress');
  });

  it('through GraphQL: createRequest, addSamples, submitRequest, updateSample, updateRequest', async () => {
    const created = await graphqlOk<{ createRequest: { id: string; name: string; state: string } }>(
      h,
      alice.key,
      'mutation ($t: ID!) { createRequest(input: {requestTypeId: $t, name: "graph run", values: {lab: "Lab"}}) { id name state } }',
      { t: typeId },
    );
    expect(created.createRequest).toMatchObject({ name: 'graph run', state: 'New' });
    const id = created.createRequest.id;
    const added = await graphqlOk<{ addSamples: Array<{ id: string; name: string; state: null }> }>(
      h,
      alice.key,
      'mutation ($id: ID!) { addSamples(requestId: $id, samples: [{name: "g1", values: {organism: "mouse"}}]) { id name state } }',
      { id },
    );
    const sampleId = added.addSamples[0].id;
    expect((await graphqlOk<{ submitRequest: { state: string } }>(h, alice.key, 'mutation ($id: ID!) { submitRequest(id: $id) { id name state } }', { id })).submitRequest.state).toBe('In Progress');

    const UPDATE_SAMPLE = 'mutation ($id: ID!, $state: String) { updateSample(id: $id, input: {updateType: "sample_state", newState: $state}) { status message sample { state } } }';
    const UPDATE_REQUEST = 'mutation ($id: ID!) { updateRequest(id: $id, updateType: "request_state") { status message request { id state } } }';
    for (const state of STATES.slice(1)) {
      const moved = await graphqlOk<{ updateSample: { status: number; sample: { state: string } } }>(h, h.admin.key, UPDATE_SAMPLE, { id: sampleId, state });
      expect(moved.updateSample).toEqual({ status: 200, message: 'Done', sample: { state } });
    }
    const followed = await graphqlOk<{ updateRequest: { status: number; message: string; request: { state: string } } }>(h, alice.key, UPDATE_REQUEST, { id });
    expect(followed.updateRequest).toEqual({ status: 200, message: 'All samples of this sequencing request are in the final sample state (Done). ', request: { id, state: 'Complete' } });

    const history = await graphqlOk<{ request: { events: Array<{ state: string }> } }>(h, alice.key, 'query ($id: ID!) { request(id: $id) { events { state } } }', { id });
    expect(history.request.events.map((event) => event.state)).toEqual(['New', 'In Progress', 'Complete']);
  });

  it('lets only an administrator change sample states through GraphQL', async () => {
    const { sampleIds } = await submitted();
    const answer = await graphql(h, alice.key, 'mutation ($id: ID!) { updateSample(id: $id, input: {updateType: "sample_state", newState: "Done"}) { status } }', { id: sampleIds[0] });
    expect(answer.errors?.[0].extensions?.code).toBe('AdminRequiredException');
  });
});

describe('PUT /api/samples/{id} update_type=sample_dataset_transfer_status', () => {
  it('moves the datasets through the transfer statuses, recording error_msg', async () => {
    const { requestId, sampleIds } = await submitted();
    const datasets = await addSampleDatasets(h, sampleIds[0], ['reads_1.fastq', 'reads_2.fastq']);
    expect(datasets.map((dataset) => dataset.status)).toEqual(['Not started', 'Not started']);
    const ids = datasets.map((dataset) => dataset.id);
    for (const status of ['In queue', 'Transferring dataset', 'Adding to data library', 'Complete']) {
      const res = await putSample(sampleIds[0], { update_type: 'sample_dataset_transfer_status', sample_dataset_ids: ids, new_status: status });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([200, 'Done']);
      expect((await samplesOf(requestId))[0].datasets.map((dataset) => dataset.status)).toEqual([status, status]);
    }
    await putSample(sampleIds[0], { update_type: 'sample_dataset_transfer_status', sample_dataset_ids: ids.join(','), new_status: 'Error', error_msg: 'checksum mismatch' });
    const failed = (await samplesOf(requestId))[0].datasets;
    expect(failed.map((dataset) => [dataset.status, dataset.errorMsg])).toEqual([
      ['Error', 'checksum mismatch'],
      ['Error', 'checksum mismatch'],
    ]);
  });

  it('answers 400 text without sample_dataset_ids or new_status', async () => {
    const { sampleIds } = await submitted();
    const [dataset] = await addSampleDatasets(h, sampleIds[0], ['a.fastq']);
    for (const body of [{ new_status: 'In queue' }, { sample_dataset_ids: [dataset.id] }]) {
      const res = await putSample(sampleIds[0], { update_type: 'sample_dataset_transfer_status', ...body });
      expect(res.status).toBe(400);
      expect(res.body).toBe("Missing one or more required parameters: 'sample_dataset_ids' and 'new_status'.");
    }
  });

  it('answers 400 text for a status that is not a transfer status', async () => {
    const { sampleIds } = await submitted();
    const [dataset] = await addSampleDatasets(h, sampleIds[0], ['a.fastq']);
    const res = await putSample(sampleIds[0], { update_type: 'sample_dataset_transfer_status', sample_dataset_ids: [dataset.id], new_status: 'Teleported' });
    expect(res.status).toBe(400);
    expect(res.body).toBe('The requested transfer status ( Teleported ) is not a valid transfer status.');
  });

  it('answers 400 text for an unknown dataset, or one of another sample, and changes none of the listed', async () => {
    const { requestId, sampleIds } = await submitted();
    const [mine] = await addSampleDatasets(h, sampleIds[0], ['mine.fastq']);
    const [theirs] = await addSampleDatasets(h, sampleIds[1], ['theirs.fastq']);
    const other = await putSample(sampleIds[0], { update_type: 'sample_dataset_transfer_status', sample_dataset_ids: [mine.id, theirs.id], new_status: 'Complete' });
    expect(other.status).toBe(400);
    expect(other.body).toBe(`Invalid sample dataset id ( ${theirs.id} ) specified.`);
    const malformed = await putSample(sampleIds[0], { update_type: 'sample_dataset_transfer_status', sample_dataset_ids: ['xx'], new_status: 'Complete' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toBe('Invalid sample dataset id ( xx ) specified.');
    const samples = await samplesOf(requestId);
    expect(samples[0].datasets[0].status).toBe('Not started');
    expect(samples[1].datasets[0].status).toBe('Not started');
  });

  it('lets only administrators add sample datasets', async () => {
    const { sampleIds } = await submitted();
    const answer = await graphql(h, alice.key, 'mutation ($id: ID!) { addSampleDatasets(sampleId: $id, datasets: [{name: "x"}]) { id } }', { id: sampleIds[0] });
    expect(answer.errors?.[0].extensions?.code).toBe('AdminRequiredException');
  });
});

describe('PUT /api/samples/{id} update_type=run_details', () => {
  it("fills the run-details form of the sample's request type", async () => {
    const template = await createForm(
      h,
      '<form name="Run details" type="run_details_template"><fields><field type="text" name="flowcell"/><field type="text" name="lane"/><field type="select" name="qc" checkboxes="true"><option value="passed"/></field></fields></form>',
    );
    const created = await graphqlOk<{ createRequestType: { id: string; runDetailsForm: { id: string } } }>(
      h,
      h.admin.key,
      'mutation ($input: RequestTypeInput!) { createRequestType(input: $input) { id runDetailsForm { id } } }',
      { input: { xmlText: REQUEST_TYPE_XML, requestFormId: setup.requestFormId, sampleFormId: setup.sampleFormId, externalServiceId: setup.externalServiceId, runDetailsFormId: template.id } },
    );
    expect(created.createRequestType.runDetailsForm.id).toBe(template.id);
    const request = await createRequest(h, alice.key, created.createRequestType.id);
    const [sample] = await addSamples(h, alice.key, request.id, ['with run']);
    const res = await putSample(sample.id, { update_type: 'run_details', flowcell: 'FC123', lane: 4, qc: 'true', deferred_plugin: 'none_configured' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([200, 'The information has been updated.']);
    expect((await samplesOf(request.id))[0].runDetails).toEqual({ flowcell: 'FC123', lane: '4', qc: true });
    // A field holds text: a list or an object is refused (400 text), and nothing changes.
    for (const flowcell of [['FC9'], { id: 'FC9' }]) {
      const refused = await putSample(sample.id, { update_type: 'run_details', flowcell, lane: 5 });
      expect([refused.status, refused.body]).toEqual([400, "Invalid value for the run details field 'flowcell': text is expected."]);
    }
    expect((await samplesOf(request.id))[0].runDetails).toEqual({ flowcell: 'FC123', lane: '4', qc: true });
  });

  it('records nothing when neither the sample nor its request type has a run-details form', async () => {
    const { requestId, sampleIds } = await submitted();
    const res = await putSample(sampleIds[0], { update_type: 'run_details', flowcell: 'FC1' });
    expect(res.body).toEqual([200, 'The information has been updated.']);
    expect((await samplesOf(requestId))[0].runDetails).toEqual({});
  });
});

describe('GraphQL samples of a request', () => {
  it('answers the owner and administrators, not other users', async () => {
    const { requestId } = await submitted(['x']);
    expect((await samplesOf(requestId, alice.key)).map((sample) => sample.name)).toEqual(['x']);
    const refused = await graphql(h, bob.key, SAMPLE_QUERY, { id: requestId });
    expect(refused.errors?.[0].message).toBe(`Invalid request id ( ${decoded(h, requestId)} ) specified.`);
  });
});
