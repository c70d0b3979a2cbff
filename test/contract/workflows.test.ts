import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { MALFORMED_ID, UNKNOWN_ID } from '../support/history-helpers';
import { expectError, sql } from '../support/job-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { catHeadWorkflow, importWorkflow } from '../support/workflow-helpers';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let depotDir: string;

type Dict = Record<string, unknown>;

const ENCODED = /^[0-9a-f]{16}$/;
const ITEM_KEYS = ['deleted', 'id', 'latest_workflow_uuid', 'model_class', 'name', 'owner', 'published', 'tags', 'url'];

beforeAll(async () => {
  depotDir = mkdtempSync(join(tmpdir(), 'depot-tools-'));
  h = await startTestPlatform({ DEPOT_TOOL_DIR: depotDir });
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  carol = await h.newUser('carol');
});
afterAll(() => h.close());

const names = async (key: string, query: Dict = {}) => ((await h.api.get('/api/workflows').query({ key, ...query })).body as Dict[]).map((item) => item.name);

describe('POST /api/workflows with workflow (import)', () => {
  it('imports a .ga workflow sent as JSON text in a form, named "<name> (imported from API)", and answers its index item', async () => {
    const item = await importWorkflow(h, alice.key, catHeadWorkflow('test_import'));
    expect(Object.keys(item).sort()).toEqual(ITEM_KEYS);
    expect(item).toMatchObject({ model_class: 'StoredWorkflow', name: 'test_import (imported from API)', published: false, deleted: false, tags: [], owner: 'alice' });
    expect(item.id).toMatch(ENCODED);
    expect(item.url).toBe(`/api/workflows/${item.id}`);
    expect(item.latest_workflow_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await names(alice.key)).toContain('test_import (imported from API)');
  });

  it('takes the workflow as a JSON object too, and publish (which implies importable)', async () => {
    const res = await h.api.post('/api/workflows').send({ key: alice.key, workflow: catHeadWorkflow('published one'), publish: true });
    expect(res.status).toBe(200);
    expect(res.body.published).toBe(true);
    const sharing = await sql<{ importable: boolean; slug: string }>(h, 'select importable, slug from stored_workflow where name = ?', ['published one (imported from API)']);
    expect(sharing[0]).toEqual({ importable: true, slug: 'published-one-imported-from-api' });
  });

  it('needs exactly one way: none is 400007, several 400008', async () => {
    expectError(await h.api.post('/api/workflows').send({ key: alice.key }), 400, 400007);
    const res = await h.api.post('/api/workflows').type('form').send({ key: alice.key, shared_workflow_id: '1234567890abcdef', from_history_id: '1234567890abcdef' });
    expectError(res, 400, 400008);
    expect(res.body.err_msg).toBe('Only one parameter among - workflow_id, installed_repository_file, from_history_id, shared_workflow_id, workflow - must be specified');
  });

  it('refuses step uuids or labels used twice (400011) and text that is not a workflow (400008)', async () => {
    const twice = catHeadWorkflow('twice');
    const steps = twice.steps as Record<string, Dict>;
    const uuid = randomUUID();
    steps['0'].uuid = uuid;
    steps['1'].uuid = uuid;
    const res = await h.api.post('/api/workflows').send({ key: alice.key, workflow: twice });
    expectError(res, 400, 400011);
    expect(res.body.err_msg).toBe('Duplicate step UUID in request.');
    const labelled = catHeadWorkflow('labels');
    (labelled.steps as Record<string, Dict>)['0'].label = 'same';
    (labelled.steps as Record<string, Dict>)['2'].label = 'same';
    const labels = await h.api.post('/api/workflows').send({ key: alice.key, workflow: labelled });
    expectError(labels, 400, 400011);
    expect(labels.body.err_msg).toBe('Duplicated step label in request.');
    expectError(await h.api.post('/api/workflows').type('form').send({ key: alice.key, workflow: '{not json' }), 400, 400008);
    const bad = catHeadWorkflow('bad step');
    (bad.steps as Record<string, Dict>)['2'].input_connections = { input1: { id: 9, output_name: 'output' } };
    expectError(await h.api.post('/api/workflows').send({ key: alice.key, workflow: bad }), 400, 400008);
  });

  it('is for users: anonymous callers get 403001', async () => {
    expectError(await h.api.post('/api/workflows').send({ workflow: catHeadWorkflow('anon') }), 403, 403001);
  });
});

