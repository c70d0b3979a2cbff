import type { AddressInfo, Server } from 'node:net';
import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { CASES, type Case, caseTitle, expectNoMarker, MARKERS, type RestrictedWorld, restrictedWorld } from '../support/restricted-datasets';
import { patient } from '../support/patience';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

/**
 * The graph's subscriptions over a real WebSocket (graphql-ws at /graphql): `historyItemChanged`
 * delivers a change of a dataset the subscriber may not read in its inaccessible form (an
 * annotation written since included), and `historyItemsBatches` (the streamed listing) lists it so.
 */
let h: TestPlatform;
let server: Server;
let url: string;
let world: RestrictedWorld;
const clients: Client[] = [];

type Dict = Record<string, unknown>;
type Result = { data?: Record<string, unknown> | null; errors?: readonly unknown[] };

const DATASET_FIELDS = `id accessible name hid state extension peek metadata misc_info misc_blurb genomeBuild uuid fileSize
  tags annotation toolVersion permissions { access } creatingJob { id }`;

function connect(key: string | undefined): Client {
  const client = createClient({ url, webSocketImpl: WebSocket, connectionParams: key ? { key } : {}, retryAttempts: 0, lazy: true });
  clients.push(client);
  return client;
}

/** The results of a subscription until `until` holds on one of them, or it completes. */
function results(client: Client, query: string, variables: Dict, until: (result: Result) => boolean, timeoutMs = 20_000): Promise<Result[]> {
  return new Promise((resolve, reject) => {
    const received: Result[] = [];
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no end within ${timeoutMs} ms; got ${JSON.stringify(received)}`));
    }, patient(timeoutMs));
    const finish = () => {
      clearTimeout(timer);
      stop();
      resolve(received);
    };
    const stop = client.subscribe<Record<string, unknown>>(
      { query, variables },
      {
        next: (result) => {
          received.push(result as Result);
          if (until(result as Result)) finish();
        },
        error: (error) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(JSON.stringify(error)));
        },
        complete: finish,
      },
    );
  });
}

beforeAll(async () => {
  h = await startTestPlatform();
  server = h.platform.http.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  world = await restrictedWorld(h);
});
afterAll(async () => {
  for (const client of clients) await client.dispose();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await h?.close();
});

function expectShownNode(c: Case, node: Dict | undefined, everything: unknown): void {
  expect(node).toBeDefined();
  if (c.sees === 'inaccessible') {
    expect(node).toMatchObject({
      accessible: false,
      name: `${c.dataset} data`,
      peek: null,
      metadata: null,
      misc_info: null,
      genomeBuild: null,
      uuid: null,
      fileSize: 0,
      tags: [],
      annotation: null,
      permissions: null,
      creatingJob: null,
    });
    expectNoMarker(everything, c.dataset);
  } else {
    expect(node).toMatchObject({ accessible: true, peek: expect.stringMatching(MARKERS[c.dataset]), uuid: expect.any(String) });
  }
}

describe('subscription historyItemChanged delivers a change of a dataset the subscriber may not read in its inaccessible form', () => {
  let change = 0;
  it.each(CASES.map((c) => [caseTitle(c), c] as const))('%s', async (_title, c) => {
    const where = world.places[c.place];
    const id = world.idOf(c.place, c.dataset);
    change += 1;
    const annotation = `${c.dataset === 'private' ? 'PRIVATE-MARKER' : 'RESTRICTED-MARKER'} note ${change}`;
    const query = `subscription ($h: ID!) { historyItemChanged(historyId: $h) { __typename ... on HistoryContent { ${DATASET_FIELDS} } } }`;
    const followed = results(connect(world.keyOf(c.caller)), query, { h: where.historyId }, (result) => Boolean(result.errors) || (result.data?.historyItemChanged as Dict | null)?.id === id);
    await new Promise((resolve) => setTimeout(resolve, 300)); // the subscription is set up
    const changed = await h.api.put(`/api/histories/${where.historyId}/contents/${id}`).query({ key: world.alice.key }).send({ annotation });
    expect(changed.status).toBe(200);
    const received = await followed;
    const last = received[received.length - 1];
    expect(last.errors).toBeUndefined();
    const node = last.data?.historyItemChanged as Dict;
    expectShownNode(c, node, received);
    if (c.sees === 'full') expect(node.annotation).toBe(annotation);
  });
});

describe('subscription historyItemsBatches (the streamed listing, over graphql-ws) lists a dataset the caller may not read as inaccessible', () => {
  it.each(CASES.map((c) => [caseTitle(c), c] as const))('%s', async (_title, c) => {
    const query = `subscription ($h: ID!) { historyItemsBatches(historyId: $h) { items { __typename ... on HistoryContent { ${DATASET_FIELDS} } } } }`;
    const received = await results(connect(world.keyOf(c.caller)), query, { h: world.places[c.place].historyId }, (result) => Boolean(result.errors));
    expect(received.every((result) => result.errors === undefined)).toBe(true);
    const items = received.flatMap((result) => (result.data?.historyItemsBatches as { items: Dict[] }).items);
    expectShownNode(
      c,
      items.find((item) => item.id === world.idOf(c.place, c.dataset)),
      received,
    );
  });
});
