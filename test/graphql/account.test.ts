import request from 'supertest';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * What a person does in the browser with their account, through /graphql and the session cookie:
 * register, their current history, their own API key.
 */
let h: TestPlatform;
let alice: TestUser;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
});
afterAll(() => h.close());

/** A browser: one cookie jar across requests. */
const browser = () => request.agent(h.platform.http.app);
type Agent = ReturnType<typeof browser>;
const gql = async (agent: Agent, query: string, variables: Record<string, unknown> = {}) => (await agent.post('/graphql').send({ query, variables })).body as { data?: Record<string, any>; errors?: Array<{ message: string; extensions: Record<string, unknown> }> };

const REGISTER = 'mutation ($input: NewUserInput!) { register(input: $input) { email username } }';
const CURRENT = 'mutation { ensureCurrentHistory { id name user { email } } }';

describe('register: a visitor makes an account and is signed in', () => {
  it('signs the new user in and gives them the history they started as a visitor', async () => {
    const visitor = browser();
    const started = (await gql(visitor, CURRENT)).data?.ensureCurrentHistory;
    expect(started).toMatchObject({ user: null });
    const registered = await gql(visitor, REGISTER, { input: { email: 'newcomer@example.org', username: 'newcomer', password: 'newcomer-password' } });
    expect(registered).toEqual({ data: { register: { email: 'newcomer@example.org', username: 'newcomer' } } });
    expect((await gql(visitor, '{ viewer { isAnonymous user { email } } }')).data?.viewer).toEqual({ isAnonymous: false, user: { email: 'newcomer@example.org' } });
    expect((await gql(visitor, CURRENT)).data?.ensureCurrentHistory).toMatchObject({ id: started.id, user: { email: 'newcomer@example.org' } });
  });

  it("refuses what the platform's form refuses, with the contract's error", async () => {
    const taken = await gql(browser(), REGISTER, { input: { email: alice.email, username: 'another', password: 'another-password' } });
    expect(taken.errors?.[0]).toMatchObject({ message: expect.stringContaining('exists'), extensions: { status: 400 } });
    const short = await gql(browser(), REGISTER, { input: { email: 'short@example.org', username: 'short', password: 'abc' } });
    expect(short.errors?.[0].extensions.status).toBe(400);
  });

  it('is refused while ALLOW_USER_CREATION is off', async () => {
    const closed = await startTestPlatform({ ALLOW_USER_CREATION: 'false' }, { reset: false });
    try {
      const res = await request(closed.platform.http.app).post('/graphql').send({ query: REGISTER, variables: { input: { email: 'late@example.org', username: 'late', password: 'late-password' } } });
      expect(res.body.errors[0]).toMatchObject({ message: 'User creation is not allowed in this Galaxy instance', extensions: { code: 'ConfigDoesNotAllowException' } });
    } finally {
      await closed.close();
    }
  });
});

describe('viewer.apiKey and createOwnApiKey: a user’s own key', () => {
  it('shows a signed-in user their key, makes a new one the REST API accepts, and expires the old one', async () => {
    const agent = browser();
    expect((await gql(agent, 'mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { email } }', { e: alice.email, p: alice.password })).errors).toBeUndefined();
    expect((await gql(agent, '{ viewer { apiKey } }')).data?.viewer.apiKey).toBe(alice.key);
    const fresh = (await gql(agent, 'mutation { createOwnApiKey }')).data?.createOwnApiKey as string;
    expect(fresh).toMatch(/^[0-9a-f]{32}$/);
    expect((await h.api.get('/api/users/current').query({ key: fresh })).body.email).toBe(alice.email);
    expect((await h.api.get('/api/users/current').query({ key: alice.key })).status).toBe(403);
    alice.key = fresh;
  });

  it('gives a visitor no key and refuses to make one', async () => {
    const visitor = browser();
    expect((await gql(visitor, '{ viewer { apiKey } }')).data?.viewer.apiKey).toBeNull();
    expect((await gql(visitor, 'mutation { createOwnApiKey }')).errors?.[0].extensions.code).toBe('AuthenticationRequired');
  });
});

describe('ensureCurrentHistory and setCurrentHistory: the session’s current history', () => {
  it("gives a signed-in user their most recently used history, and switches to another of theirs, not someone else's", async () => {
    const agent = browser();
    await gql(agent, 'mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { email } }', { e: alice.email, p: alice.password });
    const older = (await h.api.post('/api/histories').query({ key: alice.key }).send({ name: 'older' })).body.id as string;
    const newer = (await h.api.post('/api/histories').query({ key: alice.key }).send({ name: 'newer' })).body.id as string;
    expect((await gql(agent, CURRENT)).data?.ensureCurrentHistory).toMatchObject({ id: newer, name: 'newer' });
    const switched = await gql(agent, 'mutation ($id: ID!) { setCurrentHistory(id: $id) { id name } }', { id: older });
    expect(switched.data?.setCurrentHistory).toEqual({ id: older, name: 'older' });
    expect((await gql(agent, CURRENT)).data?.ensureCurrentHistory.id).toBe(older);
    const bob = await h.newUser('bob');
    const bobs = (await h.api.post('/api/histories').query({ key: bob.key }).send({ name: 'bobs' })).body.id as string;
    expect((await gql(agent, 'mutation ($id: ID!) { setCurrentHistory(id: $id) { id } }', { id: bobs })).errors?.[0].extensions.code).toBe('ItemOwnershipException');
  });
});
