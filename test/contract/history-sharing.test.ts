import { createHistory } from '../support/data-helpers';
import { expectError } from '../support/job-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

type Dict = Record<string, unknown>;

const put = (key: string | undefined, historyId: string, action: string, body: Dict = {}) => {
  const req = h.api.put(`/api/histories/${historyId}/${action}`);
  return (key ? req.query({ key }) : req).send(body);
};

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  carol = await h.newUser('carol');
});
afterAll(() => h.close());

describe('GET /api/histories/{id}/sharing', () => {
  it("answers the owner and administrators the sharing status; others are refused", async () => {
    const history = await createHistory(h, alice.key, 'Shared Results');
    const res = await h.api.get(`/api/histories/${history}/sharing`).query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: history, title: 'Shared Results', importable: false, published: false, users_shared_with: [], username_and_slug: null });
    expect((await h.api.get(`/api/histories/${history}/sharing`).query({ key: h.admin.key })).status).toBe(200);
    expect((await h.api.get(`/api/histories/${history}/sharing`).query({ key: bob.key })).status).toBe(403);
    expect((await h.api.get(`/api/histories/${history}/sharing`)).status).toBe(403);
  });
});

describe('PUT enable_link_access, disable_link_access, publish, unpublish', () => {
  it('publishing implies link access and gives a slug; disabling link access also unpublishes', async () => {
    const history = await createHistory(h, alice.key, 'My Analysis');
    const linked = await put(alice.key, history, 'enable_link_access');
    expect(linked.body).toMatchObject({ importable: true, published: false, username_and_slug: 'u/alice/h/my-analysis' });
    const published = await put(alice.key, history, 'publish');
    expect(published.body).toMatchObject({ importable: true, published: true });
    expect((await put(alice.key, history, 'unpublish')).body).toMatchObject({ importable: true, published: false });
    await put(alice.key, history, 'publish');
    expect((await put(alice.key, history, 'disable_link_access')).body).toMatchObject({ importable: false, published: false });
    expect((await put(bob.key, history, 'publish')).status).toBe(403);
  });

  it('lists published histories for everyone at GET /api/histories/published', async () => {
    const history = await createHistory(h, alice.key, 'For everyone');
    await put(alice.key, history, 'publish');
    const listed = await h.api.get('/api/histories/published').query({ key: bob.key });
    expect(listed.status).toBe(200);
    expect(listed.body.map((item: Dict) => item.id)).toContain(history);
    expect((await h.api.get(`/api/histories/${history}`).query({ key: bob.key })).status).toBe(200);
  });
});

describe('PUT /api/histories/{id}/share_with_users', () => {
  it('shares with users by email or id, reports unknown ones, and lets them read (not change) the history', async () => {
    const history = await createHistory(h, alice.key, 'For Bob');
    expect((await h.api.get(`/api/histories/${history}`).query({ key: bob.key })).status).toBe(403);
    const res = await put(alice.key, history, 'share_with_users', { user_ids: [bob.email, 'nobody@example.org', carol.id] });
    expect(res.status).toBe(200);
    expect(res.body.errors).toEqual(['nobody@example.org is not a valid Galaxy user.']);
    expect(res.body.sharing_status.users_shared_with).toEqual([
      { id: bob.id, email: bob.email },
      { id: carol.id, email: carol.email },
    ]);
    expect((await h.api.get(`/api/histories/${history}`).query({ key: bob.key })).status).toBe(200);
    expect((await h.api.get(`/api/histories/${history}/contents`).query({ key: bob.key })).status).toBe(200);
    expect((await h.api.put(`/api/histories/${history}`).query({ key: bob.key }).send({ name: 'mine now' })).status).toBe(403);
    const shared = await h.api.get('/api/histories/shared_with_me').query({ key: bob.key });
    expect(shared.body.map((item: Dict) => item.id)).toContain(history);
    // Sharing again with Bob only unshares Carol.
    const again = await put(alice.key, history, 'share_with_users', { user_ids: [bob.id] });
    expect(again.body.sharing_status.users_shared_with).toEqual([{ id: bob.id, email: bob.email }]);
    expect((await h.api.get(`/api/histories/${history}`).query({ key: carol.key })).status).toBe(403);
    const self = await put(alice.key, history, 'share_with_users', { user_ids: [alice.email] });
    expect(self.body.errors).toEqual(['You cannot share resource with yourself.']);
    expectError(await h.api.get('/api/histories/shared_with_me'), 403, 403001);
  });
});
