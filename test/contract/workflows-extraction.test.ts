import { createHistory, datasetText, uploadText } from '../support/data-helpers';
import { expectError } from '../support/job-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { catHeadWorkflow, importWorkflow, waitForHistory } from '../support/workflow-helpers';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;

type Dict = Record<string, unknown>;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
});
afterAll(() => h.close());

/** Runs the cat-then-head workflow in a new history of two pasted datasets; answers the history and the job ids. */
async function ranHistory(key: string) {
  const historyId = await createHistory(h, key, 'to extract');
  const a = await uploadText(h, key, historyId, 'x1\nx2\nx3\n', { fileType: 'txt' });
  const b = await uploadText(h, key, historyId, 'y1\n', { fileType: 'txt' });
  await waitForHistory(h, key, historyId);
  const workflow = await importWorkflow(h, key, catHeadWorkflow('source', { lines: 2 }));
  const run = await h.api.post('/api/workflows').send({ key, workflow_id: workflow.id, history: `hist_id=${historyId}`, inputs: { 0: { src: 'hda', id: a.datasetId }, 1: { src: 'hda', id: b.datasetId } } });
  if (run.status !== 200) throw new Error(`run: ${run.status} ${JSON.stringify(run.body)}`);
  await waitForHistory(h, key, historyId);
  const jobs = (await h.api.get('/api/jobs').query({ key, history_id: historyId })).body as Array<{ id: string; tool_id: string }>;
  return { historyId, jobs };
}

const download = async (key: string, id: string) => (await h.api.get(`/api/workflows/${id}/download`).query({ key })).body as { name: string; steps: Record<string, Dict> };
const stepsOfType = (workflow: { steps: Record<string, Dict> }, type: string) =>
  Object.values(workflow.steps).filter((step) => step.type === type).sort((x, y) => Number(x.id) - Number(y.id));

describe('POST /api/workflows with from_history_id (extraction)', () => {
  it('makes input steps of the picked datasets and tool steps of the picked jobs, connected as they ran', async () => {
    const { historyId, jobs } = await ranHistory(alice.key);
    const picked = jobs.filter((job) => job.tool_id !== 'upload1').map((job) => job.id);
    const res = await h.api.post('/api/workflows').type('form').send({
      key: alice.key,
      from_history_id: historyId,
      dataset_ids: JSON.stringify([1, 2]),
      job_ids: JSON.stringify(picked),
      workflow_name: 'test import from history',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ model_class: 'StoredWorkflow', name: 'test import from history', url: `/api/workflows/${res.body.id}` });
    const extracted = await download(alice.key, res.body.id);
    expect(Object.keys(extracted.steps)).toHaveLength(4);
    const inputs = stepsOfType(extracted, 'data_input');
    const [cat, head] = stepsOfType(extracted, 'tool');
    expect(inputs).toHaveLength(2);
    expect(cat.tool_id).toBe('cat1');
    expect(cat.input_connections).toEqual({ input1: { id: inputs[0].id, output_name: 'output' }, 'queries_0|input2': { id: inputs[1].id, output_name: 'output' } });
    expect(head.input_connections).toEqual({ input: { id: cat.id, output_name: 'out_file1' } });
    expect(JSON.parse(JSON.parse(head.tool_state as string).lineNum)).toBe('2');
  });

  it('gives a workflow that runs again on new data', async () => {
    const { historyId, jobs } = await ranHistory(alice.key);
    const picked = jobs.filter((job) => job.tool_id !== 'upload1').map((job) => job.id);
    const made = await h.api.post('/api/workflows').send({ key: alice.key, from_history_id: historyId, dataset_ids: [1, 2], job_ids: picked, workflow_name: 'rerun me' });
    const fresh = await createHistory(h, alice.key, 'new data');
    const p = await uploadText(h, alice.key, fresh, 'p1\np2\np3\n', { fileType: 'txt' });
    const q = await uploadText(h, alice.key, fresh, 'q1\n', { fileType: 'txt' });
    await waitForHistory(h, alice.key, fresh);
    const run = await h.api.post('/api/workflows').send({ key: alice.key, workflow_id: made.body.id, history: `hist_id=${fresh}`, inputs: { 0: { src: 'hda', id: p.datasetId }, 1: { src: 'hda', id: q.datasetId } } });
    expect(run.status).toBe(200);
    await waitForHistory(h, alice.key, fresh);
    expect(await datasetText(h, alice.key, run.body.outputs[0])).toBe('p1\np2\np3\nq1\n');
    expect(await datasetText(h, alice.key, run.body.outputs[1])).toBe('p1\np2\n');
  });

  it('maps over a picked collection: a job mapped over it becomes a step connected to the collection input', async () => {
    const historyId = await createHistory(h, alice.key, 'mapped history');
    const ids: string[] = [];
    for (const text of ['1\n2\n', '3\n4\n']) ids.push((await uploadText(h, alice.key, historyId, text, { fileType: 'txt' })).datasetId);
    await waitForHistory(h, alice.key, historyId);
    const list = await h.api.post(`/api/histories/${historyId}/contents`).query({ key: alice.key }).send({
      type: 'dataset_collection', collection_type: 'list', element_identifiers: ids.map((id, index) => ({ name: `e${index}`, src: 'hda', id })),
    });
    const mapped = await h.api.post('/api/tools').send({ key: alice.key, tool_id: 'Show beginning1', history_id: historyId, inputs: { input: { batch: true, values: [{ src: 'hdca', id: list.body.id }] }, lineNum: '1' } });
    expect(mapped.status).toBe(200);
    await waitForHistory(h, alice.key, historyId);
    const res = await h.api.post('/api/workflows').send({ key: alice.key, from_history_id: historyId, dataset_collection_ids: [list.body.hid], job_ids: [mapped.body.jobs[0].id], workflow_name: 'mapping' });
    expect(res.status).toBe(200);
    const extracted = await download(alice.key, res.body.id);
    const [collectionInput] = stepsOfType(extracted, 'data_collection_input');
    expect(JSON.parse(collectionInput.tool_state as string)).toMatchObject({ collection_type: 'list' });
    const tools = stepsOfType(extracted, 'tool');
    expect(tools).toHaveLength(1);
    expect(tools[0].input_connections).toEqual({ input: { id: collectionInput.id, output_name: 'output' } });
  });

  it("needs workflow_name (400007) and refuses other users' jobs (403) and unreadable histories", async () => {
    const { historyId, jobs } = await ranHistory(alice.key);
    expectError(await h.api.post('/api/workflows').send({ key: alice.key, from_history_id: historyId, dataset_ids: [1] }), 400, 400007);
    const bobHistory = await createHistory(h, bob.key);
    expectError(await h.api.post('/api/workflows').send({ key: bob.key, from_history_id: bobHistory, job_ids: [jobs[0].id], workflow_name: 'stolen' }), 403, 403002);
    expectError(await h.api.post('/api/workflows').send({ key: bob.key, from_history_id: historyId, dataset_ids: [1], workflow_name: 'peek' }), 403, 403002);
  });
});
