import Cursor from 'pg-cursor';
import { serializationOf } from '../../rest-shim/core/views';
import { HDA_DETAILED_KEYS, HDA_SELECTION_IF_DETAILED, HDA_SUMMARY_KEYS, HDA_VIEW, hdaDict, needsDetails } from '../../rest-shim/serializers/hda.reply';
import { HDCA_SELECTION, hdcaDict } from '../../rest-shim/serializers/hdca.reply';
import { createCollection, createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { decoded, expectError, sql } from '../support/job-helpers';
import { seedLargeHistory } from '../support/large-history';
import { type ListeningApp, listenOnFreePort, stalledGet } from '../support/raw-http';
import { connectionPool, expectConnectionsReleased } from '../support/connection-pool';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { patient } from '../support/patience';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let small: string;
let big: string;
/** Datasets of the big history named in `ids` and `details`. */
let named: string[];
let served: ListeningApp;

/** The listing the shim answered before it streamed: `historyItems` in one query, shaped whole. */
const WHOLE = `query ($historyId: ID!, $types: [String!], $ids: [ID!], $deleted: Boolean, $visible: Boolean, $detailed: Boolean!) {
  historyItems(historyId: $historyId, types: $types, ids: $ids, deleted: $deleted, visible: $visible) {
    __typename
    ... on HistoryContent { ${HDA_SELECTION_IF_DETAILED} }
    ... on HistoryDatasetCollection { ${HDCA_SELECTION} }
  }
}`;

type Item = Record<string, unknown>;
const list = (value: string | undefined) => (value === undefined ? undefined : value.split(',').filter(Boolean));
const bool = (value: string | undefined) => (value === undefined ? null : value === 'true');

/** The answer as the whole-answer route built it, from the graph's `historyItems`. */
async function wholeAnswer(historyId: string, params: Record<string, string>): Promise<unknown> {
  const fixed = params.view !== undefined || params.keys !== undefined ? serializationOf(HDA_VIEW, params.view, params.keys, 'summary').keys : null;
  const details = list(params.details) ?? [];
  const keysOf = (id: string) => fixed ?? (details.includes('all') || details.includes(id) ? HDA_DETAILED_KEYS : HDA_SUMMARY_KEYS);
  const variables = {
    historyId,
    types: list(params.types) ?? null,
    ids: list(params.ids) ?? null,
    deleted: bool(params.deleted),
    visible: bool(params.visible),
    detailed: details.length > 0 || needsDetails(fixed ?? HDA_SUMMARY_KEYS),
  };
  const res = await h.api.post('/graphql').set('x-api-key', alice.key).send({ query: WHOLE, variables });
  expect(res.body.errors).toBeUndefined();
  return (res.body.data.historyItems as Item[]).map((item) => (item.__typename === 'HistoryDatasetCollection' ? hdcaDict(item) : hdaDict(item, keysOf(item.id as string))));
}

/** Two uploaded datasets, a collection of them, then `count` datasets seeded by SQL around two more collections. */
async function historyOf(name: string, count: number): Promise<{ id: string; uploaded: string[] }> {
  const id = await createHistory(h, alice.key, name);
  const uploads = [await uploadText(h, alice.key, id, 'a\n'), await uploadText(h, alice.key, id, 'b\n')];
  for (const upload of uploads) await waitForJob(h, alice.key, upload.jobId);
  const uploaded = uploads.map((upload) => upload.datasetId);
  const elements = uploaded.map((dataset, index) => ({ name: `e${index}`, src: 'hda' as const, id: dataset }));
  await createCollection(h, alice.key, id, 'list', 'first pair', elements);
  const half = Math.floor(count / 2);
  await seedLargeHistory(h, decoded(h, id), half);
  await createCollection(h, alice.key, id, 'list', 'middle pair', elements);
  await seedLargeHistory(h, decoded(h, id), count - half);
  await createCollection(h, alice.key, id, 'list', 'last pair', elements);
  await h.api.put(`/api/histories/${id}/contents/${uploaded[0]}`).query({ key: alice.key }).send({ tags: ['group:x', 'y'] });
  // Some hidden and deleted datasets (every 7th and every 11th).
  await sql(h, 'update history_dataset_association set visible = false where history_id = ? and hid % 7 = 0', [decoded(h, id)]);
  await sql(h, 'update history_dataset_association set deleted = true where history_id = ? and hid % 11 = 0', [decoded(h, id)]);
  return { id, uploaded };
}

const contents = (historyId: string, params: Record<string, string> = {}, key = alice.key) => h.api.get(`/api/histories/${historyId}/contents`).query({ key, ...params });

/** Every parameter mix of the contract's listing. */
const mixes = (): Array<Record<string, string>> => [
  {},
  { details: 'all' },
  { details: named.join(',') },
  { view: 'detailed' },
  { view: 'summary', keys: 'tags,create_time' },
  { keys: 'name,tags,state' },
  { deleted: 'false', visible: 'true' },
  { deleted: 'true' },
  { visible: 'false' },
  { types: 'dataset' },
  { types: 'dataset_collection' },
  { ids: named.join(',') },
];

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  small = (await historyOf('small', 5)).id;
  const seeded = await historyOf('big', 2500);
  big = seeded.id;
  const listed = await contents(big);
  named = [seeded.uploaded[0], (listed.body as Item[])[1500].id as string, (listed.body as Item[])[2400].id as string];
  await h.warmKeys(alice.key, bob.key);
  served = await listenOnFreePort(h.platform.http.app);
}, patient(120_000));
afterAll(async () => {
  await served.close();
  await h.close();
});

