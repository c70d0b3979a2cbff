import { UNKNOWN_ID } from '../support/job-helpers';
import { createForm, graphql, graphqlOk, REQUEST_FORM_XML } from '../support/sample-tracking-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

let h: TestPlatform;
let alice: TestUser;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
});
afterAll(() => h.close());

const ENCODED = /^[0-9a-f]{16}$/;

/** Every field kind of the XML form description, once. */
const ALL_FIELDS_XML = `<?xml version="1.0"?>
<form name="Everything" description="All field kinds" type="sample">
  <layout><grid name="Left"/><grid name="Right"/></layout>
  <fields>
    <field type="text" name="t" label="Text" required="true" helptext="Some text" value="x" layout="Right"/>
    <field type="text" name="ta" area="true"/>
    <field type="select" name="s" label="Select"><option value="a"/><option value="b"/></field>
    <field type="select" name="c" label="Checks" checkboxes="true"><option value="yes"/></field>
    <field type="password" name="p"/>
    <field type="address" name="addr" label="Address"/>
    <field type="workflow" name="wf"/>
    <field type="workflowmapping" name="wfm"/>
    <field type="history" name="hist" visible="false"/>
  </fields>
</form>`;

const postForm = (xml: string | undefined, key = h.admin.key) => h.api.post('/api/forms').send(xml === undefined ? { key } : { key, xml_text: xml });

