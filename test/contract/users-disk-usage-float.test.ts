import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
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