describe('POST /api/workflows/upload (deprecated import)', () => {
  it('imports like POST /api/workflows and answers the new workflow with its id', async () => {
    const res = await h.api.post('/api/workflows/upload').type('form').send({ key: alice.key, workflow: JSON.stringify(catHeadWorkflow('test_upload_deprecated')) });
    expect(res.status).toBe(200);
    expect(res.body.id).toMatch(ENCODED);
    expect(await names(alice.key)).toContain('test_upload_deprecated (imported from API)');
  });
});

describe('GET /api/workflows', () => {
  it("lists the caller's own, then workflows shared with them; others' private workflows never", async () => {
    const own = await importWorkflow(h, carol.key, catHeadWorkflow('carol own'));
    const bobs = await importWorkflow(h, bob.key, catHeadWorkflow('bob shares'));
    await importWorkflow(h, bob.key, catHeadWorkflow('bob private'));
    expect((await h.api.put(`/api/workflows/${bobs.id}/share_with_users`).query({ key: bob.key }).send({ user_ids: [carol.email] })).status).toBe(200);
    const res = await h.api.get('/api/workflows').query({ key: carol.key });
    expect(res.status).toBe(200);
    expect(res.body.map((item: Dict) => item.id)).toEqual([own.id, bobs.id]);
    expect(res.body[1].owner).toBe('bob');
  });

  it("adds everybody's published workflows with show_published, newest first among the caller's", async () => {
    const published = await importWorkflow(h, bob.key, catHeadWorkflow('bob published'), { publish: 'true' });
    expect(await names(carol.key)).not.toContain('bob published (imported from API)');
    const listed = (await h.api.get('/api/workflows').query({ key: carol.key, show_published: 'true' })).body as Dict[];
    expect(listed[0].id).toBe(published.id);
  });

  it('leaves deleted workflows out, and refuses anonymous callers', async () => {
    const gone = await importWorkflow(h, carol.key, catHeadWorkflow('carol gone'));
    await h.api.delete(`/api/workflows/${gone.id}`).query({ key: carol.key });
    expect(await names(carol.key)).not.toContain('carol gone (imported from API)');
    expectError(await h.api.get('/api/workflows'), 403, 403001);
  });

  it('costs a constant number of statements whatever the number of workflows', async () => {
    const dave = await h.newUser('dave');
    await importWorkflow(h, dave.key, catHeadWorkflow('one'));
    await h.warmKeys(dave.key);
    const few = h.queriesOf(await h.api.get('/api/workflows').query({ key: dave.key }));
    for (let i = 0; i < 5; i += 1) await importWorkflow(h, dave.key, catHeadWorkflow(`more ${i}`));
    const many = await h.api.get('/api/workflows').query({ key: dave.key });
    expect(many.body).toHaveLength(6);
    expect(h.queriesOf(many)).toBe(few);
  });
});

