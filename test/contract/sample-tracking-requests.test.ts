import { decoded, sql, UNKNOWN_ID } from '../support/job-helpers';
import { createFolder, createLibrary, createRole } from '../support/library-helpers';
import {
  addSamples,
  createRequest,
  createRequestType,
  graphql,
  graphqlOk,
  setUpForms,
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

const CREATE = 'mutation ($input: RequestInput!) { createRequest(input: $input) { id name state values } }';
const codeOf = (answer: { errors?: Array<{ extensions?: { code?: string } }> }) => answer.errors?.[0]?.extensions?.code;
const messageOf = (answer: { errors?: Array<{ message: string }> }) => answer.errors?.[0]?.message;

describe('GraphQL createRequest', () => {
  it('creates a request in state New with the request form values (defaults filled in)', async () => {
    const data = await graphqlOk<{ createRequest: { id: string; name: string; state: string; values: Record<string, unknown> } }>(h, alice.key, CREATE, {
      input: { requestTypeId: typeId, name: 'Run 1', description: 'first', values: { lab: 'Smith lab', read_length: '150', paired: 'yes' } },
    });
    expect(data.createRequest).toMatchObject({ name: 'Run 1', state: 'New' });
    expect(data.createRequest.values).toEqual({ lab: 'Smith lab', notes: '', read_length: '150', paired: true });
    const events = await graphqlOk<{ request: { events: Array<{ state: string; comment: string }> } }>(h, alice.key, 'query ($id: ID!) { request(id: $id) { events { state comment } } }', {
      id: data.createRequest.id,
    });
    expect(events.request.events).toEqual([{ state: 'New', comment: `Sequencing request created by ${alice.email}` }]);
  });

  it('refuses a request type the caller has no access role for', async () => {
    const role = await createRole(h, 'only-bob', { users: [bob] });
    const restricted = (await createRequestType(h, setup, [role.id])).id;
    const refused = await graphql(h, alice.key, CREATE, { input: { requestTypeId: restricted, name: 'x' } });
    expect(codeOf(refused)).toBe('ItemAccessibilityException');
    expect(messageOf(refused)).toBe(`${alice.email} does not have access permission to the "Illumina run" request type.`);
    expect((await createRequest(h, bob.key, restricted)).state).toBe('New');
  });

  it.each([
    ['an empty name', { name: '  ' }, 'ObjectAttributeMissingException', 'Enter the name of the request.'],
    ['a field the form does not have', { values: { nope: 'x' } }, 'ObjectAttributeInvalidException', 'Unknown field ( nope ) of the form ( Sequencing request ).'],
    ['a select value outside its options', { values: { read_length: '75' } }, 'ObjectAttributeInvalidException', 'Invalid value ( 75 ) of the field ( read_length ): not one of its options.'],
    ['values that are not an object', { values: ['a'] }, 'ObjectAttributeInvalidException', 'The values of the form ( Sequencing request ) must be an object keyed by field name.'],
  ])('refuses %s', async (_case, fields, code, message) => {
    const answer = await graphql(h, alice.key, CREATE, { input: { requestTypeId: typeId, name: 'Run', ...fields } });
    expect(codeOf(answer)).toBe(code);
    expect(messageOf(answer)).toBe(message);
  });

  it('refuses a malformed or unknown request type id', async () => {
    expect(codeOf(await graphql(h, alice.key, CREATE, { input: { requestTypeId: 'zz', name: 'x' } }))).toBe('MalformedId');
    expect(codeOf(await graphql(h, alice.key, CREATE, { input: { requestTypeId: UNKNOWN_ID, name: 'x' } }))).toBe('RequestParameterInvalidException');
  });

  it('refuses anonymous callers', async () => {
    const res = await h.api.post('/graphql').send({ query: CREATE, variables: { input: { requestTypeId: typeId, name: 'x' } } });
    expect(res.body.errors[0].extensions.code).toBe('AuthenticationRequired');
  });
});

describe('GET /api/requests', () => {
  it("lists an ordinary user's own requests, without the user key", async () => {
    const own = await createRequest(h, alice.key, typeId, 'alice run');
    const other = await createRequest(h, bob.key, typeId, 'bob run');
    const res = await h.api.get('/api/requests').query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({ model_class: 'Request', id: own.id, name: 'alice run', state: 'New', url: `/api/requests/${own.id}` });
    expect(res.body.map((request: { id: string }) => request.id)).not.toContain(other.id);
    for (const request of res.body) expect(request).not.toHaveProperty('user');
  });

  it("lists every user's requests to an administrator, with the owner's email", async () => {
    const own = await createRequest(h, alice.key, typeId, 'for the admin');
    const res = await h.api.get('/api/requests').query({ key: h.admin.key });
    expect(res.body).toContainEqual({ model_class: 'Request', id: own.id, name: 'for the admin', state: 'New', user: alice.email, url: `/api/requests/${own.id}` });
    const master = await h.api.get('/api/requests').query({ key: h.masterKey });
    expect(master.body.map((request: { id: string }) => request.id)).toContain(own.id);
  });

  it('leaves deleted requests out', async () => {
    const gone = await createRequest(h, alice.key, typeId, 'deleted one');
    await sql(h, 'update request set deleted = true where id = ?', [decoded(h, gone.id)]);
    for (const key of [alice.key, h.admin.key]) {
      expect((await h.api.get('/api/requests').query({ key })).body.map((request: { id: string }) => request.id)).not.toContain(gone.id);
    }
  });

  it('refuses anonymous callers (403001)', async () => {
    expect((await h.api.get('/api/requests')).body.err_code).toBe(403001);
  });
});

describe('GET /api/requests/{id}', () => {
  it('shows the owner the request with url, user and num_of_samples', async () => {
    const request = await createRequest(h, alice.key, typeId, 'shown');
    await addSamples(h, alice.key, request.id, ['a', 'b', 'c']);
    const res = await h.api.get(`/api/requests/${request.id}`).query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ model_class: 'Request', id: request.id, name: 'shown', state: 'New', user: alice.email, num_of_samples: 3, url: `/api/requests/${request.id}` });
    expect((await h.api.get(`/api/requests/${request.id}`).query({ key: h.admin.key })).body.user).toBe(alice.email);
  });

  it("answers 400 text for someone else's request, as for an unknown one (the platform prints the decoded id)", async () => {
    const request = await createRequest(h, alice.key, typeId);
    const res = await h.api.get(`/api/requests/${request.id}`).query({ key: bob.key });
    expect(res.status).toBe(400);
    expect(res.body).toBe(`Invalid request id ( ${decoded(h, request.id)} ) specified.`);
    const unknown = await h.api.get(`/api/requests/${UNKNOWN_ID}`).query({ key: bob.key });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toBe(`Invalid request id ( ${decoded(h, UNKNOWN_ID)} ) specified.`);
  });

  it('answers 400 text for a malformed id', async () => {
    const res = await h.api.get('/api/requests/xyz').query({ key: alice.key });
    expect(res.status).toBe(400);
    expect(res.body).toBe('Malformed request id ( xyz ) specified, unable to decode.');
  });

  it('refuses anonymous callers (403001)', async () => {
    const request = await createRequest(h, alice.key, typeId);
    expect((await h.api.get(`/api/requests/${request.id}`)).body.err_code).toBe(403001);
  });
});

