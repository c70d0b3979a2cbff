import { get as httpGet, type IncomingMessage } from 'node:http';
import { serializationOf, viewSelection } from '../../rest-shim/core/views';
import { HISTORY_VIEW, historyDict } from '../../rest-shim/serializers/history.reply';
import { createCollection, createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { anonymousSession } from '../support/history-helpers';
import { decoded, expectError, sql } from '../support/job-helpers';
import { type ListeningApp, listenOnFreePort } from '../support/raw-http';
import { connectionPool, expectConnectionsReleased } from '../support/connection-pool';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { patient } from '../support/patience';

let h: TestPlatform;
let alice: TestUser;
let carol: TestUser;
/** Alice's history with an upload, a collection and tags, published with a slug and shared with Carol. */
let rich: string;
let served: ListeningApp;

type Item = Record<string, unknown>;
const view = viewSelection(HISTORY_VIEW);

/** The listings the shim answered before they streamed: the graph's whole lists, shaped whole. */
const WHOLE_INDEX = `query ($deleted: Boolean, $filters: [HistoryFilterInput!], $limit: Int, $offset: Int, ${view.variables}) {
  result: histories(deleted: $deleted, filters: $filters, limit: $limit, offset: $offset) { ${view.selection} }
}`;
const WHOLE_LIST = (field: string) => `query (${view.variables}) { result: ${field} { ${view.selection} } }`;

/** A request of the contract: a path and its parameters (`q`/`qv` repeatable). */
interface Listing {
  path: string;
  params: Record<string, string | string[]>;
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const intParam = (value: string | string[] | undefined) => (one(value) === undefined ? null : Number(one(value)));

/** The answer as the whole-answer route built it. */
async function wholeAnswer(listing: Listing, key: string): Promise<unknown> {
  const { params } = listing;
  const { keys, flags } = serializationOf(HISTORY_VIEW, one(params.view), one(params.keys), 'summary');
  let query = WHOLE_INDEX;
  let variables: Record<string, unknown> = flags;
  if (listing.path.endsWith('/shared_with_me')) query = WHOLE_LIST('historiesSharedWithMe');
  else if (listing.path.endsWith('/published')) query = WHOLE_LIST('publishedHistories');
  else {
    const q = [params.q ?? []].flat();
    const qv = [params.qv ?? []].flat();
    variables = {
      ...flags,
      deleted: listing.path.endsWith('/deleted') ? true : one(params.deleted) === 'true',
      filters: q.map((name, i) => ({ q: name, qv: qv[i] })),
      limit: intParam(params.limit),
      offset: intParam(params.offset),
    };
  }
  const res = await h.api.post('/graphql').set('x-api-key', key).send({ query, variables });
  expect(res.body.errors).toBeUndefined();
  return (res.body.data.result as Item[]).map((history) => historyDict(history, keys));
}

const get = (listing: Listing, key: string) => h.api.get(listing.path).query({ key, ...listing.params });

/**
 * `count` histories of the user by SQL (set-based): each with two datasets in states cycling through
 * every state, some deleted or purged, some files purged or of unknown size, every second history a
 * copy of its first dataset (one file, listed twice); every 5th published with a slug, every 7th
 * deleted, every 3rd shared with `sharedWith`.
 */
async function seedHistories(user: TestUser, count: number, sharedWith: TestUser): Promise<void> {
  const userId = decoded(h, user.id);
  const tag = `seed${Date.now()}`;
  await sql(
    h,
    `insert into history (create_time, update_time, user_id, name, hid_counter, deleted, purged, importable, published, slug, genome_build, annotation)
     select now() - g * interval '1 second', now() - g * interval '1 second', ?, ? || ' ' || g, 4, g % 7 = 0, false, g % 5 = 0, g % 5 = 0,
            case when g % 5 = 0 then ? || '-' || g end, case when g % 2 = 0 then 'hg19' end, case when g % 4 = 0 then 'note ' || g end
     from generate_series(1, ?) g`,
    [userId, tag, tag, count],
  );
  const seeded = `(select id from history where user_id = ${userId} and name like '${tag} %')`;
  await sql(
    h,
    `insert into dataset (create_time, update_time, state, deleted, purged, file_size, external_filename, uuid)
     select now(), now(), (array['new','upload','queued','running','ok','empty','error','discarded','paused','setting_metadata','failed_metadata'])[1 + (s.id * 2 + k) % 11],
            false, s.id % 6 = 0 and k = 2, case when s.id % 9 = 0 and k = 1 then null else s.id * 10 + k end, 'seed/' || s.id || '/' || k, gen_random_uuid()
     from ${seeded} s, generate_series(1, 2) k`,
  );
  await sql(
    h,
    `insert into history_dataset_association (create_time, update_time, history_id, dataset_id, hid, name, extension, metadata, visible, deleted, purged)
     select now(), now(), s.id, d.id, k, 'dataset ' || k, 'txt', '{}'::jsonb, true, k = 2 and s.id % 3 = 0, k = 1 and s.id % 8 = 1
     from ${seeded} s cross join generate_series(1, 2) k join dataset d on d.external_filename = 'seed/' || s.id || '/' || k
     union all
     select now(), now(), s.id, d.id, 3, 'copy of dataset 1', 'txt', '{}'::jsonb, true, false, false
     from ${seeded} s join dataset d on d.external_filename = 'seed/' || s.id || '/1' where s.id % 2 = 0`,
  );
  await sql(h, `insert into history_user_share_association (history_id, user_id) select id, ? from ${seeded} s where s.id % 3 = 0`, [decoded(h, sharedWith.id)]);
  await sql(h, `insert into item_tag (create_time, update_time, user_id, item_type, item_id, name, value) select now(), now(), ?, 'history', id, 'group', 'g' || (id % 4) from ${seeded} s where s.id % 4 < 2`, [userId]);
}

/** Every parameter mix of the contract's four listings. */
function mixes(): Array<[TestUser, Listing]> {
  const index = (params: Listing['params']): [TestUser, Listing] => [alice, { path: '/api/histories', params }];
  return [
    index({}),
    index({ view: 'detailed' }),
    index({ view: 'summary', keys: 'size,nice_size,empty,count,state,state_details,create_time' }),
    index({ keys: 'id,hdas,state_ids,user_id,username_and_slug,slug,genome_build,importable,update_time,contents_url' }),
    index({ keys: 'id,contents' }),
    index({ deleted: 'true' }),
    index({ q: 'deleted-eq', qv: 'None', view: 'detailed' }),
    index({ q: ['name-contains', 'published-eq'], qv: ['seed', 'True'] }),
    index({ q: 'tag-has', qv: 'group' }),
    index({ q: 'tag-eq', qv: 'group:g1' }),
    index({ q: 'update_time-ge', qv: '2000-01-01' }),
    index({ q: 'annotation-has', qv: 'note' }),
    index({ q: 'encoded_id-in', qv: rich }),
    index({ limit: '3', offset: '2' }),
    [alice, { path: '/api/histories/deleted', params: { view: 'detailed' } }],
    [carol, { path: '/api/histories/shared_with_me', params: {} }],
    [carol, { path: '/api/histories/shared_with_me', params: { view: 'detailed' } }],
    [carol, { path: '/api/histories/published', params: { keys: 'id,name,username_and_slug,size,state' } }],
    [carol, { path: '/api/histories/published', params: {} }],
  ];
}

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  carol = await h.newUser('carol');
  rich = await createHistory(h, alice.key, 'rich history');
  const uploads = [await uploadText(h, alice.key, rich, 'a\n'), await uploadText(h, alice.key, rich, 'bb\n')];
  for (const upload of uploads) await waitForJob(h, alice.key, upload.jobId);
  await createCollection(h, alice.key, rich, 'list', 'pair', uploads.map((upload, index) => ({ name: `e${index}`, src: 'hda' as const, id: upload.datasetId })));
  await h.api.put(`/api/histories/${rich}`).send({ key: alice.key, tags: ['group:lab', 'rnaseq'], annotation: 'a rich one' });
  await sql(h, `update history set published = true, importable = true, slug = 'rich' where id = ?`, [decoded(h, rich)]);
  await sql(h, 'insert into history_user_share_association (history_id, user_id) values (?, ?)', [decoded(h, rich), decoded(h, carol.id)]);
  await createHistory(h, alice.key, 'empty one');
  await seedHistories(alice, 6, carol);
  await h.warmKeys(alice.key, carol.key);
  served = await listenOnFreePort(h.platform.http.app);
}, patient(120_000));
afterAll(async () => {
  await served.close();
  await h.close();
});

