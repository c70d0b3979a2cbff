import { createHistory, datasetText, uploadText } from '../support/data-helpers';
import { expectError } from '../support/job-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { catHeadWorkflow, importWorkflow, inputStepIds, waitForHistory } from '../support/workflow-helpers';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
});
afterAll(() => h.close());

/** A history of alice's holding two pasted datasets; returns their ids. */
async function twoInputs(key: string, first = '1 one\n2 two\n', second = '3 three\n4 four\n') {
  const historyId = await createHistory(h, key, 'inputs');
  const a = await uploadText(h, key, historyId, first, { fileType: 'txt', name: 'A' });
  const b = await uploadText(h, key, historyId, second, { fileType: 'txt', name: 'B' });
  await waitForHistory(h, key, historyId);
  return { historyId, a: a.datasetId, b: b.datasetId };
}

describe('POST /api/workflows with workflow_id (running a workflow)', () => {
  it('runs two inputs -> cat1 -> Show beginning1 with ds_map by step id; the outputs hold the right text', async () => {
    const workflow = await importWorkflow(h, alice.key, catHeadWorkflow('cat then head', { lines: 3 }));
    const steps = await inputStepIds(h, alice.key, workflow.id);
    const { historyId, a, b } = await twoInputs(alice.key);
    const res = await h.api.post('/api/workflows').type('form').send({
      key: alice.key,
      workflow_id: workflow.id,
      history: `hist_id=${historyId}`,
      ds_map: JSON.stringify({ [steps.first]: { src: 'hda', id: a }, [steps.second]: { src: 'hda', id: b } }),
    });
    expect(res.status).toBe(200);
    expect(res.body.history).toBe(historyId);
    expect(res.body.outputs).toHaveLength(2);
    expect(res.body.state).toBe('scheduled');
    const contents = await waitForHistory(h, alice.key, historyId);
    expect(contents.map((item) => item.state)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(await datasetText(h, alice.key, res.body.outputs[0])).toBe('1 one\n2 two\n3 three\n4 four\n');
    expect(await datasetText(h, alice.key, res.body.outputs[1])).toBe('1 one\n2 two\n3 three\n');
  });

  it('refuses a workflow the caller may not read (403) and a history of another user (403)', async () => {
    const workflow = await importWorkflow(h, alice.key, catHeadWorkflow('private'));
    const steps = await inputStepIds(h, alice.key, workflow.id);
    const { historyId, a, b } = await twoInputs(alice.key);
    const dsMap = JSON.stringify({ [steps.first]: { src: 'hda', id: a }, [steps.second]: { src: 'hda', id: b } });
    const other = await h.api.post('/api/workflows').send({ key: bob.key, workflow_id: workflow.id, ds_map: dsMap });
    expectError(other, 403, 403002);
    const bobHistory = await createHistory(h, bob.key);
    const foreign = await h.api.post('/api/workflows').send({ key: alice.key, workflow_id: workflow.id, ds_map: dsMap, history: `hist_id=${bobHistory}` });
    expectError(foreign, 403, 403003);
    expect(historyId).toBeTruthy();
  });
});
