import type { AddressInfo, Server } from 'node:net';
import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { CATCH_UP_LIMIT } from '../../src/services/histories';
import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { decoded } from '../support/job-helpers';
import { seedLargeHistory } from '../support/large-history';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * `subscription { historyItemChanged }` over graphql-ws at /graphql: fed by PostgreSQL's signals, so
 * a state moved by a job another server process ran reaches a subscriber connected to this one.
 */
let front: TestPlatform;
let worker: TestPlatform;
let server: Server;
let url: string;
let alice: TestUser;
let bob: TestUser;
const clients: Client[] = [];

const CHANGED = `subscription ($historyId: ID!) {
  historyItemChanged(historyId: $historyId) { __typename ... on HistoryContent { id hid name state fileSize genomeBuild } ... on HistoryDatasetCollection { id hid name } }
}`;

type Item = { __typename: string; id: string; hid: number; name: string; state?: string };

function connect(connectionParams: Record<string, unknown> = {}): Client {
  const client = createClient({ url, webSocketImpl: WebSocket, connectionParams, retryAttempts: 0, lazy: true });
  clients.push(client);
  return client;
}

/** Collects the events of a subscription until `until` holds (or the time runs out); answers them, or the error. */
function follow(client: Client, historyId: string, until: (items: Item[]) => boolean, timeoutMs = 20_000): Promise<{ items: Item[]; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> }> {
  return new Promise((resolve, reject) => {
    const items: Item[] = [];
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no end within ${timeoutMs} ms; got ${JSON.stringify(items)}`));
    }, timeoutMs);
    const stop = client.subscribe<{ historyItemChanged: Item | null }>(
      { query: CHANGED, variables: { historyId } },
      {
        next: (result) => {
          if (result.errors) {
            clearTimeout(timer);
            stop();
            resolve({ items, errors: result.errors as Array<{ message: string; extensions?: Record<string, unknown> }> });
            return;
          }
          const item = result.data?.historyItemChanged;
          if (item) items.push(item);
          if (until(items)) {
            clearTimeout(timer);
            stop();
            resolve({ items });
          }
        },
        error: (error) => {
          clearTimeout(timer);
          // A closed connection gives its close event (code, reason).
          const closed = error as { code?: number; reason?: string };
          reject(typeof closed.code === 'number' ? { code: closed.code, reason: closed.reason } : error);
        },
        complete: () => undefined,
      },
    );
  });
}

beforeAll(async () => {
  // The front process runs no jobs; the worker process, on the same database, runs them all.
  front = await startTestPlatform({ LOCAL_JOB_WORKERS: '0' });
  worker = await startTestPlatform({ LOCAL_JOB_WORKERS: '1' }, { reset: false });
  server = front.platform.http.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  alice = await front.newUser('alice');
  bob = await front.newUser('bob');
});
afterAll(async () => {
  for (const client of clients) await client.dispose();
  await front?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await worker?.close();
});

describe('subscription historyItemChanged', () => {
  it('delivers a new dataset and each state it moves through, up to ok, though another process ran its job', async () => {
    const historyId = await createHistory(front, alice.key, 'live');
    const client = connect({ key: alice.key });
    let uploadedId = '';
    const followed = follow(client, historyId, (items) => items.some((item) => item.id === uploadedId && item.state === 'ok'));
    await new Promise((resolve) => setTimeout(resolve, 300)); // the subscription is set up
    const upload = await uploadText(front, alice.key, historyId, 'live data\n', { fileType: 'txt', name: 'live.txt' });
    uploadedId = upload.datasetId;
    const { items } = await followed;
    const mine = items.filter((item) => item.id === uploadedId);
    expect(mine[0]).toMatchObject({ __typename: 'HistoryContent', hid: 1, name: 'live.txt' });
    const states = mine.map((item) => item.state);
    expect(states[states.length - 1]).toBe('ok');
    // It moved: an earlier state (new, queued or running) was delivered before ok.
    expect(states.slice(0, -1).some((state) => state === 'new' || state === 'queued' || state === 'running')).toBe(true);
  });

  it('delivers a rename made through the REST API', async () => {
    const historyId = await createHistory(front, alice.key, 'renamed');
    const upload = await uploadText(front, alice.key, historyId, 'x\n', { fileType: 'txt', name: 'before' });
    const client = connect({ key: alice.key });
    const followed = follow(client, historyId, (items) => items.some((item) => item.name === 'after'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await front.api.put(`/api/histories/${historyId}/contents/${upload.datasetId}`).query({ key: alice.key }).send({ name: 'after' });
    const { items } = await followed;
    expect(items.find((item) => item.name === 'after')).toMatchObject({ id: upload.datasetId, hid: 1 });
  });

  it("refuses another user's private history, and an anonymous caller, with the contract's error", async () => {
    const historyId = await createHistory(front, alice.key, 'private');
    const asBob = await follow(connect({ key: bob.key }), historyId, () => false, 5_000);
    expect(asBob.errors?.[0]).toMatchObject({ message: 'History is not accessible by the current user', extensions: { code: 'ItemAccessibilityException' } });
    const anonymous = await follow(connect(), historyId, () => false, 5_000);
    expect(anonymous.errors?.[0].extensions?.code).toBe('ItemAccessibilityException');
  });

  it('closes a connection whose key is refused (4403)', async () => {
    const refused = follow(connect({ key: 'not-a-key' }), 'f2db41e1fa331b3e', () => false, 5_000);
    await expect(refused).rejects.toMatchObject({ code: 4403 });
  });
});

describe('subscription historyItemChanged(changedSince)', () => {
  const CAUGHT_UP = `subscription ($historyId: ID!, $since: DateTimeISO) {
    historyItemChanged(historyId: $historyId, changedSince: $since) { __typename ... on HistoryContent { id state } }
  }`;
  /** The first event of a subscription, or null when none comes within a second. */
  const firstEvent = (historyId: string, since: string | null) =>
    new Promise<Item | null>((resolve, reject) => {
      const client = connect({ key: alice.key });
      const timer = setTimeout(() => {
        stop();
        resolve(null);
      }, 1000);
      const stop = client.subscribe<{ historyItemChanged: Item | null }>(
        { query: CAUGHT_UP, variables: { historyId, since } },
        {
          next: (result) => {
            clearTimeout(timer);
            stop();
            resolve(result.data?.historyItemChanged ?? null);
          },
          error: reject,
          complete: () => undefined,
        },
      );
    });

  it('hands over first the items changed since then: a dataset that ended before the subscription is delivered ok', async () => {
    const historyId = await createHistory(front, alice.key, 'caught up');
    const before = new Date(Date.now() - 60_000).toISOString();
    const upload = await uploadText(front, alice.key, historyId, 'done before\n', { fileType: 'txt', name: 'early.txt' });
    await waitForJob(front, alice.key, upload.jobId);
    expect(await firstEvent(historyId, before)).toMatchObject({ __typename: 'HistoryContent', id: upload.datasetId, state: 'ok' });
    // Without it (or from a time after the change), nothing comes until something changes.
    expect(await firstEvent(historyId, null)).toBeNull();
    expect(await firstEvent(historyId, new Date(Date.now() + 3_600_000).toISOString())).toBeNull();
  });

  it('hands over at most CATCH_UP_LIMIT items, the most recently changed first, however far back it is asked', async () => {
    const historyId = await createHistory(front, alice.key, 'big catch-up');
    await seedLargeHistory(front, decoded(front, historyId), CATCH_UP_LIMIT + 50);
    const newest = await uploadText(front, alice.key, historyId, 'newest\n', { fileType: 'txt', name: 'newest.txt' });
    await waitForJob(front, alice.key, newest.jobId);
    const { items } = await followCatchUp(historyId, new Date(0).toISOString(), CATCH_UP_LIMIT);
    expect(items).toHaveLength(CATCH_UP_LIMIT);
    expect(items[0].id).toBe(newest.datasetId);
    expect(await eventAfter(historyId, CATCH_UP_LIMIT)).toBeNull();
  });

  /** The first `count` events of a catch-up from `since`. */
  function followCatchUp(historyId: string, since: string, count: number): Promise<{ items: Item[] }> {
    return new Promise((resolve, reject) => {
      const items: Item[] = [];
      const client = connect({ key: alice.key });
      const stop = client.subscribe<{ historyItemChanged: Item | null }>(
        { query: CAUGHT_UP, variables: { historyId, since } },
        {
          next: (result) => {
            if (result.data?.historyItemChanged) items.push(result.data.historyItemChanged);
            if (items.length === count) {
              stop();
              resolve({ items });
            }
          },
          error: reject,
          complete: () => undefined,
        },
      );
    });
  }

  /** Whether a catch-up from the beginning gives an event past its `count`-th within a second. */
  function eventAfter(historyId: string, count: number): Promise<Item | null> {
    return new Promise((resolve, reject) => {
      let seen = 0;
      const client = connect({ key: alice.key });
      const timer = setTimeout(() => {
        stop();
        resolve(null);
      }, 1000);
      const stop = client.subscribe<{ historyItemChanged: Item | null }>(
        { query: CAUGHT_UP, variables: { historyId, since: new Date(0).toISOString() } },
        {
          next: (result) => {
            seen += 1;
            if (seen > count) {
              clearTimeout(timer);
              stop();
              resolve(result.data?.historyItemChanged ?? null);
            }
          },
          error: reject,
          complete: () => undefined,
        },
      );
    });
  }
});