describe('GET /api/histories/{id}/contents: streamed as it is read', () => {
  it('answers every parameter mix exactly as the whole answer did, and across batches', async () => {
    const expectSame = async (historyId: string, params: Record<string, string>) => {
      const res = await contents(historyId, params);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toEqual(await wholeAnswer(historyId, params));
    };
    for (const params of mixes()) await expectSame(small, params);
    // Three batches (1,000 items each), collections among them; the detailed mixes of 2,505 items are the slow ones.
    const bigMixes: Array<Record<string, string>> = [{}, { details: named.join(',') }, { deleted: 'false', visible: 'true' }, { keys: 'name,tags,state' }];
    for (const params of bigMixes) await expectSame(big, params);
    const all = (await contents(big)).body as Item[];
    expect(all).toHaveLength(2505);
    expect(all.map((item) => item.hid)).toEqual(Array.from({ length: 2505 }, (_, index) => index + 1));
    expect(all.filter((item) => item.history_content_type === 'dataset_collection').map((item) => item.name)).toEqual(['first pair', 'middle pair', 'last pair']);
  });

  it('writes the same bytes as JSON.stringify of the whole answer', async () => {
    const res = await contents(small, { details: named[0] }).buffer(true).parse((response, done) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => done(null, text));
    });
    expect(res.body).toBe(JSON.stringify(await wholeAnswer(small, { details: named[0] })));
    expect(JSON.parse(res.body as string)).toHaveLength(10);
  });

  it('costs the same statements for 10 items and for 2,505, in every mix', async () => {
    for (const params of mixes()) {
      const few = await contents(small, params);
      const many = await contents(big, params);
      expect([params, h.queriesOf(many)]).toEqual([params, h.queriesOf(few)]);
    }
  });

  it('reads a history of one batch or less as one prepared statement, a bigger one through a cursor (server)', async () => {
    const cursorReads = jest.spyOn(Cursor.prototype, 'read');
    try {
      expect((await contents(small)).body).toHaveLength(10);
      expect(cursorReads).not.toHaveBeenCalled();
      expect((await contents(big)).body).toHaveLength(2505);
      // Three batches of 1,000, then the read that finds the end.
      expect(cursorReads.mock.calls.length).toBeGreaterThanOrEqual(3);
    } finally {
      cursorReads.mockRestore();
    }
  });

  it('answers an empty history with []', async () => {
    const empty = await createHistory(h, alice.key, 'empty');
    const res = await contents(empty);
    expect(res.status).toBe(200);
    expect(res.text).toBe('[]');
  });

  it('refuses before writing anything: a private history, an unknown type, a malformed id', async () => {
    expectError(await contents(big, {}, bob.key), 403, 403002);
    expectError(await contents(big, { types: 'bogus' }), 400, 400008);
    expectError(await contents('nonsense'), 400, 400009);
  });

  it('releases the read of a client that goes away mid-answer: later requests are served', async () => {
    const { port } = served;
    // Some 25 MB of detailed items read through a cursor: more than the sockets between the two ends
    // can hold unread, so the read is still open when the client goes.
    const listed = await createHistory(h, alice.key, 'huge');
    await seedLargeHistory(h, decoded(h, listed), 20_000);
    for (let i = 0; i < 3; i += 1) {
      const reply = await stalledGet(port, `/api/histories/${listed}/contents?details=all&key=${alice.key}`);
      expect(reply.status).toBe(200);
      // The client reads nothing more: the answer waits on backpressure, its read still open (a cursor on a server).
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(connectionPool(h).numUsed()).toBeGreaterThanOrEqual(1);
      reply.destroy();
    }
    await expectConnectionsReleased(h);
    const after = await contents(big);
    expect(after.status).toBe(200);
    expect(after.body).toHaveLength(2505);
  });
});
