import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { anonymousSession } from '../support/history-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

let h: TestPlatform;
let alice: TestUser;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
});
afterAll(() => h.close());

/** The platform's Python writes the float as `12.0`; clients checking the type see a float. */
describe('total_disk_usage is written as a float, as the platform writes it (contract: a number)', () => {
  it('in show, current and create, before and after an upload', async () => {
    const current = await h.api.get('/api/users/current').query({ key: alice.key });
    expect(current.status).toBe(200);
    expect(current.text).toMatch(/"total_disk_usage":0\.0[,}]/);
    expect(current.body.total_disk_usage).toBe(0);
    const history = await createHistory(h, alice.key);
    const upload = await uploadText(h, alice.key, history, 'twelve bytes');
    await waitForJob(h, alice.key, upload.jobId);
    const shown = await h.api.get(`/api/users/${alice.id}`).query({ key: alice.key });
    expect(shown.text).toMatch(/"total_disk_usage":\d+\.0[,}]/);
    expect(shown.body.total_disk_usage).toBeGreaterThan(0);
    const created = await h.api.post('/api/users').query({ key: h.admin.key }).send({ username: 'carol', email: 'carol@example.org', password: 'secret-pass' });
    expect(created.status).toBe(200);
    expect(created.text).toMatch(/"total_disk_usage":0\.0[,}]/);
  });
});

/** The platform writes the anonymous view as `int(usage)`: `0`, never `0.0`; a signed-in caller keeps the float. */
describe('the anonymous usage view of GET /api/users/current writes total_disk_usage as an integer', () => {
  it('with no session: only usage and quota, 0 bytes', async () => {
    const res = await h.api.get('/api/users/current');
    expect(res.status).toBe(200);
    expect(res.text).toBe('{"total_disk_usage":0,"nice_total_disk_usage":"0 bytes","quota_percent":null}');
  });

  it("with a session whose history holds data: the history's bytes as an integer, with their nice size", async () => {
    const anon = await anonymousSession(h, 'twelve bytes');
    expect((await waitForJob(h, h.admin.key, anon.jobId)).state).toBe('ok');
    const res = await h.api.get('/api/users/current').set('Cookie', anon.cookie);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['total_disk_usage', 'nice_total_disk_usage', 'quota_percent']);
    expect(res.text).toMatch(/^\{"total_disk_usage":[1-9]\d*,/);
    expect(res.body.nice_total_disk_usage).toBe(`${res.body.total_disk_usage} bytes`);
    expect(res.body.quota_percent).toBeNull();
    const quota = await h.api
      .post('/api/quotas')
      .send({ key: h.admin.key, name: 'anonymous kilobyte', description: 'anonymous users', amount: '1 KB', operation: '=', default: 'unregistered' });
    expect(quota.status).toBe(200);
    const limited = await h.api.get('/api/users/current').set('Cookie', anon.cookie);
    expect(limited.body.quota_percent).toBe(Math.trunc((res.body.total_disk_usage / 1024) * 100));
    expect(limited.text).toMatch(/"quota_percent":\d+\}$/);
    await h.api.put(`/api/quotas/${quota.body.id}`).send({ key: h.admin.key, default: 'no' });
  });
});
