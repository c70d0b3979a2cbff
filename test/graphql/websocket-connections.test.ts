import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { User } from '../../src/entities/user.entity';
import { createHistory } from '../support/data-helpers';
import { GraphQLSocket, type SocketOptions } from '../support/graphql-socket';
import { listen, type Listening, signIn } from '../support/listening-platform';
import { patient } from '../support/patience';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * Who may open the graph's WebSocket, and for how long it acts for them: a browser page only from the
 * service's own origin (or ALLOWED_ORIGINS); the caller checked again for each operation; a
 * connection closed (4403) as soon as its credentials end, whichever process ended them.
 */
let front: TestPlatform;
let other: TestPlatform;
let web: Listening;
const sockets: GraphQLSocket[] = [];
const clients: Client[] = [];

const ALLOWED_ORIGIN = 'https://ui.example.org';

beforeAll(async () => {
  front = await startTestPlatform({ ALLOWED_ORIGINS: `${ALLOWED_ORIGIN}/`, LOCAL_JOB_WORKERS: '0' });
  // A second server process on the same database: a sign-out there must end sockets here.
  other = await startTestPlatform({ LOCAL_JOB_WORKERS: '0' }, { reset: false });
  web = await listen(front);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const client of clients) await client.dispose();
  await front?.close();
  await web?.close();
  await other?.close();
});

async function open(options: SocketOptions): Promise<GraphQLSocket> {
  const socket = await GraphQLSocket.open(web.socketUrl, options);
  sockets.push(socket);
  return socket;
}

/** A browser page of `origin` signed in with `cookie`. */
const page = (cookie: string, origin = web.origin): SocketOptions => ({ headers: { cookie, origin } });

const VIEWER = '{ viewer { isAnonymous user { email } } }';
const CHANGED = 'subscription ($historyId: ID!) { historyItemChanged(historyId: $historyId) { __typename } }';
const FORBIDDEN = { code: 4403 };

describe("the WebSocket upgrade's Origin", () => {
  let alice: TestUser;
  let cookie: string;
  beforeAll(async () => {
    alice = await front.newUser('alice');
    cookie = await signIn(front, alice);
  });

  it('refuses a page of another origin carrying the signed-in cookie (another port of this host, another site) with 403, before the WebSocket opens', async () => {
    await expect(open(page(cookie, `http://127.0.0.1:${web.port + 1}`))).rejects.toEqual({ status: 403 });
    await expect(open(page(cookie, 'https://attacker.example'))).rejects.toEqual({ status: 403 });
    await expect(open(page(cookie, 'null'))).rejects.toEqual({ status: 403 });
  });

  it("accepts the service's own pages (the request's Host, over http or https) and those of ALLOWED_ORIGINS", async () => {
    for (const origin of [web.origin, `https://127.0.0.1:${web.port}`, ALLOWED_ORIGIN]) {
      const socket = await open(page(cookie, origin));
      expect((await socket.run(VIEWER)).results).toEqual([{ data: { viewer: { isAnonymous: false, user: { email: alice.email } } } }]);
    }
  });

  it('accepts a client that sends no Origin (a script with its key in connectionParams)', async () => {
    const client = createClient({ url: web.socketUrl, webSocketImpl: WebSocket, connectionParams: { key: alice.key }, retryAttempts: 0, lazy: true });
    clients.push(client);
    const result = await new Promise((resolve, reject) => {
      client.subscribe({ query: VIEWER }, { next: resolve, error: reject, complete: () => undefined });
    });
    expect(result).toEqual({ data: { viewer: { isAnonymous: false, user: { email: alice.email } } } });
  });
});

