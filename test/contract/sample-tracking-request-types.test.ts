import { UNKNOWN_ID } from '../support/job-helpers';
import { createGroup, createRole } from '../support/library-helpers';
import { createRequestType, graphql, graphqlOk, REQUEST_TYPE_XML, setUpForms, STATES, type TypeSetup } from '../support/sample-tracking-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let setup: TypeSetup;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  carol = await h.newUser('carol');
  setup = await setUpForms(h);
});
afterAll(() => h.close());

const ENCODED = /^[0-9a-f]{16}$/;

const post = (fields: Record<string, unknown>, key = h.admin.key) =>
  h.api.post('/api/request_types').send({
    key,
    xml_text: REQUEST_TYPE_XML,
    request_form_id: setup.requestFormId,
    sample_form_id: setup.sampleFormId,
    external_service_id: setup.externalServiceId,
    ...fields,
  });

const listedIds = async (key: string) => (await h.api.get('/api/request_types').query({ key })).body.map((type: { id: string }) => type.id);

describe('POST /api/request_types', () => {
  it('creates a request type and answers a list with its element (id, name, desc, form ids, url)', async () => {
    const res = await post({});
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        model_class: 'RequestType',
        id: expect.stringMatching(ENCODED),
        name: 'Illumina run',
        desc: 'Sequencing on the Illumina',
        request_form_id: setup.requestFormId,
        sample_form_id: setup.sampleFormId,
        url: `/api/request_types/${res.body[0].id}`,
      },
    ]);
  });

  it('keeps the sample states of the XML in order, and the external service', async () => {
    const type = await createRequestType(h, setup);
    const data = await graphqlOk<{ requestType: { states: Array<{ name: string; desc: string }>; externalServices: Array<{ id: string; externalServiceType: string }>; requestForm: { id: string } } }>(
      h,
      h.admin.key,
      'query ($id: ID!) { requestType(id: $id) { states { id name desc } externalServices { id externalServiceType } requestForm { id } } }',
      { id: type.id },
    );
    expect(data.requestType.states.map((state) => state.name)).toEqual([...STATES]);
    expect(data.requestType.states[0].desc).toBe('Sample received');
    expect(data.requestType.externalServices).toEqual([{ id: setup.externalServiceId, externalServiceType: 'simple_unknown_sequencer' }]);
    expect(data.requestType.requestForm.id).toBe(setup.requestFormId);
  });

  it.each([
    ['xml_text', "Missing required parameter 'xml_text'."],
    ['request_form_id', "Missing required parameter 'request_form_id'."],
    ['sample_form_id', "Missing required parameter 'sample_form_id'."],
    ['external_service_id', "Missing required parameter 'external_service_id'."],
  ])('answers 400 text naming a missing %s', async (parameter, message) => {
    const res = await post({ [parameter]: undefined });
    expect(res.status).toBe(400);
    expect(res.body).toBe(message);
  });

  it.each([
    ['malformed XML', { xml_text: '<request_type name="x">' }, /^Invalid XML: malformed XML at line 1/],
    ['an external entity', { xml_text: '<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><request_type name="&x;"/>' }, /^Invalid XML: a document type declaration \(<!DOCTYPE>, entities\) is not accepted$/],
    ['20,000 nested elements', { xml_text: `<request_type name="x">${'<a>'.repeat(20000)}${'</a>'.repeat(20000)}</request_type>` }, /^Invalid XML: elements are nested more than 100 levels deep$/],
    ['an XML without a name', { xml_text: '<request_type><sample_states><state name="a"/></sample_states></request_type>' }, /^RequestType requires a name$/],
    ['an XML without sample states', { xml_text: '<request_type name="x"/>' }, /^RequestType requires at least one sample state/],
    ['a sample state without a name', { xml_text: '<request_type name="x"><sample_states><state/></sample_states></request_type>' }, /^SampleState requires a name$/],
    ['a malformed form id', { request_form_id: 'zz' }, /^Malformed form definition id \( zz \) specified, unable to decode\.$/],
    ['an unknown form id', { sample_form_id: UNKNOWN_ID }, new RegExp(`^Invalid form definition id \\( ${UNKNOWN_ID} \\) specified\\.$`)],
    ['an unknown external service', { external_service_id: UNKNOWN_ID }, new RegExp(`^Invalid external service id \\( ${UNKNOWN_ID} \\) specified\\.$`)],
    ['an unknown role', { role_ids: [UNKNOWN_ID] }, new RegExp(`^Invalid role id \\( ${UNKNOWN_ID} \\) specified\\.$`)],
    // Values that are not text are read as the platform prints them, never as their first item.
    ['an xml_text given as a list', { xml_text: [REQUEST_TYPE_XML] }, /^Invalid XML: /],
    ['a request_form_id given as a list', { request_form_id: ['FORM'] }, /^Malformed form definition id \( \[u'FORM'\] \) specified, unable to decode\.$/],
    ['a sample_form_id given as an object', { sample_form_id: { id: 'x' } }, /^Malformed form definition id \( \{u'id': u'x'\} \) specified, unable to decode\.$/],
    ['an external_service_id given as a list', { external_service_id: ['x'] }, /^Malformed external service id \( \[u'x'\] \) specified, unable to decode\.$/],
    ['a role id given as an object', { role_ids: [{ id: 'x' }] }, /^Malformed role id \( \{u'id': u'x'\} \) specified, unable to decode\.$/],
  ])('answers 400 text for %s', async (_case, fields, message) => {
    const res = await post(fields);
    expect(res.status).toBe(400);
    expect(typeof res.body).toBe('string');
    expect(res.body).toMatch(message);
  });

  it('answers 403 text to a non-administrator', async () => {
    const res = await post({}, alice.key);
    expect(res.status).toBe(403);
    expect(res.body).toBe('You are not authorized to create a new request type (external_service configuration).');
  });

  it('refuses anonymous callers (403001)', async () => {
    const res = await h.api.post('/api/request_types').send({ xml_text: REQUEST_TYPE_XML });
    expect(res.status).toBe(403);
    expect(res.body.err_code).toBe(403001);
  });

  it('takes role_ids as JSON text in a form post', async () => {
    const role = await createRole(h, 'form-posted', { users: [bob] });
    const res = await h.api.post('/api/request_types').type('form').send({
      key: h.admin.key,
      xml_text: REQUEST_TYPE_XML,
      request_form_id: setup.requestFormId,
      sample_form_id: setup.sampleFormId,
      external_service_id: setup.externalServiceId,
      role_ids: JSON.stringify([role.id]),
    });
    expect(res.status).toBe(200);
    expect(await listedIds(bob.key)).toContain(res.body[0].id);
    expect(await listedIds(carol.key)).not.toContain(res.body[0].id);
  });
});