describe('POST /api/forms', () => {
  it('creates a form from the XML form description and answers a list with its element', async () => {
    const res = await postForm(ALL_FIELDS_XML);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    const form = res.body[0];
    expect(Object.keys(form).sort()).toEqual(['desc', 'fields', 'form_definition_current_id', 'id', 'layout', 'model_class', 'name', 'url']);
    expect(form).toMatchObject({
      model_class: 'FormDefinition',
      id: expect.stringMatching(ENCODED),
      form_definition_current_id: expect.stringMatching(ENCODED),
      name: 'Everything',
      desc: 'All field kinds',
      layout: ['Left', 'Right'],
      url: `/api/forms/${form.id}`,
    });
    expect(form.fields.map((field: { type: string }) => field.type)).toEqual([
      'TextField',
      'TextArea',
      'SelectField',
      'CheckboxField',
      'PasswordField',
      'AddressField',
      'WorkflowField',
      'WorkflowMappingField',
      'HistoryField',
    ]);
    expect(form.fields[0]).toEqual({ name: 't', label: 'Text', required: 'required', helptext: 'Some text', default: 'x', visible: true, layout: '1', type: 'TextField' });
    // The label defaults to the name; optional, empty help and default, no grid.
    expect(form.fields[1]).toEqual({ name: 'ta', label: 'ta', required: 'optional', helptext: '', default: '', visible: true, layout: null, type: 'TextArea' });
    expect(form.fields[2].selectlist).toEqual(['a', 'b']);
    expect(form.fields[3].selectlist).toEqual(['yes']);
    expect(form.fields[8].visible).toBe(false);
    expect(form.fields[4]).not.toHaveProperty('selectlist');
  });

  it('accepts a form-encoded post, as the platform API tests send', async () => {
    const res = await h.api.post('/api/forms').type('form').send({ key: h.admin.key, xml_text: REQUEST_FORM_XML });
    expect(res.status).toBe(200);
    expect(res.body[0].name).toBe('Sequencing request');
  });

  it.each([
    ['xml_text is missing', undefined, "Missing required parameter 'xml_text'."],
    ['the form has no name', '<form type="request"><fields/></form>', 'FormDefinition requires a name'],
    ['the form type is unknown', '<form name="x" type="nonsense"/>', "Invalid FormDefinition type ( nonsense not in ['request', 'sample', 'external_service', 'run_details_template', 'library_info_template', 'user_info'] )"],
    ['the form type is missing', '<form name="x"/>', "Invalid FormDefinition type ( None not in ['request', 'sample', 'external_service', 'run_details_template', 'library_info_template', 'user_info'] )"],
    ['a field type is unknown', '<form name="x" type="sample"><fields><field type="slider" name="a"/></fields></form>', 'Invalid form field type ( slider ).'],
    ['a field has no name', '<form name="x" type="sample"><fields><field type="text"/></fields></form>', 'Must provide a name'],
    ['a select option has no value', '<form name="x" type="sample"><fields><field type="select" name="s"><option/></field></fields></form>', 'Must provide a "value" for a select option'],
    ['two grids share a name', '<form name="x" type="sample"><layout><grid name="a"/><grid name="a"/></layout></form>', 'Layout grid element requires a unique name.'],
    ['a field names an unknown grid', '<form name="x" type="sample"><layout><grid name="a"/></layout><fields><field type="text" name="t" layout="b"/></fields></form>', "Invalid layout specified: b not in ['a']"],
  ])('answers 400 text when %s', async (_case, xml, message) => {
    const res = await postForm(xml);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toBe(message);
  });

  it('answers 400 text naming where malformed XML breaks', async () => {
    const res = await postForm('<form name="x" type="request"><fields></form>');
    expect(res.status).toBe(400);
    expect(typeof res.body).toBe('string');
    expect(res.body).toMatch(/^Invalid XML: malformed XML at line 1, column \d+: /);
  });

  it('answers 400 text for a document type declaration (an external or internal entity), reading nothing', async () => {
    const external = await postForm('<?xml version="1.0"?><!DOCTYPE form [<!ENTITY x SYSTEM "file:///etc/passwd">]><form name="&x;" type="request"/>');
    expect([external.status, external.body]).toEqual([400, 'Invalid XML: a document type declaration (<!DOCTYPE>, entities) is not accepted']);
    const internal = await postForm('<!DOCTYPE form [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><form name="&b;" type="request"/>');
    expect([internal.status, internal.body]).toEqual([400, 'Invalid XML: a document type declaration (<!DOCTYPE>, entities) is not accepted']);
  });

  it('answers 400 text for 20,000 nested elements', async () => {
    const res = await postForm(`<form name="deep" type="request">${'<a>'.repeat(20000)}${'</a>'.repeat(20000)}</form>`);
    expect([res.status, res.body]).toEqual([400, 'Invalid XML: elements are nested more than 100 levels deep']);
  });

  it('answers 400 text for text that is not XML at all', async () => {
    const res = await postForm('just some words');
    expect(res.status).toBe(400);
    expect(res.body).toMatch(/^Invalid XML: /);
  });

  it('reads an xml_text that is not text as the platform prints it: a list is invalid XML (400 text), never its first item', async () => {
    for (const xmlText of [[REQUEST_FORM_XML], { form: REQUEST_FORM_XML }, 5, true]) {
      const res = await h.api.post('/api/forms').send({ key: h.admin.key, xml_text: xmlText });
      expect(res.status).toBe(400);
      expect(res.body).toMatch(/^Invalid XML: /);
    }
  });

  it('answers 403 text to a non-administrator', async () => {
    const res = await postForm(REQUEST_FORM_XML, alice.key);
    expect(res.status).toBe(403);
    expect(res.body).toBe('You are not authorized to create a new form.');
  });

  it('refuses anonymous callers (403001)', async () => {
    const res = await h.api.post('/api/forms').send({ xml_text: REQUEST_FORM_XML });
    expect(res.status).toBe(403);
    expect(res.body.err_code).toBe(403001);
  });
});

describe('GET /api/forms', () => {
  it('lists every form to an administrator: model_class, id, name, url', async () => {
    const form = await createForm(h, REQUEST_FORM_XML);
    const res = await h.api.get('/api/forms').query({ key: h.admin.key });
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({ model_class: 'FormDefinition', id: form.id, name: 'Sequencing request', url: `/api/forms/${form.id}` });
    for (const item of res.body) expect(Object.keys(item).sort()).toEqual(['id', 'model_class', 'name', 'url']);
  });

  it('answers 403 text to a non-administrator', async () => {
    const res = await h.api.get('/api/forms').query({ key: alice.key });
    expect(res.status).toBe(403);
    expect(res.body).toBe('You are not authorized to view the list of forms.');
  });

  it('refuses anonymous callers (403001)', async () => {
    const res = await h.api.get('/api/forms');
    expect(res.status).toBe(403);
    expect(res.body.err_code).toBe(403001);
  });
});