describe('a connection ends with its credentials', () => {
  /** A graphql-ws client of a browser page with its cookie: what its subscription receives until it ends. */
  function follow(cookie: string, historyId: string): { ended: Promise<unknown>; started: Promise<void> } {
    class PageSocket extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { headers: { cookie, origin: web.origin } });
      }
    }
    let connected: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (connected = resolve));
    const client = createClient({ url: web.socketUrl, webSocketImpl: PageSocket, retryAttempts: 0, lazy: true, on: { connected: () => connected() } });
    clients.push(client);
    const ended = new Promise((resolve) => {
      client.subscribe({ query: CHANGED, variables: { historyId } }, { next: () => undefined, error: (error) => resolve(error), complete: () => resolve('completed') });
    });
    return { ended, started };
  }

  /** An open subscription on a raw connection, set up (an operation sent after it answered, and a moment more). */
  async function subscribed(options: SocketOptions, historyId: string): Promise<{ socket: GraphQLSocket; id: string }> {
    const socket = await open(options);
    const id = socket.start(CHANGED, { historyId });
    expect((await socket.run(VIEWER)).errors).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await socket.outcome(id, 0)).completed).toBe(false);
    return { socket, id };
  }

  it('signing out (the graph’s logout with the same cookie, in another process) ends its open subscription and the connection', async () => {
    const bob = await front.newUser('bob');
    const historyId = await createHistory(front, bob.key, 'live');
    const cookie = await signIn(front, bob);
    const followed = follow(cookie, historyId);
    await followed.started;
    const raw = await subscribed(page(cookie), historyId);
    const logout = await other.api.post('/graphql').set('Cookie', cookie).send({ query: 'mutation { logout }' });
    expect(logout.body).toEqual({ data: { logout: true } });
    await expect(followed.ended).resolves.toMatchObject(FORBIDDEN);
    expect(await raw.socket.closed(patient(10_000))).toMatchObject(FORBIDDEN);
    expect((await raw.socket.outcome(raw.id)).closed).toMatchObject(FORBIDDEN);
    expect(raw.socket.isOpen).toBe(false);
    // The cookie now opens a visitor's connection, which may not follow bob's history.
    const visitor = await open(page(cookie));
    expect((await visitor.run(VIEWER)).results).toEqual([{ data: { viewer: { isAnonymous: true, user: null } } }]);
    expect((await visitor.run(CHANGED, { historyId })).results[0].errors?.[0].extensions?.code).toBe('ItemAccessibilityException');
  });

  it("replacing the key (the graph's createOwnApiKey) ends the connections of the old key, which no longer opens one", async () => {
    const carol = await front.newUser('carol');
    const historyId = await createHistory(front, carol.key, 'live');
    const { socket } = await subscribed({ params: { key: carol.key } }, historyId);
    const fresh = await front.api.post('/graphql').query({ key: carol.key }).send({ query: 'mutation { createOwnApiKey }' });
    const newKey = fresh.body.data.createOwnApiKey as string;
    expect(await socket.closed(patient(10_000))).toEqual({ code: 4403, reason: 'Provided API key has expired.' });
    await expect(open({ params: { key: carol.key } })).rejects.toMatchObject(FORBIDDEN);
    expect((await (await open({ params: { key: newKey } })).run(VIEWER)).results[0].data?.viewer).toEqual({ isAnonymous: false, user: { email: carol.email } });
  });

  it('replacing the key through REST (POST /api/users/{id}/api_key) ends them too', async () => {
    const dave = await front.newUser('dave');
    const historyId = await createHistory(front, dave.key, 'live');
    const { socket, id } = await subscribed({ params: { key: dave.key } }, historyId);
    expect((await other.api.post(`/api/users/${dave.id}/api_key`).query({ key: other.masterKey })).status).toBe(200);
    expect(await socket.closed(patient(10_000))).toMatchObject(FORBIDDEN);
    expect((await socket.outcome(id)).closed).toMatchObject(FORBIDDEN);
  });

  it('deleting the user ends the connections of its key and of its session (by any write: the API answers DELETE /api/users/{id} with 501, as the contract does)', async () => {
    const erin = await front.newUser('erin');
    const historyId = await createHistory(front, erin.key, 'live');
    const byKey = await subscribed({ params: { key: erin.key } }, historyId);
    const bySession = await subscribed(page(await signIn(front, erin)), historyId);
    expect((await front.api.delete(`/api/users/${erin.id}`).query({ key: front.masterKey })).status).toBe(501);
    await other.platform.services.db.orm.em.fork().nativeUpdate(User, { email: erin.email }, { deleted: true });
    expect(await byKey.socket.closed(patient(10_000))).toEqual({ code: 4403, reason: 'User account is deactivated, please contact an administrator.' });
    expect(await bySession.socket.closed(patient(10_000))).toMatchObject(FORBIDDEN);
  });

  it('checks the caller again for each operation, so an operation is refused even when no signal came (triggers off)', async () => {
    const fay = await front.newUser('fay');
    const historyId = await createHistory(front, fay.key, 'live');
    const cookie = await signIn(front, fay);
    const { socket } = await subscribed(page(cookie), historyId);
    const sessionKey = front.platform.services.ids.decodeGuid(cookie.slice('galaxysession='.length));
    await front.platform.services.db.orm.em.getKnex().transaction(async (trx) => {
      await trx.raw('set local session_replication_role = replica');
      await trx.raw('update galaxy_session set is_valid = false where session_key = ?', [sessionKey]);
    });
    await new Promise((resolve) => setTimeout(resolve, 300)); // a signal, had there been one, would have come
    expect(socket.closedWith).toBeNull();
    const refused = await socket.run(VIEWER);
    expect(refused.results).toEqual([]);
    expect(refused.errors?.[0].extensions?.code).toBe('AuthenticationRequired');
    expect(await socket.closed()).toMatchObject(FORBIDDEN);
  });

  it('keeps a connection whose user changed in a way that keeps its credentials (a new email)', async () => {
    const gus = await front.newUser('gus');
    const socket = await open({ params: { key: gus.key } });
    await front.platform.services.db.orm.em.fork().nativeUpdate(User, { email: gus.email }, { email: 'gustav@example.org' });
    // The signal went round (the REST key cache forgot the key: its next use reads it again).
    const deadline = Date.now() + patient(5000);
    while ((await front.api.get('/api/users/current').query({ key: gus.key })).body.email !== 'gustav@example.org') {
      if (Date.now() > deadline) throw new Error('the rename was not signalled');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(socket.isOpen).toBe(true);
    expect((await socket.run(VIEWER)).results).toEqual([{ data: { viewer: { isAnonymous: false, user: { email: 'gustav@example.org' } } } }]);
  });
});