describe('GET /api/histories (and /deleted, /shared_with_me, /published): streamed as it is read', () => {
  it('answers every parameter mix as the whole answer did, for a few histories and for 1,200 more (two batches of 1,000), at constant SQL', async () => {
    const few: number[] = [];
    for (const [user, listing] of mixes()) {
      const res = await get(listing, user.key);
      expect([listing, res.status]).toEqual([listing, 200]);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toEqual(await wholeAnswer(listing, user.key));
      few.push(h.queriesOf(res));
    }
    expect((await get({ path: '/api/histories', params: {} }, alice.key)).body).toHaveLength(8);
    await seedHistories(alice, 1200, carol);
    for (const [index, [user, listing]] of mixes().entries()) {
      const res = await get(listing, user.key);
      expect(res.body).toEqual(await wholeAnswer(listing, user.key));
      expect([listing, h.queriesOf(res)]).toEqual([listing, few[index]]);
    }
    const all = (await get({ path: '/api/histories', params: {} }, alice.key)).body as Item[];
    expect(all.length).toBeGreaterThan(1000);
    expect(new Set(all.map((history) => history.id)).size).toBe(all.length);
    // Nineteen mixes twice, each beside its whole answer, on 1,208 histories: some seconds alone.
  }, patient(120_000));

  it('writes the same bytes as JSON.stringify of the whole answer', async () => {
    const listing: Listing = { path: '/api/histories', params: { view: 'detailed' } };
    const res = await get(listing, alice.key).buffer(true).parse((response, done) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => done(null, text));
    });
    expect(res.body).toBe(JSON.stringify(await wholeAnswer(listing, alice.key)));
  });

  it("computes each history's size, counts and states as the platform's rule does from every dataset", async () => {
    // The oracle: a mutation's answer is a History entity, whose summaries the loader computes dataset by dataset.
    const listed = (await get({ path: '/api/histories', params: { q: 'deleted-eq', qv: 'None', keys: 'id,size,count,state,state_details,state_ids,hdas,empty,nice_size' } }, alice.key)).body as Item[];
    const sample = listed.slice(0, 40);
    const fields = 'size: size count state state_details: stateDetails state_ids: stateIds hdas: hdaIds empty nice_size: niceSize';
    const document = `mutation { ${sample.map((history, i) => `h${i}: updateHistory(id: "${history.id as string}", changes: {}) { id ${fields} }`).join('\n')} }`;
    const res = await h.api.post('/graphql').set('x-api-key', alice.key).send({ query: document });
    expect(res.body.errors).toBeUndefined();
    const oracle = sample.map((_, i) => res.body.data[`h${i}`] as Item);
    expect(sample).toEqual(oracle);
    // Key order too (state_details and state_ids list every state in the platform's order).
    expect(JSON.stringify(sample)).toBe(JSON.stringify(oracle));
    // The sample holds every kind the seed makes: shared files, purged ones, unknown sizes, every state.
    expect(new Set(sample.map((history) => history.state)).size).toBeGreaterThanOrEqual(4);
    expect(sample.some((history) => (history.hdas as string[]).length === 3)).toBe(true);
    // The listing reads 1,208 histories with their id lists; 40 updates answer the oracle: slow under load.
  }, patient(90_000));

  it("answers an anonymous caller its session's current history, the master key and a caller with no session []", async () => {
    const anon = await anonymousSession(h);
    const res = await h.api.get('/api/histories').query({ view: 'detailed' }).set('Cookie', anon.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toEqual(expect.objectContaining({ id: anon.historyId, user_id: null, empty: false }));
    for (const answer of [await h.api.get('/api/histories').query({ key: h.masterKey }), await h.api.get('/api/histories')]) {
      expect(answer.status).toBe(200);
      expect(answer.text).toBe('[]');
    }
    const published = await h.api.get('/api/histories/published');
    expect(published.status).toBe(200);
    // Every 5th of the 1,200 seeded histories is published, and the rich one.
    expect(published.body.length).toBeGreaterThan(200);
  });

  it('refuses before writing anything: bad filters, unpaired q/qv, a malformed id, an unknown view, no identity', async () => {
    expectError(await h.api.get('/api/histories').query({ key: alice.key, q: 'bogus-eq', qv: 'x' }), 400, 400008);
    expectError(await h.api.get('/api/histories').query({ key: alice.key, q: 'name-eq' }), 400, 400008);
    expectError(await h.api.get('/api/histories').query({ key: alice.key, q: 'update_time-ge', qv: 'yesterday-ish' }), 400, 400008);
    expectError(await h.api.get('/api/histories').query({ key: alice.key, q: 'encoded_id-in', qv: 'nonsense' }), 400, 400009);
    expectError(await h.api.get('/api/histories').query({ key: alice.key, view: 'everything' }), 400, 400008);
    expectError(await h.api.get('/api/histories/shared_with_me'), 403, 403001);
    expectError(await h.api.get('/api/histories').query({ key: 'not-a-key' }), 403, 403001);
  });

  it('releases the read of a client that goes away mid-answer: later requests are served', async () => {
    const { port } = served;
    // Some 14 MB of detailed histories read through a cursor (empty ones, seeded in one statement): more
    // than the sockets between the two ends can hold unread, so the read is still open when the client goes.
    const lister = await h.newUser('dora');
    {
      await sql(
        h,
        `insert into history (create_time, update_time, user_id, name, hid_counter, deleted, purged, importable, published)
         select now() - g * interval '1 second', now() - g * interval '1 second', ?, 'empty ' || g, 1, false, false, false, false from generate_series(1, 20000) g`,
        [decoded(h, lister.id)],
      );
    }
    for (let i = 0; i < 3; i += 1) {
      const response = await new Promise<IncomingMessage>((resolve, reject) => {
        httpGet({ host: '127.0.0.1', port, path: `/api/histories?view=detailed&key=${lister.key}` }, resolve).on('error', reject);
      });
      expect(response.statusCode).toBe(200);
      // The client reads nothing more: the answer waits on backpressure, its read still open (a cursor on a server).
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(connectionPool(h).numUsed()).toBeGreaterThanOrEqual(1);
      response.destroy();
    }
    await expectConnectionsReleased(h);
    const after = await get({ path: '/api/histories', params: {} }, alice.key);
    expect(after.status).toBe(200);
    expect(after.body.length).toBeGreaterThan(1000);
  });
});