describe('GET /api/forms/{id}', () => {
  it('shows the form element with its url to an administrator', async () => {
    const form = await createForm(h, REQUEST_FORM_XML);
    const res = await h.api.get(`/api/forms/${form.id}`).query({ key: h.admin.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(form);
  });

  it('answers 400 text for a malformed id', async () => {
    const res = await h.api.get('/api/forms/not-an-id').query({ key: h.admin.key });
    expect(res.status).toBe(400);
    expect(res.body).toBe('Malformed form definition id ( not-an-id ) specified, unable to decode.');
  });

  it('answers 400 text for an unknown id', async () => {
    const res = await h.api.get(`/api/forms/${UNKNOWN_ID}`).query({ key: h.admin.key });
    expect(res.status).toBe(400);
    expect(res.body).toBe(`Invalid form definition id ( ${UNKNOWN_ID} ) specified.`);
  });

  it('answers a non-administrator as for an unknown form (400 text), as the platform does', async () => {
    const form = await createForm(h, REQUEST_FORM_XML);
    const res = await h.api.get(`/api/forms/${form.id}`).query({ key: alice.key });
    expect(res.status).toBe(400);
    expect(res.body).toBe(`Invalid form definition id ( ${form.id} ) specified.`);
  });

  it('refuses anonymous callers (403001)', async () => {
    const form = await createForm(h, REQUEST_FORM_XML);
    expect((await h.api.get(`/api/forms/${form.id}`)).body.err_code).toBe(403001);
  });
});

describe('form versions (GraphQL editForm)', () => {
  it('adds a version under the same form_definition_current_id; the newest is the current one', async () => {
    const first = await createForm(h, REQUEST_FORM_XML);
    const edited = REQUEST_FORM_XML.replace('name="Sequencing request"', 'name="Sequencing request v2"');
    const data = await graphqlOk<{ editForm: { id: string; name: string; formDefinitionCurrentId: string; latestFormId: string } }>(
      h,
      h.admin.key,
      'mutation ($id: ID!, $xml: String) { editForm(id: $id, xmlText: $xml) { id name formDefinitionCurrentId latestFormId } }',
      { id: first.id, xml: edited },
    );
    const second = data.editForm;
    expect(second.id).not.toBe(first.id);
    expect(second).toMatchObject({ name: 'Sequencing request v2', formDefinitionCurrentId: first.form_definition_current_id, latestFormId: second.id });

    const shown = await h.api.get(`/api/forms/${second.id}`).query({ key: h.admin.key });
    expect(shown.body.form_definition_current_id).toBe(first.form_definition_current_id);
    const listed = (await h.api.get('/api/forms').query({ key: h.admin.key })).body.map((form: { id: string }) => form.id);
    expect(listed).toEqual(expect.arrayContaining([first.id, second.id]));

    const versions = await graphqlOk<{ form: { latestFormId: string; versions: Array<{ id: string }> } }>(
      h,
      h.admin.key,
      'query ($id: ID!) { form(id: $id) { latestFormId versions { id } } }',
      { id: first.id },
    );
    expect(versions.form.latestFormId).toBe(second.id);
    expect(versions.form.versions.map((version) => version.id)).toEqual([first.id, second.id]);
  });

  it('refuses a non-administrator', async () => {
    const form = await createForm(h, REQUEST_FORM_XML);
    const answer = await graphql(h, alice.key, 'mutation ($id: ID!) { editForm(id: $id, xmlText: "<form/>") { id } }', { id: form.id });
    expect(answer.errors?.[0].extensions?.code).toBe('AdminRequiredException');
  });
});
