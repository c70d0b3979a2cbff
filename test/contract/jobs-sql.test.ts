import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { createHistory, uploadText, waitForJob } from '../support/data-helpers';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;

async function addJobs(user: TestUser, historyId: string, count: number): Promise<void> {
  const uploads = [];
  for (let i = 0; i < count; i += 1) uploads.push(await uploadText(h, user.key, historyId, `line ${i}\n`, { fileType: 'txt' }));
  for (const upload of uploads) await waitForJob(h, user.key, upload.jobId);
}

async function cost(query: Record<string, string>): Promise<{ queries: number; count: number }> {
  const res = await h.api.get('/api/jobs').query(query);
  expect(res.status).toBe(200);
  return { queries: h.queriesOf(res), count: res.body.length };
}

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
});
afterAll(() => h.close());

describe('GET /api/jobs: constant SQL', () => {
  it('costs the same number of queries for 2 jobs and for 12', async () => {
    const aliceHistory = await createHistory(h, alice.key);
    const bobHistory = await createHistory(h, bob.key);
    await addJobs(alice, aliceHistory, 1);
    await addJobs(bob, bobHistory, 1);
    await h.warmKeys(alice.key, h.admin.key);
    const views: Array<Record<string, string>> = [{ key: alice.key }, { key: alice.key, user_details: 'true' }, { key: h.admin.key, user_details: 'true' }, { key: alice.key, state: 'ok', tool_id: 'upload1' }];
    const small = [];
    for (const view of views) small.push(await cost(view));
    await addJobs(alice, aliceHistory, 6);
    await addJobs(bob, bobHistory, 4);
    for (const [index, view] of views.entries()) {
      const large = await cost(view);
      expect(large.count).toBeGreaterThan(small[index].count);
      expect(large.queries).toBe(small[index].queries);
    }
  });
});

describe('GET /api/jobs/{id}: one statement', () => {
  it("reads the job, its inputs, outputs, metrics and its owner's email in one statement, for the owner and an administrator", async () => {
    const historyId = await createHistory(h, alice.key);
    const upload = await uploadText(h, alice.key, historyId, 'shown\n', { fileType: 'txt' });
    await waitForJob(h, alice.key, upload.jobId);
    await h.warmKeys(alice.key, h.admin.key);
    for (const key of [alice.key, h.admin.key]) {
      const res = await h.api.get(`/api/jobs/${upload.jobId}`).query({ key, full: 'true' });
      expect(res.status).toBe(200);
      expect(res.body.outputs).toHaveProperty('output0');
      expect(h.queriesOf(res)).toBe(1);
    }
    // The owner's email is shown to administrators (15.05's show view); it comes from that one statement.
    const asAdmin = await h.api.get(`/api/jobs/${upload.jobId}`).query({ key: h.admin.key });
    expect(asAdmin.body.user_email).toBe(alice.email);
  });
});