describe('GET /api/requests/{id}/samples', () => {
  it('lists the samples in the order they were added, each with its url', async () => {
    const request = await createRequest(h, alice.key, typeId);
    const samples = await addSamples(h, alice.key, request.id, ['first', 'second']);
    const res = await h.api.get(`/api/requests/${request.id}/samples`).query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(samples.map((sample) => ({ model_class: 'Sample', id: sample.id, name: sample.name, url: `/api/samples/${sample.id}` })));
    expect((await h.api.get(`/api/requests/${request.id}/samples`).query({ key: h.admin.key })).body).toEqual(res.body);
  });

  it("answers 400 text for someone else's request, an unknown or a malformed id", async () => {
    const request = await createRequest(h, alice.key, typeId);
    const other = await h.api.get(`/api/requests/${request.id}/samples`).query({ key: bob.key });
    expect(other.status).toBe(400);
    expect(other.body).toBe(`Invalid request id ( ${decoded(h, request.id)} ) specified.`);
    expect((await h.api.get(`/api/requests/${UNKNOWN_ID}/samples`).query({ key: alice.key })).status).toBe(400);
    const malformed = await h.api.get('/api/requests/nothex/samples').query({ key: alice.key });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toBe('Malformed request id ( nothex ) specified, unable to decode.');
  });

  it('refuses anonymous callers (403001)', async () => {
    const request = await createRequest(h, alice.key, typeId);
    expect((await h.api.get(`/api/requests/${request.id}/samples`)).body.err_code).toBe(403001);
  });
});

