import { rmSync } from 'node:fs';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { createHistory, runTool, uploadText, waitForJob } from '../support/data-helpers';
import { decoded, toolDirWith } from '../support/job-helpers';

/** A tool with one parameter of each kind whose stored form differs. */
const PARAMS_TOOL = `<tool id="test_params_raw" name="Parameters" version="1.0.0">
  <command>cat $first > $out_file1</command>
  <inputs>
    <param name="first" type="data" format="txt" label="First"/>
    <param name="flag" type="boolean" checked="false" truevalue="--yes" falsevalue="--no" label="Flag"/>
    <param name="ratio" type="float" value="0.5" label="Ratio"/>
    <param name="whole" type="float" value="3" label="Whole"/>
    <param name="count" type="integer" value="7" label="Count"/>
    <param name="modes" type="select" multiple="true" label="Modes">
      <option value="a">A</option>
      <option value="b">B</option>
      <option value="c">C</option>
    </param>
    <param name="run_id" type="text" value="r1" label="Run"/>
    <conditional name="cond">
      <param name="kind" type="select" label="Kind">
        <option value="plain">Plain</option>
        <option value="with_data">With data</option>
      </param>
      <when value="plain"/>
      <when value="with_data">
        <param name="extra" type="data" format="txt" label="Extra"/>
      </when>
    </conditional>
    <section name="advanced" title="Advanced">
      <param name="note" type="text" value="" label="Note"/>
    </section>
    <repeat name="items" title="Item">
      <param name="label" type="text" value="" label="Label"/>
    </repeat>
  </inputs>
  <outputs>
    <data name="out_file1" format="txt"/>
  </outputs>
</tool>
`;

let h: TestPlatform;
let alice: TestUser;
let toolDir: string;
let historyId: string;
let text: string;
let other: string;

const job = (id: string, key = alice.key) => h.api.get(`/api/jobs/${id}`).query({ key });

beforeAll(async () => {
  toolDir = toolDirWith('params.xml', PARAMS_TOOL);
  h = await startTestPlatform({ TOOL_DIRS: toolDir });
  alice = await h.newUser('alice');
  historyId = await createHistory(h, alice.key);
  const one = await uploadText(h, alice.key, historyId, 'one\n', { fileType: 'txt' });
  const two = await uploadText(h, alice.key, historyId, 'two\n', { fileType: 'txt' });
  await waitForJob(h, alice.key, one.jobId);
  await waitForJob(h, alice.key, two.jobId);
  text = one.datasetId;
  other = two.datasetId;
});
afterAll(async () => {
  await h.close();
  rmSync(toolDir, { recursive: true, force: true });
});

