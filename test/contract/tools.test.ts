import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { createHistory, runTool, uploadText, waitForJob } from '../support/data-helpers';
import { expectError, UNKNOWN_ID } from '../support/job-helpers';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let historyId: string;
let text: string;

const BUILTINS = ['upload1', 'cat1', 'Cut1', 'sort1', 'Show beginning1', 'random_lines1', 'Paste1'];
const TOOL_KEYS = ['model_class', 'id', 'name', 'version', 'description', 'labels', 'form_style', 'link', 'min_width', 'target', 'panel_section_id', 'panel_section_name'];

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  historyId = await createHistory(h, alice.key);
  const upload = await uploadText(h, alice.key, historyId, 'a\nb\n', { fileType: 'txt' });
  text = upload.datasetId;
  await waitForJob(h, alice.key, upload.jobId);
});
afterAll(() => h.close());

describe('GET /api/tools', () => {
  it('lists the tool panel sections with their tools, for anonymous callers too', async () => {
    const res = await h.api.get('/api/tools');
    expect(res.status).toBe(200);
    for (const section of res.body) {
      expect(section).toEqual(expect.objectContaining({ model_class: 'ToolSection', id: expect.any(String), name: expect.any(String), elems: expect.any(Array) }));
    }
    const tools = res.body.flatMap((section: { elems: Array<{ id: string }> }) => section.elems);
    expect(tools.map((tool: { id: string }) => tool.id).sort()).toEqual([...BUILTINS].sort());
    const head = tools.find((tool: { id: string }) => tool.id === 'Show beginning1');
    expect(Object.keys(head).sort()).toEqual([...TOOL_KEYS].sort());
    expect(head).toEqual(expect.objectContaining({ model_class: 'Tool', name: 'Select first', link: '/tool_runner?tool_id=Show+beginning1', target: 'galaxy_main' }));
  });

  it('lists tools without sections with in_panel=false', async () => {
    const res = await h.api.get('/api/tools').query({ in_panel: 'false', key: alice.key });
    expect(res.status).toBe(200);
    expect(res.body.map((tool: { id: string }) => tool.id).sort()).toEqual([...BUILTINS].sort());
    expect(res.body.every((tool: { model_class: string }) => tool.model_class === 'Tool')).toBe(true);
  });

  it('answers a search (q) with the ids of the matching tools, best first', async () => {
    const res = await h.api.get('/api/tools').query({ q: 'concatenate' });
    expect(res.status).toBe(200);
    expect(res.body[0]).toBe('cat1');
    expect((await h.api.get('/api/tools').query({ q: 'cut col' })).body).toContain('Cut1');
    expect((await h.api.get('/api/tools').query({ q: 'zzzzzz' })).body).toEqual([]);
  });

  it('answers tool_id with the versions installed of that tool', async () => {
    expect((await h.api.get('/api/tools').query({ tool_id: 'cat1' })).body).toEqual([expect.any(String)]);
    expect((await h.api.get('/api/tools').query({ tool_id: 'no-such-tool' })).body).toEqual([]);
  });
});

describe('GET /api/tools/{id}', () => {
  it('shows a tool dictionary, with inputs and outputs when io_details=true', async () => {
    const plain = await h.api.get('/api/tools/Cut1');
    expect(plain.status).toBe(200);
    expect(plain.body).toEqual(expect.objectContaining({ model_class: 'Tool', id: 'Cut1', name: 'Cut', version: '1.0.2', description: 'columns from a table' }));
    expect(plain.body).not.toHaveProperty('inputs');
    const detailed = await h.api.get('/api/tools/Cut1').query({ io_details: 'true' });
    expect(detailed.status).toBe(200);
    expect(detailed.body.inputs.map((input: { name: string }) => input.name)).toEqual(['columnList', 'delimiter', 'input']);
    expect(detailed.body.inputs[0]).toEqual(expect.objectContaining({ model_class: 'TextToolParameter', type: 'text', label: 'Cut columns' }));
    expect(detailed.body.inputs[2]).toEqual(expect.objectContaining({ model_class: 'DataToolParameter', type: 'data', extensions: ['txt'] }));
    expect(detailed.body.outputs).toEqual([expect.objectContaining({ model_class: 'ToolOutput', name: 'out_file1', format: 'tabular' })]);
  });

  it('accepts ids with spaces', async () => {
    const res = await h.api.get(`/api/tools/${encodeURIComponent('Show beginning1')}`).query({ key: alice.key, io_details: 'true' });
    expect(res.status).toBe(200);
    expect(res.body.inputs.map((input: { name: string }) => input.name)).toEqual(['lineNum', 'input']);
  });

  it('answers ObjectNotFound for an unknown tool', async () => {
    expectError(await h.api.get('/api/tools/no_such_tool'), 404, 404001);
  });
});