describe('GET /api/workflows/{id} (style instance)', () => {
  it('answers the item plus inputs and steps keyed by raw step ids, with input_steps by raw source step', async () => {
    const item = await importWorkflow(h, alice.key, catHeadWorkflow('shown'));
    const res = await h.api.get(`/api/workflows/${item.id}`).query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...ITEM_KEYS, 'annotation', 'inputs', 'steps'].sort());
    expect(res.body.annotation).toBe('joins two datasets and keeps the first lines');
    const stepIds = Object.keys(res.body.steps).map(Number).sort((a, b) => a - b);
    expect(stepIds).toHaveLength(4);
    const [first, second, cat, head] = stepIds;
    expect(res.body.inputs).toEqual({ [first]: { label: 'first', value: '' }, [second]: { label: 'second', value: '' } });
    expect(res.body.steps[cat]).toMatchObject({ id: cat, type: 'tool', tool_id: 'cat1', tool_version: '1.0.0' });
    expect(res.body.steps[cat].input_steps).toEqual({ input1: { source_step: first, step_output: 'output' }, 'queries_0|input2': { source_step: second, step_output: 'output' } });
    expect(res.body.steps[head].input_steps).toEqual({ input: { source_step: cat, step_output: 'out_file1' } });
    expect(res.body.steps[head].tool_inputs).toEqual({ input: 'null', lineNum: '"3"' });
  });

  it("gives a tool step's tool_inputs as the platform stores them: every top-level value JSON text, which clients decode one by one", async () => {
    // The tool state as the platform writes it in a .ga file: top-level values are JSON text, nested ones plain.
    const seedSource = '{"__current_case__": 1, "seed_source_selector": "set_seed", "seed": "abc"}';
    const queries = '[{"__index__": 0, "input2": null}]';
    const runtime = '{"__class__": "RuntimeValue"}';
    const ga = {
      a_galaxy_workflow: 'true',
      'format-version': '0.1',
      name: 'stored state',
      annotation: '',
      steps: {
        '0': { id: 0, type: 'data_input', tool_id: null, tool_version: null, annotation: '', tool_state: '{"name": "Input 1", "stray": 1}', input_connections: {}, position: null },
        '1': { id: 1, type: 'data_collection_input', tool_id: null, tool_version: null, annotation: 'the samples', tool_state: '{"collection_type": "list:paired", "name": "samples"}', input_connections: {}, position: null },
        '2': {
          id: 2, type: 'tool', tool_id: 'random_lines1', tool_version: '2.0.1', annotation: '', position: null,
          tool_state: JSON.stringify({ __page__: 0, num_lines: '"2"', input: 'null', seed_source: seedSource, __rerun_remap_job_id__: null }),
          input_connections: { input: { id: 0, output_name: 'output' } },
        },
        '3': {
          id: 3, type: 'tool', tool_id: 'cat1', tool_version: '1.0.0', annotation: '', position: null,
          tool_state: JSON.stringify({ __page__: 0, input1: runtime, queries, __rerun_remap_job_id__: null }),
          input_connections: { 'queries_0|input2': { id: 2, output_name: 'out_file1' } },
        },
        '4': {
          id: 4, type: 'tool', tool_id: 'toolshed.example.org/repos/someone/tools/not_here/1.0', tool_version: '1.0', annotation: '', position: null,
          tool_state: JSON.stringify({ __page__: 0, input: 'null' }),
          input_connections: { input: { id: 3, output_name: 'out_file1' } },
        },
      },
    };
    const item = await importWorkflow(h, alice.key, ga);
    const res = await h.api.get(`/api/workflows/${item.id}`).query({ key: alice.key });
    expect(res.status).toBe(200);
    const steps = Object.values(res.body.steps as Record<string, Dict>).sort((a, b) => (a.id as number) - (b.id as number));
    const [data, collection, random, cat, missing] = steps;
    // Input steps keep their plain state, and only the fields the platform keeps.
    expect(data).toMatchObject({ type: 'data_input', tool_id: null, tool_version: null, annotation: null, tool_inputs: { name: 'Input 1' } });
    expect(collection).toMatchObject({ type: 'data_collection_input', annotation: 'the samples', tool_inputs: { collection_type: 'list:paired', name: 'samples' } });
    // A connected data input is "null"; a conditional and a repeat are the JSON text of their whole tree
    // (the platform's json.dumps text; the order of keys inside it is not kept, as on the platform).
    expect(random).toMatchObject({ tool_id: 'random_lines1', tool_version: '2.0.1', annotation: null });
    const decode = (inputs: unknown) => Object.fromEntries(Object.entries(inputs as Record<string, string>).map(([key, text]) => [key, JSON.parse(text)]));
    expect(Object.keys(random.tool_inputs as Dict).sort()).toEqual(['input', 'num_lines', 'seed_source']);
    expect(decode(random.tool_inputs)).toEqual({ num_lines: '2', input: null, seed_source: JSON.parse(seedSource) });
    expect((random.tool_inputs as Dict).input).toBe('null');
    expect((random.tool_inputs as Dict).num_lines).toBe('"2"');
    // A runtime value keeps the platform's marker, in the platform's JSON text.
    expect((cat.tool_inputs as Dict).input1).toBe(runtime);
    expect(decode(cat.tool_inputs)).toEqual({ input1: JSON.parse(runtime), queries: JSON.parse(queries) });
    // A tool that is not installed has no stored state.
    expect(missing.tool_inputs).toBeNull();
  });

  it('refuses others (403002 with the platform message) unless shared, importable or an administrator asks', async () => {
    const item = await importWorkflow(h, alice.key, catHeadWorkflow('not importable'));
    const refused = await h.api.get(`/api/workflows/${item.id}`).query({ key: bob.key });
    expectError(refused, 403, 403002);
    expect(refused.body.err_msg).toBe('Workflow is neither importable, nor owned by or shared with current user');
    expect((await h.api.get(`/api/workflows/${item.id}`).query({ key: h.admin.key })).status).toBe(200);
    expect((await h.api.put(`/api/workflows/${item.id}/enable_link_access`).query({ key: alice.key })).body.importable).toBe(true);
    expect((await h.api.get(`/api/workflows/${item.id}`).query({ key: bob.key })).status).toBe(200);
  });

  it('answers a malformed id with 400009 and an unknown one with 404001', async () => {
    expectError(await h.api.get(`/api/workflows/${MALFORMED_ID}`).query({ key: alice.key }), 400, 400009);
    expectError(await h.api.get(`/api/workflows/${UNKNOWN_ID}`).query({ key: alice.key }), 404, 404001);
  });
});

