import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { createHistory, runTool, uploadText, waitForJob } from '../support/data-helpers';
import { expectError } from '../support/job-helpers';

let h: TestPlatform;
let alice: TestUser;
let historyId: string;
let inputId: string;
let twoLines: { jobId: string; outputId: string };
let threeLines: { jobId: string; outputId: string };

async function head(lineNum: number) {
  const run = await runTool(h, alice.key, historyId, 'Show beginning1', { input: { src: 'hda', id: inputId }, lineNum });
  await waitForJob(h, alice.key, run.jobs[0].id);
  return { jobId: run.jobs[0].id, outputId: run.outputs[0].id };
}

const search = (inputs: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  h.api.post('/api/jobs/search').send({ key: alice.key, tool_id: 'Show beginning1', inputs, ...extra });

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  historyId = await createHistory(h, alice.key);
  const upload = await uploadText(h, alice.key, historyId, 'a\nb\nc\nd\n', { fileType: 'txt' });
  inputId = upload.datasetId;
  await waitForJob(h, alice.key, upload.jobId);
  twoLines = await head(2);
  threeLines = await head(3);
});
afterAll(() => h.close());

describe('POST /api/jobs/search', () => {
  it('finds the job with identical parameters and not the one with different parameters', async () => {
    const two = await search({ input: { src: 'hda', id: inputId }, lineNum: 2 });
    expect(two.status).toBe(200);
    expect(two.body.map((job: { id: string }) => job.id)).toEqual([twoLines.jobId]);
    const asText = await search({ input: { src: 'hda', id: inputId }, lineNum: '3' });
    expect(asText.body.map((job: { id: string }) => job.id)).toEqual([threeLines.jobId]);
    const none = await search({ input: { src: 'hda', id: inputId }, lineNum: 4 });
    expect(none.body).toEqual([]);
  });

  it('treats a dataset reference without src as a history dataset', async () => {
    const res = await search({ input: { id: inputId }, lineNum: 2 });
    expect(res.body.map((job: { id: string }) => job.id)).toEqual([twoLines.jobId]);
  });

  it('answers ObjectNotFound for a dataset of an unknown kind of source', async () => {
    expectError(await search({ input: { src: 'nonsense', id: inputId }, lineNum: 2 }), 404, 404001);
  });

  it('answers MalformedId for an undecodable dataset id', async () => {
    expectError(await search({ input: { src: 'hda', id: 'bad' }, lineNum: 2 }), 400, 400009);
  });

  it('does not find a job whose output was deleted', async () => {
    const deleted = await h.api.delete(`/api/histories/${historyId}/contents/${threeLines.outputId}`).query({ key: alice.key });
    expect(deleted.status).toBe(200);
    expect((await search({ input: { src: 'hda', id: inputId }, lineNum: 3 })).body).toEqual([]);
    // the other run is still found
    expect((await search({ input: { src: 'hda', id: inputId }, lineNum: 2 })).body).toHaveLength(1);
  });

  it('refuses inputs that are not an object', async () => {
    expectError(await h.api.post('/api/jobs/search').send({ key: alice.key, tool_id: 'Show beginning1', inputs: [1, 2] }), 400, 400004);
    expectError(await h.api.post('/api/jobs/search').type('form').send({ key: alice.key, tool_id: 'Show beginning1', inputs: '{broken' }), 400, 400004);
  });
});