describe('GET /api/request_types: filtered by the access roles', () => {
  it('lists an open type (no roles) to every user, with the collection keys and url', async () => {
    const open = await createRequestType(h, setup);
    for (const user of [alice, bob, carol]) expect(await listedIds(user.key)).toContain(open.id);
    const item = (await h.api.get('/api/request_types').query({ key: carol.key })).body.find((type: { id: string }) => type.id === open.id);
    expect(item).toEqual({ model_class: 'RequestType', id: open.id, name: 'Illumina run', desc: 'Sequencing on the Illumina', url: `/api/request_types/${open.id}` });
  });

  it('lists a restricted type to holders of its role, directly or through a group, and to no one else', async () => {
    const role = await createRole(h, 'sequencing-customers', { users: [alice] });
    await createGroup(h, 'customers-group', { users: [bob], roleIds: [role.id] });
    const restricted = await createRequestType(h, setup, [role.id]);
    expect(await listedIds(alice.key)).toContain(restricted.id);
    expect(await listedIds(bob.key)).toContain(restricted.id);
    expect(await listedIds(carol.key)).not.toContain(restricted.id);
    // As the platform, administrators see the types of the roles they hold.
    expect(await listedIds(h.admin.key)).not.toContain(restricted.id);
  });

  it('orders the types by name', async () => {
    const named = (name: string) => REQUEST_TYPE_XML.replace('name="Illumina run"', `name="${name}"`);
    await createRequestType(h, setup, [], named('zz last'));
    await createRequestType(h, setup, [], named('aa first'));
    const names = (await h.api.get('/api/request_types').query({ key: carol.key })).body.map((type: { name: string }) => type.name);
    expect(names).toEqual([...names].sort());
  });

  it('refuses anonymous callers (403001)', async () => {
    expect((await h.api.get('/api/request_types')).body.err_code).toBe(403001);
  });
});

describe('GET /api/request_types/{id}', () => {
  it('shows the element with its url', async () => {
    const type = await createRequestType(h, setup);
    const res = await h.api.get(`/api/request_types/${type.id}`).query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(type);
  });

  it('answers 400 text to a user without the role', async () => {
    const role = await createRole(h, 'show-role', { users: [alice] });
    const type = await createRequestType(h, setup, [role.id]);
    expect((await h.api.get(`/api/request_types/${type.id}`).query({ key: alice.key })).status).toBe(200);
    const res = await h.api.get(`/api/request_types/${type.id}`).query({ key: carol.key });
    expect(res.status).toBe(400);
    expect(res.body).toBe(`No permission to access request_type ( ${type.id} ).`);
  });

  it('answers 400 text for a malformed or an unknown id', async () => {
    const malformed = await h.api.get('/api/request_types/abc').query({ key: alice.key });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toBe('Malformed request type id ( abc ) specified, unable to decode.');
    const unknown = await h.api.get(`/api/request_types/${UNKNOWN_ID}`).query({ key: alice.key });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toBe(`Invalid request_type id ( ${UNKNOWN_ID} ) specified.`);
  });

  it('refuses anonymous callers (403001)', async () => {
    const type = await createRequestType(h, setup);
    expect((await h.api.get(`/api/request_types/${type.id}`)).body.err_code).toBe(403001);
  });
});

describe('GraphQL createExternalService', () => {
  it('creates an external service of a type for an administrator', async () => {
    const data = await graphqlOk<{ createExternalService: { id: string; name: string; version: string; externalServiceType: string } }>(
      h,
      h.admin.key,
      'mutation { createExternalService(input: {name: "HiSeq", version: "2500", externalServiceType: "simple_unknown_sequencer"}) { id name version externalServiceType } }',
    );
    expect(data.createExternalService).toEqual({ id: expect.stringMatching(ENCODED), name: 'HiSeq', version: '2500', externalServiceType: 'simple_unknown_sequencer' });
    const listed = await graphqlOk<{ externalServices: Array<{ id: string }> }>(h, h.admin.key, '{ externalServices { id } }');
    expect(listed.externalServices.map((service) => service.id)).toContain(data.createExternalService.id);
  });

  it('refuses a non-administrator and an empty name', async () => {
    const refused = await graphql(h, alice.key, 'mutation { createExternalService(input: {name: "x", externalServiceType: "t"}) { id } }');
    expect(refused.errors?.[0].extensions?.code).toBe('AdminRequiredException');
    const empty = await graphql(h, h.admin.key, 'mutation { createExternalService(input: {name: " ", externalServiceType: "t"}) { id } }');
    expect(empty.errors?.[0].extensions?.code).toBe('ObjectAttributeMissingException');
  });
});