describe('GET /api/workflows/{id}/download', () => {
  it('exports the .ga format by default; re-importing the export gives the same workflow', async () => {
    const original = catHeadWorkflow('round trip', { renameTo: 'first lines' });
    const item = await importWorkflow(h, alice.key, original);
    const exported = (await h.api.get(`/api/workflows/${item.id}/download`).query({ key: alice.key })).body;
    expect(exported).toMatchObject({ a_galaxy_workflow: 'true', 'format-version': '0.1', name: 'round trip (imported from API)', annotation: 'joins two datasets and keeps the first lines' });
    expect(Object.keys(exported.steps)).toEqual(['0', '1', '2', '3']);
    const first = exported.steps['0'];
    expect(first.inputs).toEqual([{ name: 'first', description: 'the first dataset' }]);
    expect(JSON.parse(first.tool_state)).toEqual({ name: 'first' });
    const cat = exported.steps['2'];
    for (const key of ['id', 'type', 'tool_id', 'tool_version', 'name', 'tool_state', 'tool_errors', 'annotation', 'inputs', 'workflow_outputs', 'outputs', 'post_job_actions', 'uuid', 'input_connections', 'position']) {
      expect(cat).toHaveProperty(key);
    }
    expect(cat.input_connections).toEqual({ input1: { id: 0, output_name: 'output' }, 'queries_0|input2': { id: 1, output_name: 'output' } });
    expect(cat.outputs).toEqual([{ name: 'out_file1', type: 'input' }]);
    const state = JSON.parse(cat.tool_state);
    expect(state.__page__).toBe(0);
    expect(JSON.parse(state.queries)).toEqual([{ input2: null, __index__: 0 }]);
    expect(Object.values(exported.steps['3'].post_job_actions)).toEqual([{ action_type: 'RenameDatasetAction', output_name: 'out_file1', action_arguments: { newname: 'first lines' } }]);

    const again = await importWorkflow(h, alice.key, exported);
    const reexported = (await h.api.get(`/api/workflows/${again.id}/download`).query({ key: alice.key })).body;
    expect({ ...reexported, name: null, uuid: null }).toEqual({ ...exported, name: null, uuid: null });
  });

  it('answers the editor style and the legacy path /api/workflows/download/{id}', async () => {
    const item = await importWorkflow(h, alice.key, catHeadWorkflow('editor'));
    const editor = (await h.api.get(`/api/workflows/${item.id}/download`).query({ key: alice.key, style: 'editor' })).body;
    expect(Object.keys(editor).sort()).toEqual(['name', 'steps', 'upgrade_messages']);
    for (const step of Object.values(editor.steps) as Dict[]) {
      for (const key of ['id', 'type', 'tool_id', 'name', 'tool_state', 'tooltip', 'tool_errors', 'data_inputs', 'data_outputs', 'form_html', 'annotation', 'post_job_actions', 'workflow_outputs', 'uuid', 'label']) {
        expect(step).toHaveProperty(key);
      }
    }
    expect(editor.steps['2'].data_inputs.map((input: Dict) => input.name)).toEqual(['input1', 'queries_0|input2']);
    const legacy = await h.api.get(`/api/workflows/download/${item.id}`).query({ key: alice.key });
    expect(legacy.status).toBe(200);
    expect(legacy.body.a_galaxy_workflow).toBe('true');
  });

  it('imports a workflow naming a tool that is not installed, but refuses its export with MessageException', async () => {
    const missing = catHeadWorkflow('missing tool');
    (missing.steps as Record<string, Dict>)['3'].tool_id = 'toolshed.example.org/repos/someone/tools/not_here/1.0';
    const item = await importWorkflow(h, alice.key, missing);
    expect((await h.api.get(`/api/workflows/${item.id}`).query({ key: alice.key })).status).toBe(200);
    const res = await h.api.get(`/api/workflows/${item.id}/download`).query({ key: alice.key });
    expectError(res, 400, 0);
    expect(res.body.err_msg).toBe('Workflow cannot be exported due to missing tools.');
  });

  it('is refused to users the workflow is neither shared with nor importable for', async () => {
    const item = await importWorkflow(h, alice.key, catHeadWorkflow('private export'));
    const res = await h.api.get(`/api/workflows/${item.id}/download`).query({ key: bob.key });
    expectError(res, 403, 403002);
    expect(res.body.err_msg).toBe('Workflow is not owned by or shared with current user');
  });
});

