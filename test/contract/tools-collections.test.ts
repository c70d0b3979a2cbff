import { createHistory, datasetText, uploadText, waitForJob } from '../support/data-helpers';
import { toolDirectory } from '../support/history-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

type Dict = Record<string, unknown>;

/** A tool whose input is a paired collection: it reads the forward then the reverse dataset. */
const PAIRED_TOOL = `<tool id="pair_cat" name="Concatenate a pair" version="1.0">
  <command>cat $pair.forward $pair.reverse > $out_file1</command>
  <inputs><param name="pair" type="data_collection" collection_type="paired" label="Pair"/></inputs>
  <outputs><data name="out_file1" format="txt"/></outputs>
</tool>`;

/** A tool over a list collection: it iterates over the elements. */
const LIST_TOOL = `<tool id="list_cat" name="Concatenate a list" version="1.0">
  <command>#for $item in $items
cat $item >> $out_file1;
#end for</command>
  <inputs><param name="items" type="data_collection" collection_type="list" label="Items"/></inputs>
  <outputs><data name="out_file1" format="txt"/></outputs>
</tool>`;

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let history: string;

async function uploaded(key: string, historyId: string, content: string, name: string): Promise<string> {
  const upload = await uploadText(h, key, historyId, content, { fileType: 'txt', name });
  await waitForJob(h, key, upload.jobId);
  return upload.datasetId;
}

