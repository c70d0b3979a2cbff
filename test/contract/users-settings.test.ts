import type { Env } from '../../src/config/app-config';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/** A platform started with the given operator settings, with alice and bob. */
function withSettings(env: Env) {
  const state = {} as { h: TestPlatform; alice: TestUser; bob: TestUser };
  beforeAll(async () => {
    state.h = await startTestPlatform(env);
    state.alice = await state.h.newUser('alice');
    state.bob = await state.h.newUser('bob');
  });
  afterAll(() => state.h.close());
  return state;
}

describe('GET /api/users with EXPOSE_USER_EMAIL', () => {
  const s = withSettings({ EXPOSE_USER_EMAIL: 'true' });

  it("lists everyone, with others' emails but without their usernames", async () => {
    const res = await s.h.api.get('/api/users').query({ key: s.alice.key });
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({ model_class: 'User', id: s.alice.id, email: s.alice.email, username: 'alice' });
    expect(res.body).toContainEqual({ model_class: 'User', id: s.bob.id, email: s.bob.email });
  });
});

describe('GET /api/users with EXPOSE_USER_NAME', () => {
  const s = withSettings({ EXPOSE_USER_NAME: 'true' });

  it("lists everyone, with others' usernames but without their emails", async () => {
    const res = await s.h.api.get('/api/users').query({ key: s.alice.key });
    expect(res.body).toContainEqual({ model_class: 'User', id: s.bob.id, username: 'bob' });
    expect(res.body).toContainEqual({ model_class: 'User', id: s.alice.id, email: s.alice.email, username: 'alice' });
  });

  it('still shows an administrator everything', async () => {
    const res = await s.h.api.get('/api/users').query({ key: s.h.admin.key });
    expect(res.body).toContainEqual({ model_class: 'User', id: s.bob.id, email: s.bob.email, username: 'bob' });
  });

  it('still refuses another user in show', async () => {
    expect((await s.h.api.get(`/api/users/${s.bob.id}`).query({ key: s.alice.key })).status).toBe(400);
  });
});

describe('POST /api/users with ALLOW_USER_CREATION=false', () => {
  const s = withSettings({ ALLOW_USER_CREATION: 'false' });

  it('refuses a plain user with ConfigDoesNotAllowException', async () => {
    const res = await s.h.api.post('/api/users').send({ key: s.alice.key, email: 'new@example.org', username: 'newbie', password: 'secret12' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ err_msg: 'User creation is not allowed in this Galaxy instance', err_code: 403004 });
  });

  it('still lets an administrator create users', async () => {
    const res = await s.h.api.post('/api/users').send({ key: s.h.admin.key, email: 'new@example.org', username: 'newbie', password: 'secret12' });
    expect(res.status).toBe(200);
  });
});