describe('PUT /api/workflows/{id}', () => {
  it('replaces the contents with a new version, keeping step uuids and labels as given', async () => {
    const original = catHeadWorkflow('to update');
    const steps = original.steps as Record<string, Dict>;
    for (const [index, step] of Object.entries(steps)) Object.assign(step, { uuid: randomUUID(), label: `label_${index}` });
    const item = await importWorkflow(h, alice.key, original);
    for (const step of Object.values(steps)) step.position = { top: 1, left: 1 };
    const res = await h.api.put(`/api/workflows/${item.id}`).query({ key: alice.key }).send({ workflow: original });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(item.id);
    const exported = (await h.api.get(`/api/workflows/${item.id}/download`).query({ key: alice.key })).body;
    for (const [index, step] of Object.entries(exported.steps as Record<string, Dict>)) {
      expect(step.uuid).toBe(steps[index].uuid);
      expect(step.label).toBe(`label_${index}`);
      expect(step.position).toEqual({ top: 1, left: 1 });
    }
    const versions = await sql<{ count: string }>(h, 'select count(*) from workflow where stored_workflow_id = ?', [h.platform.services.ids.decode(item.id)]);
    expect(Number(versions[0].count)).toBe(2);
  });

  it('reads a JSON body sent without a Content-Type, as real clients send it', async () => {
    const item = await importWorkflow(h, alice.key, catHeadWorkflow('no content type'));
    const res = await h.api.put(`/api/workflows/${item.id}?key=${alice.key}`).set('Content-Type', '').send(Buffer.from(JSON.stringify({ workflow: catHeadWorkflow('no content type', { lines: 5 }) })));
    expect(res.status).toBe(200);
  });

  it("makes a new version with a fresh uuid, keeping the stored workflow's name, annotation and tags", async () => {
    const item = await importWorkflow(h, alice.key, { ...catHeadWorkflow('kept name'), tags: ['group:keep'] });
    const before = (await h.api.get(`/api/workflows/${item.id}`).query({ key: alice.key })).body;
    const downloaded = (await h.api.get(`/api/workflows/${item.id}/download`).query({ key: alice.key })).body;
    expect(downloaded.uuid).toBe(before.latest_workflow_uuid);
    const edited = { ...downloaded, name: 'renamed by the dict', annotation: 'annotated by the dict', tags: ['other'] };
    (edited.steps['3'] as Dict).tool_state = JSON.stringify({ __page__: 0, input: 'null', lineNum: '"7"' });
    const res = await h.api.put(`/api/workflows/${item.id}`).query({ key: alice.key }).send({ workflow: edited });
    expect(res.status).toBe(200);
    expect(res.body.latest_workflow_uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(res.body.latest_workflow_uuid).not.toBe(before.latest_workflow_uuid);
    expect(res.body).toMatchObject({ name: 'kept name (imported from API)', annotation: before.annotation, tags: ['group:keep'] });
    const head = Object.values(res.body.steps as Record<string, Dict>).find((step) => step.tool_id === 'Show beginning1');
    expect((head?.tool_inputs as Dict).lineNum).toBe('"7"');
    const versions = await sql<{ name: string; uuid: string }>(h, 'select name, uuid::text as uuid from workflow where stored_workflow_id = ? order by id', [h.platform.services.ids.decode(item.id)]);
    expect(versions.map((version) => version.name)).toEqual(['kept name (imported from API)', 'kept name (imported from API)']);
    expect(versions.map((version) => version.uuid)).toEqual([before.latest_workflow_uuid, res.body.latest_workflow_uuid]);
    // Updating again with the same dict makes yet another version with its own uuid.
    const again = await h.api.put(`/api/workflows/${item.id}`).query({ key: alice.key }).send({ workflow: edited });
    expect(again.body.latest_workflow_uuid).not.toBe(res.body.latest_workflow_uuid);
  });

  it("needs the workflow key (400008 with the platform's message) and the owner (403003)", async () => {
    const item = await importWorkflow(h, alice.key, catHeadWorkflow('owned'));
    const missing = await h.api.put(`/api/workflows/${item.id}`).query({ key: alice.key }).send({});
    expectError(missing, 400, 400008);
    expect(missing.body.err_msg).toBe("Updating workflow requires dictionary containing 'workflow' attribute with new JSON description.");
    expectError(await h.api.put(`/api/workflows/${item.id}`).query({ key: bob.key }).send({ workflow: catHeadWorkflow('taken') }), 403, 403003);
  });
});

describe('DELETE /api/workflows/{id}', () => {
  it("marks it deleted and answers the platform's message; the owner or an administrator may", async () => {
    const item = await importWorkflow(h, alice.key, catHeadWorkflow('test_delete'));
    const res = await h.api.delete(`/api/workflows/${item.id}`).query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.body).toBe("Workflow 'test_delete (imported from API)' successfully deleted");
    expect(await names(alice.key)).not.toContain('test_delete (imported from API)');
    const other = await importWorkflow(h, alice.key, catHeadWorkflow('admin deletes'));
    expect((await h.api.delete(`/api/workflows/${other.id}`).query({ key: h.admin.key })).status).toBe(200);
  });

  it('answers 403 text to others and 400 text for an id that names no workflow', async () => {
    const item = await importWorkflow(h, alice.key, catHeadWorkflow('test_other_delete'));
    const other = await h.api.delete(`/api/workflows/${item.id}`).query({ key: bob.key });
    expect(other.status).toBe(403);
    expect(other.body).toBe('Workflow is not owned by current user');
    const unknown = await h.api.delete(`/api/workflows/${UNKNOWN_ID}`).query({ key: alice.key });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatch(new RegExp(`^Workflow with ID='${UNKNOWN_ID}' can not be found\\n Exception: `));
    expect((await h.api.delete(`/api/workflows/${MALFORMED_ID}`).query({ key: alice.key })).status).toBe(400);
  });
});

