import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { createHistory, datasetText, runTool, uploadText, waitForJob } from '../support/data-helpers';

let h: TestPlatform;
let alice: TestUser;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
});
afterAll(() => h.close());

describe('POST /api/tools with upload1', () => {
  it('stores pasted text, sniffs its type, and the job reaches ok', async () => {
    const historyId = await createHistory(h, alice.key);
    const { datasetId, jobId } = await uploadText(h, alice.key, historyId, 'a\t1\nb\t2\nc\t3\n');
    const job = await waitForJob(h, alice.key, jobId);
    expect(job.state).toBe('ok');
    const dataset = await h.api.get(`/api/datasets/${datasetId}`).query({ key: alice.key });
    expect(dataset.body).toEqual(expect.objectContaining({ state: 'ok', extension: 'tabular', file_size: 12, name: 'Pasted Entry', metadata_columns: 2 }));
    expect(await datasetText(h, alice.key, datasetId)).toBe('a\t1\nb\t2\nc\t3\n');
  });
});

describe('POST /api/tools with cat1', () => {
  it('runs a real command and its output is downloadable', async () => {
    const historyId = await createHistory(h, alice.key);
    const first = await uploadText(h, alice.key, historyId, 'one\n', { fileType: 'txt' });
    const second = await uploadText(h, alice.key, historyId, 'two\n', { fileType: 'txt' });
    const run = await runTool(h, alice.key, historyId, 'cat1', { input1: { src: 'hda', id: first.datasetId }, 'queries_0|input2': { src: 'hda', id: second.datasetId } });
    const job = await waitForJob(h, alice.key, run.jobs[0].id);
    expect(job.state).toBe('ok');
    expect(await datasetText(h, alice.key, run.outputs[0].id)).toBe('one\ntwo\n');
  });
});
