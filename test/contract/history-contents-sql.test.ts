import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { createHistory, waitForJob } from '../support/data-helpers';

let h: TestPlatform;
let alice: TestUser;

/** One upload job with `count` pasted datasets, each tagged. */
async function addDatasets(historyId: string, count: number): Promise<void> {
  const inputs: Record<string, unknown> = { file_type: 'txt' };
  for (let i = 0; i < count; i += 1) {
    inputs[`files_${i}|url_paste`] = `dataset ${i}\n`;
    inputs[`files_${i}|type`] = 'upload_dataset';
  }
  const res = await h.api.post('/api/tools').send({ key: alice.key, tool_id: 'upload1', history_id: historyId, inputs });
  expect(res.status).toBe(200);
  await waitForJob(h, alice.key, res.body.jobs[0].id);
  for (const output of res.body.outputs as Array<{ id: string }>) {
    await h.api.put(`/api/histories/${historyId}/contents/${output.id}`).query({ key: alice.key }).send({ tags: ['group:x', 'y'] });
  }
}

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
});
afterAll(() => h.close());

describe('GET /api/histories/{id}/contents: constant SQL', () => {
  it('costs the same number of queries for 2 datasets and for 12, in every view', async () => {
    const historyId = await createHistory(h, alice.key);
    await addDatasets(historyId, 2);
    await h.warmKeys(alice.key, h.admin.key);
    const views: Array<Record<string, string>> = [{}, { details: 'all' }, { view: 'detailed' }, { keys: 'name,tags,state' }, { deleted: 'false', visible: 'true' }];
    const small = [];
    for (const view of views) {
      const res = await h.api.get(`/api/histories/${historyId}/contents`).query({ key: alice.key, ...view });
      expect(res.body).toHaveLength(2);
      small.push(h.queriesOf(res));
    }
    await addDatasets(historyId, 10);
    for (const [index, view] of views.entries()) {
      const res = await h.api.get(`/api/histories/${historyId}/contents`).query({ key: alice.key, ...view });
      expect(res.body).toHaveLength(12);
      expect(h.queriesOf(res)).toBe(small[index]);
    }
    const asAdmin = await h.api.get(`/api/histories/${historyId}/contents`).query({ key: h.admin.key, details: 'all' });
    expect(h.queriesOf(asAdmin)).toBeLessThanOrEqual(small[1] + 1);
  });
});