describe('PUT /api/requests/{id}', () => {
  it('answers 400 text for a missing or invalid update_type', async () => {
    const request = await createRequest(h, alice.key, typeId);
    const missing = await h.api.put(`/api/requests/${request.id}`).query({ key: alice.key }).send({});
    expect(missing.status).toBe(400);
    expect(missing.body).toBe("Missing required 'update_type' parameter.  Please consult the API documentation for help.");
    const invalid = await h.api.put(`/api/requests/${request.id}`).query({ key: alice.key }).send({ update_type: 'sample_state' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toBe("Invalid value for 'update_type' parameter ( sample_state ) specified.  Please consult the API documentation for help.");
  });

  it("answers 400 text for someone else's request or a malformed id", async () => {
    const request = await createRequest(h, alice.key, typeId);
    const other = await h.api.put(`/api/requests/${request.id}`).query({ key: bob.key }).send({ update_type: 'request_state' });
    expect(other.status).toBe(400);
    expect(other.body).toBe(`Invalid request id ( ${decoded(h, request.id)} ) specified.`);
    const malformed = await h.api.put('/api/requests/q').query({ key: alice.key }).send({ update_type: 'request_state' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toBe('Malformed request id ( q ) specified, unable to decode.');
  });

  it('leaves a request whose samples have no state yet as it is: [200, ""]', async () => {
    const request = await createRequest(h, alice.key, typeId);
    await addSamples(h, alice.key, request.id, ['x']);
    const res = await h.api.put(`/api/requests/${request.id}`).query({ key: alice.key }).send({ update_type: 'request_state' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([200, '']);
    expect((await h.api.get(`/api/requests/${request.id}`).query({ key: alice.key })).body.state).toBe('New');
  });

  it('takes a JSON body sent without a Content-Type (real clients)', async () => {
    const request = await createRequest(h, alice.key, typeId);
    const res = await h.api.put(`/api/requests/${request.id}`).query({ key: alice.key }).set('Content-Type', '').send(Buffer.from(JSON.stringify({ update_type: 'request_state' })));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([200, '']);
  });

  it('refuses anonymous callers (403001)', async () => {
    const request = await createRequest(h, alice.key, typeId);
    expect((await h.api.put(`/api/requests/${request.id}`).send({ update_type: 'request_state' })).body.err_code).toBe(403001);
  });
});

/** The platform compares what it was given with 'request_state' and echoes it as Python prints it; it never reads the first item of a list. */
describe('PUT /api/requests/{id} with an update_type that is not text', () => {
  it.each<[unknown, string]>([
    [['request_state'], "[u'request_state']"],
    [{ type: 'request_state' }, "{u'type': u'request_state'}"],
    [7, '7'],
    [true, 'True'],
    [null, 'None'],
  ])('refuses %p with 400 text echoing %s, and leaves the request alone', async (updateType, printed) => {
    const request = await createRequest(h, alice.key, typeId);
    await addSamples(h, alice.key, request.id, ['x']);
    await submitRequest(h, alice.key, request.id);
    const before = (await h.api.get(`/api/requests/${request.id}`).query({ key: alice.key })).body.state;
    const res = await h.api.put(`/api/requests/${request.id}`).query({ key: alice.key }).send({ update_type: updateType });
    expect(res.status).toBe(400);
    expect(res.body).toBe(`Invalid value for 'update_type' parameter ( ${printed} ) specified.  Please consult the API documentation for help.`);
    expect((await h.api.get(`/api/requests/${request.id}`).query({ key: alice.key })).body.state).toBe(before);
  });

  it('refuses a repeated update_type in the query string the same way', async () => {
    const request = await createRequest(h, alice.key, typeId);
    const res = await h.api.put(`/api/requests/${request.id}?update_type=request_state&update_type=request_state`).query({ key: alice.key });
    expect(res.status).toBe(400);
    expect(res.body).toBe("Invalid value for 'update_type' parameter ( [u'request_state', u'request_state'] ) specified.  Please consult the API documentation for help.");
  });

  it('still tells an anonymous caller first that it needs an identity', async () => {
    const request = await createRequest(h, alice.key, typeId);
    const res = await h.api.put(`/api/requests/${request.id}`).send({ update_type: ['request_state'] });
    expect(res.status).toBe(403);
    expect(res.body.err_code).toBe(403001);
  });
});

describe('GraphQL addSamples', () => {
  const ADD = 'mutation ($id: ID!, $samples: [SampleInput!]!) { addSamples(requestId: $id, samples: $samples) { id name state values libraryId folderId } }';

  it('adds samples with the sample form values and no state until the request is submitted', async () => {
    const request = await createRequest(h, alice.key, typeId);
    const data = await graphqlOk<{ addSamples: Array<Record<string, unknown>> }>(h, alice.key, ADD, {
      id: request.id,
      samples: [{ name: 's1', values: { organism: 'yeast', concentration: 3 } }],
    });
    expect(data.addSamples).toEqual([{ id: expect.any(String), name: 's1', state: null, values: { organism: 'yeast', concentration: '3' }, libraryId: null, folderId: null }]);
  });

  it('refuses duplicate and empty names', async () => {
    const request = await createRequest(h, alice.key, typeId);
    await addSamples(h, alice.key, request.id, ['dup']);
    const dup = await graphql(h, alice.key, ADD, { id: request.id, samples: [{ name: 'dup' }] });
    expect(messageOf(dup)).toBe('This request has 2 samples with the name (dup).  Samples belonging to a request must have unique names.');
    const empty = await graphql(h, alice.key, ADD, { id: request.id, samples: [{ name: 'ok' }, { name: '' }] });
    expect(messageOf(empty)).toBe('Enter the name of sample number 2');
    // Nothing of a refused batch is kept.
    expect((await h.api.get(`/api/requests/${request.id}/samples`).query({ key: alice.key })).body.map((s: { name: string }) => s.name)).toEqual(['dup']);
  });

  it("refuses someone else's request and a submitted request", async () => {
    const request = await createRequest(h, alice.key, typeId);
    expect(codeOf(await graphql(h, bob.key, ADD, { id: request.id, samples: [{ name: 'x' }] }))).toBe('RequestParameterInvalidException');
    await addSamples(h, alice.key, request.id, ['one']);
    await submitRequest(h, alice.key, request.id);
    const late = await graphql(h, alice.key, ADD, { id: request.id, samples: [{ name: 'two' }] });
    expect(messageOf(late)).toBe('Samples cannot be added to this request after it is submitted.');
  });

  it("records the library folder the sample's datasets go to, when the owner may access the library", async () => {
    const library = await createLibrary(h, 'sequencing results');
    const folder = await createFolder(h, library.root_folder_id, 'run 1');
    const request = await createRequest(h, alice.key, typeId);
    const data = await graphqlOk<{ addSamples: Array<{ libraryId: string; folderId: string }> }>(h, alice.key, ADD, {
      id: request.id,
      samples: [{ name: 'with destination', libraryId: library.id, folderId: folder.id }],
    });
    expect(data.addSamples[0]).toMatchObject({ libraryId: library.id, folderId: folder.id });
    const otherLibrary = await createLibrary(h, 'elsewhere');
    const wrongFolder = await graphql(h, alice.key, ADD, { id: request.id, samples: [{ name: 'bad', libraryId: otherLibrary.id, folderId: folder.id }] });
    expect(messageOf(wrongFolder)).toBe(`Invalid folder id ( ${folder.id} ) specified.`);
    const half = await graphql(h, alice.key, ADD, { id: request.id, samples: [{ name: 'half', libraryId: library.id }] });
    expect(codeOf(half)).toBe('ObjectAttributeMissingException');
  });
});

describe('GraphQL submitRequest', () => {
  const SUBMIT = 'mutation ($id: ID!) { submitRequest(id: $id) { id name state samples { name state events { state comment } } } }';

  it('moves New -> In Progress (the platform spells its Submitted state so; clients read that value) and every sample to the first state of the type', async () => {
    const request = await createRequest(h, alice.key, typeId, 'to submit');
    await addSamples(h, alice.key, request.id, ['a', 'b']);
    const data = await graphqlOk<{ submitRequest: { state: string; samples: Array<{ state: string; events: Array<{ state: string; comment: string }> }> } }>(h, alice.key, SUBMIT, {
      id: request.id,
    });
    expect(data.submitRequest.state).toBe('In Progress');
    expect(data.submitRequest.samples).toHaveLength(2);
    for (const sample of data.submitRequest.samples) {
      expect(sample.state).toBe('Received');
      expect(sample.events).toEqual([{ state: 'Received', comment: 'Sequencing request submitted and sample state set to Received.' }]);
    }
    const again = await graphql(h, alice.key, SUBMIT, { id: request.id });
    expect(messageOf(again)).toBe('The sequencing request ( to submit ) is In Progress: only a new or rejected request can be submitted.');
  });

  it('refuses a request without samples, or with required fields left empty', async () => {
    const request = await createRequest(h, alice.key, typeId, 'empty');
    expect(messageOf(await graphql(h, alice.key, SUBMIT, { id: request.id }))).toBe('Add at least 1 sample to this request before submitting.');
    const unnamedLab = await createRequest(h, alice.key, typeId, 'no lab', {});
    await addSamples(h, alice.key, unnamedLab.id, ['s']);
    expect(messageOf(await graphql(h, alice.key, SUBMIT, { id: unnamedLab.id }))).toBe('Complete the following fields of the request before submitting: Lab name');
    const noOrganism = await createRequest(h, alice.key, typeId, 'no organism');
    await graphqlOk(h, alice.key, 'mutation ($id: ID!) { addSamples(requestId: $id, samples: [{name: "bare"}]) { id } }', { id: noOrganism.id });
    expect(messageOf(await graphql(h, alice.key, SUBMIT, { id: noOrganism.id }))).toBe('Complete the following fields of the sample ( bare ) before submitting: Organism');
  });

  it("lets an administrator submit a user's request, saying on whose behalf", async () => {
    const request = await createRequest(h, alice.key, typeId, 'by admin');
    await addSamples(h, alice.key, request.id, ['a']);
    await submitRequest(h, h.admin.key, request.id);
    const events = await graphqlOk<{ request: { events: Array<{ comment: string }> } }>(h, alice.key, 'query ($id: ID!) { request(id: $id) { events { comment } } }', { id: request.id });
    expect(events.request.events[1].comment).toBe(`Sequencing request submitted by ${h.admin.email} on behalf of ${alice.email}.`);
  });

  it("refuses someone else's request", async () => {
    const request = await createRequest(h, alice.key, typeId);
    await addSamples(h, alice.key, request.id, ['a']);
    expect(codeOf(await graphql(h, bob.key, SUBMIT, { id: request.id }))).toBe('RequestParameterInvalidException');
  });
});

describe('GraphQL rejectRequest', () => {
  const REJECT = 'mutation ($id: ID!, $comment: String) { rejectRequest(id: $id, comment: $comment) { id state events { state comment } } }';

  it('sends a submitted request back (Rejected, with the reason); its owner may add samples and resubmit it', async () => {
    const request = await createRequest(h, alice.key, typeId, 'to reject');
    await addSamples(h, alice.key, request.id, ['first']);
    await submitRequest(h, alice.key, request.id);
    const data = await graphqlOk<{ rejectRequest: { state: string; events: Array<{ state: string; comment: string }> } }>(h, h.admin.key, REJECT, {
      id: request.id,
      comment: 'concentration too low',
    });
    expect(data.rejectRequest.state).toBe('Rejected');
    expect(data.rejectRequest.events.at(-1)).toEqual({ state: 'Rejected', comment: `Sequencing request marked rejected by ${h.admin.email}. Reason: concentration too low ` });
    await addSamples(h, alice.key, request.id, ['second']);
    expect((await submitRequest(h, alice.key, request.id)).state).toBe('In Progress');
  });

  it('needs a reason, a submitted request and an administrator', async () => {
    const request = await createRequest(h, alice.key, typeId);
    await addSamples(h, alice.key, request.id, ['a']);
    expect(messageOf(await graphql(h, h.admin.key, REJECT, { id: request.id, comment: 'why' }))).toBe(`The sequencing request ( My run ) is New: only a submitted request can be rejected.`);
    await submitRequest(h, alice.key, request.id);
    expect(messageOf(await graphql(h, h.admin.key, REJECT, { id: request.id }))).toBe('A reason for rejecting the request is required.');
    expect(codeOf(await graphql(h, alice.key, REJECT, { id: request.id, comment: 'mine' }))).toBe('AdminRequiredException');
  });
});