describe('POST /api/tools', () => {
  it('queues a job and answers outputs (with output_name), jobs and empty collections', async () => {
    const res = await h.api.post('/api/tools').send({ key: alice.key, tool_id: 'Show beginning1', history_id: historyId, inputs: { input: { src: 'hda', id: text }, lineNum: 1 } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['implicit_collections', 'jobs', 'output_collections', 'outputs']);
    expect(res.body.outputs).toHaveLength(1);
    expect(res.body.outputs[0]).toEqual(
      expect.objectContaining({ output_name: 'out_file1', history_id: historyId, name: 'Select first on data 1', extension: 'txt', model_class: 'HistoryDatasetAssociation' }),
    );
    expect(res.body.jobs).toEqual([expect.objectContaining({ model_class: 'Job', tool_id: 'Show beginning1', state: 'queued' })]);
    await waitForJob(h, alice.key, res.body.jobs[0].id);
  });

  it('accepts a form post with inputs as JSON text', async () => {
    const res = await h.api
      .post('/api/tools')
      .type('form')
      .send({ key: alice.key, tool_id: 'Show beginning1', history_id: historyId, inputs: JSON.stringify({ input: { src: 'hda', id: text }, lineNum: '1' }) });
    expect(res.status).toBe(200);
    expect((await waitForJob(h, alice.key, res.body.jobs[0].id)).state).toBe('ok');
  });

  it('runs in the most recently used history when history_id is absent', async () => {
    const res = await h.api.post('/api/tools').send({ key: alice.key, tool_id: 'Show beginning1', inputs: { input: { src: 'hda', id: text } } });
    expect(res.status).toBe(200);
    expect(res.body.outputs[0].history_id).toEqual(expect.any(String));
    await waitForJob(h, alice.key, res.body.jobs[0].id);
  });

  it('answers RequestParameterMissingException without tool_id and ObjectNotFound for an unknown tool', async () => {
    expectError(await h.api.post('/api/tools').send({ key: alice.key, history_id: historyId, inputs: {} }), 400, 400007);
    expectError(await h.api.post('/api/tools').send({ key: alice.key, tool_id: 'no_such_tool', history_id: historyId, inputs: {} }), 404, 404001);
  });

  it('refuses inputs that are not an object, a missing data input and a dataset of the wrong type', async () => {
    expectError(await h.api.post('/api/tools').type('form').send({ key: alice.key, tool_id: 'cat1', history_id: historyId, inputs: '{not json' }), 400, 400008);
    expectError(await h.api.post('/api/tools').send({ key: alice.key, tool_id: 'cat1', history_id: historyId, inputs: {} }), 400, 400008);
    // sort1 wants tabular data; a txt dataset is refused
    expectError(await h.api.post('/api/tools').send({ key: alice.key, tool_id: 'sort1', history_id: historyId, inputs: { input: { src: 'hda', id: text }, column: '1' } }), 400, 400008);
  });

  it("refuses another user's history and another user's dataset", async () => {
    const bobHistory = await createHistory(h, bob.key);
    expectError(await h.api.post('/api/tools').send({ key: alice.key, tool_id: 'cat1', history_id: bobHistory, inputs: { input1: { src: 'hda', id: text } } }), 403, 403003);
    expectError(await h.api.post('/api/tools').send({ key: bob.key, tool_id: 'cat1', history_id: bobHistory, inputs: { input1: { src: 'hda', id: text } } }), 403, 403002);
  });

  it('answers MalformedId / ObjectNotFound for bad history and dataset ids', async () => {
    expectError(await h.api.post('/api/tools').send({ key: alice.key, tool_id: 'cat1', history_id: 'nope', inputs: { input1: { src: 'hda', id: text } } }), 400, 400009);
    expectError(await h.api.post('/api/tools').send({ key: alice.key, tool_id: 'cat1', history_id: UNKNOWN_ID, inputs: { input1: { src: 'hda', id: text } } }), 404, 404001);
    expectError(await h.api.post('/api/tools').send({ key: alice.key, tool_id: 'cat1', history_id: historyId, inputs: { input1: { src: 'hda', id: 'nope' } } }), 400, 400009);
    expectError(await h.api.post('/api/tools').send({ key: alice.key, tool_id: 'cat1', history_id: historyId, inputs: { input1: { src: 'hda', id: UNKNOWN_ID } } }), 404, 404001);
  });

  it('refuses to run in a deleted history', async () => {
    const doomed = await createHistory(h, alice.key, 'doomed');
    expect((await h.api.delete(`/api/histories/${doomed}`).query({ key: alice.key })).status).toBe(200);
    expectError(await h.api.post('/api/tools').send({ key: alice.key, tool_id: 'cat1', history_id: doomed, inputs: { input1: { src: 'hda', id: text } } }), 400, 400004);
  });

  it("lets an anonymous caller upload into a new session's current history, but not read others' datasets", async () => {
    expectError(await h.api.post('/api/tools').send({ tool_id: 'cat1', inputs: { input1: { src: 'hda', id: text } } }), 403, 403002);
    const res = await h.api.post('/api/tools').send({ tool_id: 'upload1', inputs: { 'files_0|url_paste': 'anonymous\n', 'files_0|type': 'upload_dataset', file_type: 'txt' } });
    expect(res.status).toBe(200);
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((value) => value.startsWith('galaxysession='));
    expect(cookie).toBeDefined();
    const session = (cookie as string).split(';')[0];
    const contents = await h.api.get(`/api/histories/${res.body.outputs[0].history_id}/contents`).set('Cookie', session);
    expect(contents.status).toBe(200);
    expect(contents.body.map((item: { id: string }) => item.id)).toEqual([res.body.outputs[0].id]);
    // without the session the history is not readable
    expectError(await h.api.get(`/api/histories/${res.body.outputs[0].history_id}/contents`).query({ key: bob.key }), 403, 403002);
  });

  it('lets an administrator run a tool in a history of another user', async () => {
    const res = await runTool(h, h.admin.key, historyId, 'Show beginning1', { input: { src: 'hda', id: text }, lineNum: 1 });
    expect(res.outputs[0]).toEqual(expect.objectContaining({ history_id: historyId }));
    const job = await waitForJob(h, h.admin.key, res.jobs[0].id);
    expect(job.state).toBe('ok');
  });
});