async function listOf(key: string, historyId: string, size: number, collectionType = 'list'): Promise<Dict> {
  const ids: string[] = [];
  for (let index = 0; index < size; index += 1) ids.push(await uploaded(key, historyId, `line ${index}\n`, `sample${index}`));
  const identifiers = collectionType === 'paired' ? ['forward', 'reverse'] : ids.map((_, index) => `sample${index}`);
  const res = await h.api
    .post(`/api/histories/${historyId}/contents`)
    .query({ key })
    .send({ type: 'dataset_collection', collection_type: collectionType, element_identifiers: ids.map((id, index) => ({ name: identifiers[index], src: 'hda', id })) });
  if (res.status !== 200) throw new Error(`collection: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const runTool = (key: string, body: Dict) => h.api.post('/api/tools').query({ key }).send(body);

beforeAll(async () => {
  h = await startTestPlatform({ TOOL_DIRS: toolDirectory({ 'pair_cat.xml': PAIRED_TOOL, 'list_cat.xml': LIST_TOOL }) });
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  history = await createHistory(h, alice.key);
});
afterAll(() => h.close());

describe('POST /api/tools mapping a data parameter over a collection (batch)', () => {
  it('runs one job per element of a 10-element list and gathers the outputs into a 10-element implicit collection', async () => {
    const list = await listOf(alice.key, history, 10);
    const res = await runTool(alice.key, {
      tool_id: 'cat1',
      history_id: history,
      inputs: { input1: { batch: true, values: [{ src: 'hdca', id: list.id }] } },
    });
    expect(res.status).toBe(200);
    expect(res.body.jobs).toHaveLength(10);
    expect(res.body.outputs).toHaveLength(10);
    expect(res.body.outputs.every((output: Dict) => output.visible === false)).toBe(true);
    expect(res.body.implicit_collections).toHaveLength(1);
    const implicit = res.body.implicit_collections[0] as Dict;
    expect(implicit).toMatchObject({ output_name: 'out_file1', collection_type: 'list', element_count: 10, history_content_type: 'dataset_collection' });
    const elements = implicit.elements as Dict[];
    expect(elements.map((element) => element.element_identifier)).toEqual(Array.from({ length: 10 }, (_, index) => `sample${index}`));
    expect(elements.map((element) => (element.object as Dict).id)).toEqual(res.body.outputs.map((output: Dict) => output.id));
    for (const job of res.body.jobs as Dict[]) await waitForJob(h, alice.key, job.id as string);
    expect(await datasetText(h, alice.key, (elements[3].object as Dict).id as string)).toBe('line 3\n');
    const contents = await h.api.get(`/api/histories/${history}/contents`).query({ key: alice.key, types: 'dataset_collection' });
    expect(contents.body.map((item: Dict) => item.id)).toContain(implicit.id);
  });

  it('keeps the structure of a nested list:paired collection', async () => {
    const pair = await listOf(alice.key, history, 2, 'paired');
    const nested = await h.api
      .post(`/api/histories/${history}/contents`)
      .query({ key: alice.key })
      .send({ type: 'dataset_collection', collection_type: 'list:paired', element_identifiers: [{ name: 'p1', src: 'hdca', id: pair.id }] });
    expect(nested.status).toBe(200);
    const res = await runTool(alice.key, { tool_id: 'cat1', history_id: history, inputs: { input1: { batch: true, values: [{ src: 'hdca', id: nested.body.id }] } } });
    expect(res.status).toBe(200);
    expect(res.body.jobs).toHaveLength(2);
    const implicit = res.body.implicit_collections[0] as Dict;
    expect(implicit.collection_type).toBe('list:paired');
    const inner = ((implicit.elements as Dict[])[0].object as Dict).elements as Dict[];
    expect(inner.map((element) => element.element_identifier)).toEqual(['forward', 'reverse']);
  });

  it('runs one job per dataset for a batch of datasets, with no implicit collection', async () => {
    const a = await uploaded(alice.key, history, 'a\n', 'a');
    const b = await uploaded(alice.key, history, 'b\n', 'b');
    const res = await runTool(alice.key, { tool_id: 'cat1', history_id: history, inputs: { input1: { batch: true, values: [{ src: 'hda', id: a }, { src: 'hda', id: b }] } } });
    expect(res.status).toBe(200);
    expect(res.body.jobs).toHaveLength(2);
    expect(res.body.implicit_collections).toEqual([]);
  });

  it("refuses another user's collection and writes nothing", async () => {
    const list = await listOf(alice.key, history, 1);
    const bobHistory = await createHistory(h, bob.key);
    const res = await runTool(bob.key, { tool_id: 'cat1', history_id: bobHistory, inputs: { input1: { batch: true, values: [{ src: 'hdca', id: list.id }] } } });
    expect(res.status).toBe(403);
    const contents = await h.api.get(`/api/histories/${bobHistory}/contents`).query({ key: bob.key });
    expect(contents.body).toEqual([]);
  });
});

describe('POST /api/tools with a data_collection parameter', () => {
  it('gives the tool the collection: elements by identifier', async () => {
    const pair = await listOf(alice.key, history, 2, 'paired');
    const res = await runTool(alice.key, { tool_id: 'pair_cat', history_id: history, inputs: { pair: { src: 'hdca', id: pair.id } } });
    expect(res.status).toBe(200);
    expect(res.body.jobs).toHaveLength(1);
    const job = await waitForJob(h, alice.key, res.body.jobs[0].id);
    expect(job.state).toBe('ok');
    expect(await datasetText(h, alice.key, res.body.outputs[0].id)).toBe('line 0\nline 1\n');
  });

  it('iterates over a list in the command template', async () => {
    const list = await listOf(alice.key, history, 3);
    const res = await runTool(alice.key, { tool_id: 'list_cat', history_id: history, inputs: { items: { src: 'hdca', id: list.id } } });
    expect(res.status).toBe(200);
    await waitForJob(h, alice.key, res.body.jobs[0].id);
    expect(await datasetText(h, alice.key, res.body.outputs[0].id)).toBe('line 0\nline 1\nline 2\n');
  });

  it('refuses a readable collection with an element the caller may not read, and writes nothing (its content would reach the job)', async () => {
    const published = await createHistory(h, alice.key, 'published with one private element');
    const list = await listOf(alice.key, published, 2);
    const elements = (await h.api.get(`/api/histories/${published}/contents/dataset_collections/${String(list.id)}`).query({ key: alice.key })).body.elements as Array<{ object: { id: string } }>;
    expect((await h.api.put(`/api/datasets/${elements[1].object.id}/permissions`).query({ key: alice.key }).send({ action: 'make_private' })).status).toBe(200);
    expect((await h.api.put(`/api/histories/${published}/publish`).query({ key: alice.key })).status).toBe(200);
    const bobHistory = await createHistory(h, bob.key, 'bob reads the published list');
    const res = await runTool(bob.key, { tool_id: 'list_cat', history_id: bobHistory, inputs: { items: { src: 'hdca', id: list.id } } });
    expect(res.status).toBe(403);
    expect(res.body.err_code).toBe(403002);
    const mapped = await runTool(bob.key, { tool_id: 'cat1', history_id: bobHistory, inputs: { input1: { batch: true, values: [{ src: 'hdca', id: list.id }] } } });
    expect(mapped.status).toBe(403);
    expect((await h.api.get(`/api/histories/${bobHistory}/contents`).query({ key: bob.key })).body).toEqual([]);
    // The owner still runs the tool over it.
    expect((await runTool(alice.key, { tool_id: 'list_cat', history_id: published, inputs: { items: { src: 'hdca', id: list.id } } })).status).toBe(200);
  });

  it('refuses a collection of the wrong type with 400', async () => {
    const list = await listOf(alice.key, history, 2);
    const res = await runTool(alice.key, { tool_id: 'pair_cat', history_id: history, inputs: { pair: { src: 'hdca', id: list.id } } });
    expect(res.status).toBe(400);
    expect(res.body.err_code).toBe(400008);
  });
});

describe('runTool in GraphQL maps over a collection', () => {
  it('answers the implicit collections with their elements', async () => {
    const list = await listOf(alice.key, history, 10);
    const res = await h.api
      .post('/graphql')
      .set('x-api-key', alice.key)
      .send({
        query: `mutation ($input: RunToolInput!) { runTool(input: $input) { jobs { id } implicitCollections { name collection { id elementCount collectionType elements { elementIdentifier dataset { id } } } } } }`,
        variables: { input: { toolId: 'cat1', historyId: history, inputs: { input1: { batch: true, values: [{ src: 'hdca', id: list.id }] } } } },
      });
    expect(res.body.errors).toBeUndefined();
    const run = res.body.data.runTool;
    expect(run.jobs).toHaveLength(10);
    expect(run.implicitCollections).toHaveLength(1);
    expect(run.implicitCollections[0].collection).toMatchObject({ elementCount: 10, collectionType: 'list' });
    expect(run.implicitCollections[0].collection.elements).toHaveLength(10);
  });
});