describe('importing a shared workflow (shared_workflow_id, POST /api/workflows/import)', () => {
  it('copies a published workflow as "imported: <name>"', async () => {
    const published = await importWorkflow(h, alice.key, catHeadWorkflow('test_import_published'), { publish: 'true' });
    const res = await h.api.post('/api/workflows').type('form').send({ key: bob.key, shared_workflow_id: published.id });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('imported: test_import_published (imported from API)');
    expect(res.body.owner).toBe('bob');
    const legacy = await h.api.post('/api/workflows/import').type('form').send({ key: carol.key, workflow_id: published.id });
    expect(legacy.status).toBe(200);
    expect(await names(carol.key)).toContain('imported: test_import_published (imported from API)');
  });

  it('refuses a workflow that is not importable (403) and a deleted one (400)', async () => {
    const item = await importWorkflow(h, alice.key, catHeadWorkflow('test_not_importable'));
    const res = await h.api.post('/api/workflows').send({ key: bob.key, shared_workflow_id: item.id });
    expectError(res, 403, 403002);
    expect(res.body.err_msg).toBe('The owner of this workflow has disabled imports via this link.');
    const gone = await importWorkflow(h, alice.key, catHeadWorkflow('gone'), { publish: 'true' });
    await h.api.delete(`/api/workflows/${gone.id}`).query({ key: alice.key });
    expectError(await h.api.post('/api/workflows').send({ key: bob.key, shared_workflow_id: gone.id }), 400, 0);
  });
});

describe('POST /api/workflows with installed_repository_file', () => {
  it('imports a .ga file below the installed repositories directory, for administrators only', async () => {
    const dir = join(depotDir, 'example.org', 'repos', 'owner', 'wf');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'workflow.ga'), JSON.stringify(catHeadWorkflow('from a repository')));
    const res = await h.api.post('/api/workflows').send({ key: h.admin.key, installed_repository_file: join(dir, 'workflow.ga') });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('from a repository (imported from API)');
    expectError(await h.api.post('/api/workflows').send({ key: alice.key, installed_repository_file: join(dir, 'workflow.ga') }), 403, 403006);
  });

  it('refuses any other path, .. included', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'outside-'));
    writeFileSync(join(outside, 'x.ga'), JSON.stringify(catHeadWorkflow('outside')));
    for (const path of [join(outside, 'x.ga'), join(depotDir, '..', 'x.ga'), join(depotDir, 'nothing.ga')]) {
      const res = await h.api.post('/api/workflows').send({ key: h.admin.key, installed_repository_file: path });
      expectError(res, 400, 400008);
    }
  });
});