describe("GET /api/jobs/{id}: params in the platform's raw form (Job.to_dict: each value the JSON text the platform stored)", () => {
  let jobId: string;
  let params: Record<string, unknown>;
  let body: Record<string, unknown>;

  beforeAll(async () => {
    const run = await runTool(h, alice.key, historyId, 'test_params_raw', {
      first: { src: 'hda', id: text },
      flag: true,
      ratio: 0.25,
      modes: ['a', 'c'],
      'cond|kind': 'with_data',
      'cond|extra': { src: 'hda', id: other },
      'advanced|note': 'caf\u00e9',
      'items_0|label': 'x',
      'items_1|label': 'y',
    });
    jobId = run.jobs[0]!.id;
    await waitForJob(h, alice.key, jobId);
    body = (await job(jobId)).body;
    params = body.params as Record<string, unknown>;
  });

  it('gives every value as text', () => {
    for (const value of Object.values(params)) expect(typeof value).toBe('string');
  });

  it('stores numbers and booleans as the text of their Python value (str: "0.25", "3.0", "7", "True")', () => {
    expect(params.ratio).toBe('"0.25"');
    expect(params.whole).toBe('"3.0"');
    expect(params.count).toBe('"7"');
    expect(params.flag).toBe('"True"');
  });

  it('stores a multiple select as a list, in Python json.dumps spelling', () => {
    expect(params.modes).toBe('["a", "c"]');
  });

  it('nests conditionals ({__current_case__, test, …}), sections and repeats ([{__index__, …}]), a dataset inside by its integer id', () => {
    expect(params.cond).toBe(`{"__current_case__": 1, "kind": "with_data", "extra": ${decoded(h, other)}}`);
    expect(params.items).toBe('[{"__index__": 0, "label": "x"}, {"__index__": 1, "label": "y"}]');
    expect(params).not.toHaveProperty('cond|kind');
    expect(params).not.toHaveProperty('items_0|label');
  });

  it('writes ASCII only, as json.dumps does (\\u escapes)', () => {
    expect(params.advanced).toBe('{"note": "caf\\u00e9"}');
  });

  it('leaves out the parameters named like a dataset input (listed under inputs instead)', () => {
    expect(params).not.toHaveProperty('first');
    expect(body.inputs).toEqual({ first: { id: text, src: 'hda' }, 'cond|extra': { id: other, src: 'hda' } });
    expect(body.outputs).toEqual({ out_file1: { id: expect.any(String), src: 'hda' } });
  });

  it('"encodes" a parameter named …_id as encode_all_ids does: its stored text run through the id cipher', () => {
    expect(params.run_id).toBe(h.platform.services.ids.encodeGuid('"r1"'));
    expect(params.run_id).toMatch(/^[0-9a-f]{16}$/);
  });

  it('is the same through POST /api/jobs/search and the graph', async () => {
    const search = await h.api.post('/api/jobs/search').send({ key: alice.key, tool_id: 'test_params_raw', inputs: { first: { src: 'hda', id: text } } });
    expect(search.status).toBe(200);
    expect(search.body.find((found: { id: string }) => found.id === jobId).params).toEqual(params);
    const graph = await h.api.post('/graphql').set('x-api-key', alice.key).send({ query: 'query ($id: ID!) { job(id: $id) { params } }', variables: { id: jobId } });
    expect(graph.body.data.job.params).toEqual(params);
  });
});

describe('GET /api/jobs/{id}: params of the built-in tools, as the platform stores them', () => {
  it('cat1: the repeat of datasets with __index__ and integer ids; the top-level dataset left out', async () => {
    const run = await runTool(h, alice.key, historyId, 'cat1', { input1: { src: 'hda', id: text }, 'queries_0|input2': { src: 'hda', id: other } });
    await waitForJob(h, alice.key, run.jobs[0]!.id);
    const res = await job(run.jobs[0]!.id);
    expect(res.body.params).toEqual({ queries: `[{"__index__": 0, "input2": ${decoded(h, other)}}]` });
    expect(res.body.inputs).toEqual({ input1: { id: text, src: 'hda' }, 'queries_0|input2': { id: other, src: 'hda' } });
  });

  it('upload1: file_type, dbkey and the files repeat as JSON text', async () => {
    const upload = await uploadText(h, alice.key, historyId, 'three\n', { fileType: 'txt' });
    await waitForJob(h, alice.key, upload.jobId);
    const { params } = (await job(upload.jobId)).body;
    expect(params.file_type).toBe('"txt"');
    expect(params.dbkey).toBe('"?"');
    expect(params.async_datasets).toBe('"None"');
    expect(JSON.parse(params.files)).toEqual([expect.objectContaining({ __index__: 0, url_paste: 'three\n', to_posix_lines: ['Yes'], space_to_tab: [] })]);
    expect(params).not.toHaveProperty('__uploads__');
  });

  it('sort1: a column parameter as the text of its number', async () => {
    const table = await uploadText(h, alice.key, historyId, 'a\t2\nb\t1\n', { fileType: 'tabular' });
    await waitForJob(h, alice.key, table.jobId);
    const run = await runTool(h, alice.key, historyId, 'sort1', { input: { src: 'hda', id: table.datasetId }, column: '2', order: 'ASC', style: 'num' });
    await waitForJob(h, alice.key, run.jobs[0]!.id);
    expect((await job(run.jobs[0]!.id)).body.params).toEqual({ column: '"2"', order: '"ASC"', style: '"num"' });
  });
});