describe('POST /api/workflows/build_module', () => {
  it("answers the editor's model of a tool step with the given state", async () => {
    const res = await h.api.post('/api/workflows/build_module').send({ key: alice.key, tool_id: 'Show beginning1', inputs: { lineNum: '7' } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['annotation', 'data_inputs', 'data_outputs', 'form_html', 'post_job_actions', 'tool_errors', 'tool_model', 'tool_state'].sort());
    expect(res.body.annotation).toBe('');
    expect(JSON.parse(JSON.parse(res.body.tool_state).lineNum)).toBe('7');
    expect(res.body.data_inputs).toEqual([{ name: 'input', label: 'from', multiple: false, extensions: ['txt'], input_type: 'dataset' }]);
    expect(res.body.data_outputs).toEqual([{ name: 'out_file1', extensions: ['input'] }]);
    expect(res.body.tool_model.id).toBe('Show beginning1');
  });

  it('answers ObjectNotFound for an unknown tool', async () => {
    expectError(await h.api.post('/api/workflows/build_module').send({ key: alice.key, tool_id: 'no_such_tool' }), 404, 404001);
  });
});

describe('workflows in GraphQL', () => {
  const graph = (key: string, query: string, variables: Dict = {}) => h.api.post('/graphql').set('x-api-key', key).send({ query, variables });

  it('reads the steps of every listed workflow in one statement, whatever their number', async () => {
    const erin = await h.newUser('erin');
    const query = '{ workflows { id name owner steps { orderIndex type toolId inputConnections { inputName stepIndex outputName } } } }';
    await importWorkflow(h, erin.key, catHeadWorkflow('g1'));
    await importWorkflow(h, erin.key, catHeadWorkflow('g2'));
    await h.warmKeys(erin.key);
    const two = await graph(erin.key, query);
    expect(two.body.data.workflows).toHaveLength(2);
    for (let i = 0; i < 6; i += 1) await importWorkflow(h, erin.key, catHeadWorkflow(`g${i + 3}`));
    const eight = await graph(erin.key, query);
    expect(eight.body.data.workflows).toHaveLength(8);
    expect(eight.body.data.workflows[0].steps[2].inputConnections).toEqual([
      { inputName: 'input1', stepIndex: 0, outputName: 'output' },
      { inputName: 'queries_0|input2', stepIndex: 1, outputName: 'output' },
    ]);
    expect(h.queriesOf(eight)).toBe(h.queriesOf(two));
  });

  it('lists the versions an update adds, oldest first, in one statement for a whole listing', async () => {
    const gina = await h.newUser('gina');
    const first = await importWorkflow(h, gina.key, catHeadWorkflow('versioned'));
    await importWorkflow(h, gina.key, catHeadWorkflow('other'));
    await h.api.put(`/api/workflows/${first.id}`).query({ key: gina.key }).send({ workflow: catHeadWorkflow('versioned', { lines: 9 }) });
    await h.warmKeys(gina.key);
    const query = '{ workflows { id latestWorkflowUuid versions { id uuid stepCount createTime } } }';
    const res = await graph(gina.key, query);
    const versioned = res.body.data.workflows.find((item: Dict) => item.id === first.id);
    expect(versioned.versions).toHaveLength(2);
    expect(versioned.versions.map((version: Dict) => version.stepCount)).toEqual([4, 4]);
    expect(versioned.versions[1].uuid).toBe(versioned.latestWorkflowUuid);
    await importWorkflow(h, gina.key, catHeadWorkflow('third'));
    expect(h.queriesOf(await graph(gina.key, query))).toBe(h.queriesOf(res));
  });

  it('exports through workflowDocument and refuses what the REST routes refuse, with the same kinds', async () => {
    const item = await importWorkflow(h, alice.key, catHeadWorkflow('graph export'));
    const exported = await graph(alice.key, 'query ($id: ID!) { workflowDocument(id: $id) }', { id: item.id });
    expect(exported.body.data.workflowDocument['format-version']).toBe('0.1');
    const refused = await graph(bob.key, 'query ($id: ID!) { workflow(id: $id) { id } }', { id: item.id });
    expect(refused.body.errors[0].extensions.code).toBe('ItemAccessibilityException');
  });
});

describe('GET /api/workflows/{id}/download?style=instance', () => {
  it("answers show's dictionary; an unknown style is 400008", async () => {
    const item = await importWorkflow(h, alice.key, catHeadWorkflow('instance style'));
    const res = await h.api.get(`/api/workflows/${item.id}/download`).query({ key: alice.key, style: 'instance' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual((await h.api.get(`/api/workflows/${item.id}`).query({ key: alice.key })).body);
    expectError(await h.api.get(`/api/workflows/${item.id}/download`).query({ key: alice.key, style: 'legacy' }), 400, 400008);
  });
});

describe('bad workflow inputs', () => {
  it('are refused with a 4xx of the catalogue, never a 500', async () => {
    const item = await importWorkflow(h, alice.key, catHeadWorkflow('target of bad inputs'));
    const bad = (mutate: (workflow: Dict) => void) => {
      const workflow = catHeadWorkflow('bad');
      mutate(workflow);
      return workflow;
    };
    const steps = (workflow: Dict) => workflow.steps as Record<string, Dict>;
    const requests: Array<[string, string, Dict]> = [
      ['post', '/api/workflows', { workflow: 'null' }],
      ['post', '/api/workflows', { workflow: [1, 2] }],
      ['post', '/api/workflows', { workflow: bad((w) => (w.steps = 'nope')) }],
      ['post', '/api/workflows', { workflow: bad((w) => (steps(w)['2'].tool_state = '{broken')) }],
      ['post', '/api/workflows', { workflow: bad((w) => (steps(w)['2'].type = 'subworkflow')) }],
      ['post', '/api/workflows', { workflow: bad((w) => (steps(w)['2'].post_job_actions = 'x')) }],
      ['post', '/api/workflows', { workflow: bad((w) => (steps(w)['2'].input_connections = { input1: { output_name: 'output' } })) }],
      ['post', '/api/workflows', { workflow: bad((w) => (steps(w)['0'].uuid = 'not-a-uuid')) }],
      ['post', '/api/workflows', { workflow_id: MALFORMED_ID }],
      ['post', '/api/workflows', { workflow_id: item.id, ds_map: '[not json' }],
      ['post', '/api/workflows', { workflow_id: item.id, inputs: { 0: { src: 'hda', id: MALFORMED_ID }, 1: { src: 'hda', id: UNKNOWN_ID } } }],
      ['post', '/api/workflows', { workflow_id: item.id, inputs: { 0: 'x', 1: 7 } }],
      ['post', '/api/workflows', { workflow_id: item.id, inputs: {}, inputs_by: 'colour' }],
      ['post', '/api/workflows', { workflow_id: item.id, parameters: '{x' }],
      ['post', '/api/workflows', { workflow_id: item.id, history: 'hist_id=zzz' }],
      ['post', '/api/workflows', { from_history_id: MALFORMED_ID, workflow_name: 'x' }],
      ['post', '/api/workflows', { from_history_id: item.id, workflow_name: 'x', dataset_ids: 'abc' }],
      ['post', '/api/workflows', { shared_workflow_id: MALFORMED_ID }],
      ['post', `/api/workflows/${item.id}/invocations`, { inputs: 'nope' }],
      ['get', `/api/workflows/${item.id}/invocations/${MALFORMED_ID}`, {}],
      ['get', `/api/workflows/${item.id}/invocations/${UNKNOWN_ID}`, {}],
      ['put', `/api/workflows/${item.id}`, { workflow: { steps: { 0: 'x' } } }],
      ['post', '/api/workflows/build_module', { tool_id: 'cat1', inputs: 'not an object' }],
    ];
    for (const [method, path, body] of requests) {
      const res = await h.api[method as 'post'](path).query({ key: alice.key }).send(body);
      // A 4xx of the catalogue: its platform error code (e.g. 400008), whose leading digits are the
      // status, or MessageException's 0 with 400, as the platform answers it.
      const code = (res.body as { err_code?: unknown }).err_code;
      const catalogued = res.status >= 400 && res.status < 500 && typeof code === 'number' && (Math.floor(code / 1000) === res.status || (code === 0 && res.status === 400));
      if (!catalogued) throw new Error(`${method} ${path} ${JSON.stringify(body).slice(0, 120)}: ${res.status} ${JSON.stringify(res.body)}`);
    }
  });
});
