import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { anonymousSession, HISTORY_DETAILED_KEYS, HISTORY_SUMMARY_KEYS, sortedKeys } from '../support/history-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
/** Alice's histories, oldest first: rna-seq (tagged), chip-seq, Other work, an old deleted one. */
let rna: string;
let chip: string;
let other: string;
let gone: string;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  gone = await createHistory(h, alice.key, 'old deleted work');
  await h.api.delete(`/api/histories/${gone}`).query({ key: alice.key });
  rna = await createHistory(h, alice.key, 'rna-seq run');
  await h.api.put(`/api/histories/${rna}`).send({ key: alice.key, tags: ['group:lab', 'rnaseq'] });
  chip = await createHistory(h, alice.key, 'chip-seq run');
  other = await createHistory(h, alice.key, 'Other work');
  await createHistory(h, bob.key, "bob's run");
});
afterAll(() => h.close());

type Item = Record<string, unknown>;
const list = (query: Record<string, unknown> | string, key = alice.key) =>
  typeof query === 'string' ? h.api.get(`/api/histories?key=${key}&${query}`) : h.api.get('/api/histories').query({ key, ...query });
const ids = (body: Item[]) => body.map((item) => item.id);
const names = (body: Item[]) => body.map((item) => item.name);

describe('GET /api/histories', () => {
  it("lists the caller's own non-deleted histories, newest first, in the summary view", async () => {
    const res = await list({});
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([other, chip, rna]);
    for (const item of res.body) expect(sortedKeys(item)).toEqual(HISTORY_SUMMARY_KEYS);
    expect(res.body[2]).toEqual({
      id: rna,
      model_class: 'History',
      name: 'rna-seq run',
      deleted: false,
      purged: false,
      url: `/api/histories/${rna}`,
      published: false,
      annotation: null,
      tags: ['group:lab', 'rnaseq'],
    });
  });

  it("never lists another user's histories, not even to an administrator", async () => {
    expect(names((await list({}, bob.key)).body)).toEqual(["bob's run"]);
    expect((await list({}, h.admin.key)).body).toEqual([]);
  });

  it('answers the master key (an administrator with no user) an empty list', async () => {
    const res = await list({}, h.masterKey);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('refuses an API key that is not valid', async () => {
    const res = await list({}, 'not-a-key');
    expect(res.status).toBe(403);
    expect(res.body.err_code).toBe(403001);
  });
});

describe('GET /api/histories for anonymous callers', () => {
  it('answers an empty list to a caller with no session', async () => {
    const res = await h.api.get('/api/histories');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it("answers only the session's current history, ignoring filters, limit and offset", async () => {
    const anon = await anonymousSession(h);
    const res = await h.api.get('/api/histories').set('Cookie', anon.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toEqual(expect.objectContaining({ id: anon.historyId, name: 'Unnamed history', deleted: false }));
    expect(sortedKeys(res.body[0])).toEqual(HISTORY_SUMMARY_KEYS);
    const filtered = await h.api.get('/api/histories?q=name-eq&qv=nothing&limit=0&offset=5').set('Cookie', anon.cookie);
    expect(ids(filtered.body)).toEqual([anon.historyId]);
    const detailed = await h.api.get('/api/histories').query({ view: 'detailed' }).set('Cookie', anon.cookie);
    expect(sortedKeys(detailed.body[0])).toEqual(HISTORY_DETAILED_KEYS);
    expect(detailed.body[0].user_id).toBeNull();
  });
});

describe('GET /api/histories views and keys', () => {
  it('view=detailed gives every detailed key', async () => {
    const res = await list({ view: 'detailed' });
    expect(res.status).toBe(200);
    for (const item of res.body) expect(sortedKeys(item)).toEqual(HISTORY_DETAILED_KEYS);
  });

  it('view=summary is the default view', async () => {
    const res = await list({ view: 'summary' });
    expect(res.body).toEqual((await list({})).body);
  });

  it('keys alone returns only those keys', async () => {
    const res = await list({ keys: 'id,size,state' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: other, size: 0, state: 'new' },
      { id: chip, size: 0, state: 'new' },
      { id: rna, size: 0, state: 'new' },
    ]);
  });

  it('view and keys together return both sets', async () => {
    const res = await list({ view: 'summary', keys: 'size,nice_size,empty' });
    expect(sortedKeys(res.body[0])).toEqual([...HISTORY_SUMMARY_KEYS, 'empty', 'nice_size', 'size'].sort());
    expect(res.body[0]).toEqual(expect.objectContaining({ size: 0, nice_size: '0 bytes', empty: true }));
  });

  it('ignores unknown keys', async () => {
    const res = await list({ keys: 'name,no_such_key,password' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ name: 'Other work' }, { name: 'chip-seq run' }, { name: 'rna-seq run' }]);
  });

  it('serializes the extra keys count, hdas and contents on request', async () => {
    const res = await list({ keys: 'id,count,hdas,contents' });
    expect(res.body[0]).toEqual({ id: other, count: 0, hdas: [], contents: [] });
  });

  it('answers 400 to an unknown view', async () => {
    const res = await list({ view: 'everything' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(expect.objectContaining({ err_code: 400008, view: 'everything', available_views: ['summary', 'detailed'] }));
  });
});

describe('GET /api/histories with q/qv filters', () => {
  it('name-contains matches part of the name', async () => {
    expect(ids((await list('q=name-contains&qv=seq')).body)).toEqual([chip, rna]);
  });

  it('name-eq matches the whole name', async () => {
    expect(ids((await list('q=name-eq&qv=chip-seq%20run')).body)).toEqual([chip]);
    expect((await list('q=name-eq&qv=chip')).body).toEqual([]);
  });

  it('name-like takes a SQL pattern', async () => {
    expect(ids((await list('q=name-like&qv=%25-seq%20run')).body)).toEqual([chip, rna]);
  });

  it('tag-has matches part of a tag, tag-eq a whole tag (name or name:value)', async () => {
    expect(ids((await list('q=tag-has&qv=rna')).body)).toEqual([rna]);
    expect(ids((await list('q=tag-eq&qv=group:lab')).body)).toEqual([rna]);
    expect(ids((await list('q=tag-eq&qv=group')).body)).toEqual([rna]);
    expect((await list('q=tag-eq&qv=rna')).body).toEqual([]);
  });

  it('create_time-le and create_time-ge bound the creation time', async () => {
    const detailed = await list({ keys: 'id,create_time' });
    const chipCreated = (detailed.body as Item[]).find((item) => item.id === chip)?.create_time as string;
    expect(chipCreated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?$/);
    expect(ids((await list({ q: 'create_time-ge', qv: chipCreated })).body)).toEqual([other, chip]);
    expect(ids((await list({ q: 'create_time-le', qv: chipCreated })).body)).toEqual([chip, rna]);
    expect(ids((await list({ q: 'create_time-le', qv: '2000-01-01' })).body)).toEqual([]);
  });

  it('combines several q/qv pairs', async () => {
    expect(ids((await list('q=name-contains&qv=run&q=tag-has&qv=group')).body)).toEqual([rna]);
  });

  it('deleted=True returns only deleted histories, deleted=None both', async () => {
    expect(ids((await list('q=deleted&qv=True')).body)).toEqual([gone]);
    expect(ids((await list('q=deleted&qv=None')).body)).toEqual([other, chip, rna, gone]);
    expect(ids((await list('q=deleted&qv=False')).body)).toEqual([other, chip, rna]);
  });

  it('answers a filter the platform does not offer with 400 400008, naming column and operation', async () => {
    const gt = await list({ q: 'create_time-gt', qv: '2015-01-01' });
    expect(gt.status).toBe(400);
    expect(gt.body).toEqual(expect.objectContaining({ err_code: 400008, column: 'create_time', operation: 'gt' }));
    const column = await list({ q: 'user_id-eq', qv: alice.id });
    expect(column.status).toBe(400);
    expect(column.body).toEqual(expect.objectContaining({ err_code: 400008, column: 'user_id', operation: 'eq' }));
  });

  it('answers a filter value that cannot be read with 400 400008, naming column, operation and value', async () => {
    const res = await list({ q: 'create_time-ge', qv: 'yesterday' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(expect.objectContaining({ err_code: 400008, column: 'create_time', operation: 'ge', value: 'yesterday' }));
  });

  it('answers 400 when q and qv do not pair up', async () => {
    const res = await list('q=name-eq&q=deleted&qv=x');
    expect(res.status).toBe(400);
    expect(res.body.err_code).toBe(400008);
  });
});

describe('GET /api/histories limit and offset', () => {
  it('limit keeps the first items', async () => {
    expect(ids((await list({ limit: 2 })).body)).toEqual([other, chip]);
    expect((await list({ limit: 0 })).body).toEqual([]);
  });

  it('offset N skips the first N-1 items', async () => {
    expect(ids((await list({ offset: 0 })).body)).toEqual([other, chip, rna]);
    expect(ids((await list({ offset: 1 })).body)).toEqual([other, chip, rna]);
    expect(ids((await list({ offset: 2 })).body)).toEqual([chip, rna]);
    expect(ids((await list({ offset: 3, limit: 1 })).body)).toEqual([rna]);
    expect((await list({ offset: 9 })).body).toEqual([]);
  });

  it('reads large values as numbers: a huge limit keeps everything, a huge offset skips everything', async () => {
    const limit = await list({ limit: '99999999999999' });
    expect(limit.status).toBe(200);
    expect(ids(limit.body)).toEqual([other, chip, rna]);
    const offset = await list({ offset: '99999999999999' });
    expect(offset.status).toBe(200);
    expect(offset.body).toEqual([]);
  });

  it('ignores values that are not non-negative integers', async () => {
    for (const value of ['-1', 'two', '1.5', '']) {
      const res = await list({ limit: value, offset: value });
      expect(res.status).toBe(200);
      expect(ids(res.body)).toEqual([other, chip, rna]);
    }
  });
});

describe('GET /api/histories deleted rules', () => {
  it('excludes deleted histories by default and with deleted=false', async () => {
    expect(ids((await list({})).body)).not.toContain(gone);
    expect(ids((await list({ deleted: 'false' })).body)).toEqual([other, chip, rna]);
  });

  it('deleted=true returns only the deleted histories', async () => {
    const res = await list({ deleted: 'true' });
    expect(ids(res.body)).toEqual([gone]);
    expect(res.body[0]).toEqual(expect.objectContaining({ name: 'old deleted work', deleted: true, purged: false }));
    expect(ids((await list({ deleted: 'True' })).body)).toEqual([gone]);
  });

  it('the deleted filter wins over the deleted parameter', async () => {
    expect(ids((await list('deleted=true&q=deleted&qv=None')).body)).toEqual([other, chip, rna, gone]);
  });
});

describe('GET /api/histories/deleted', () => {
  it("lists only the caller's deleted histories, with filters, views and keys", async () => {
    const res = await h.api.get('/api/histories/deleted').query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([gone]);
    expect(sortedKeys(res.body[0])).toEqual(HISTORY_SUMMARY_KEYS);
    expect((await h.api.get('/api/histories/deleted').query({ key: alice.key, keys: 'name' })).body).toEqual([{ name: 'old deleted work' }]);
    expect((await h.api.get('/api/histories/deleted?q=name-contains&qv=rna').query({ key: alice.key })).body).toEqual([]);
    expect((await h.api.get('/api/histories/deleted').query({ key: bob.key })).body).toEqual([]);
  });

  it('answers an anonymous caller with no session an empty list', async () => {
    const res = await h.api.get('/api/histories/deleted');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});

describe('GET /api/histories state keys after uploads', () => {
  it('reports state, state_details, size and nice_size of each listed history', async () => {
    const carol = await h.newUser('carol');
    const historyId = await createHistory(h, carol.key, 'with data');
    const upload = await uploadText(h, carol.key, historyId, 'a\t1\nb\t2\n');
    await waitForJob(h, carol.key, upload.jobId);
    const res = await list({ keys: 'id,state,state_details,size,nice_size,empty,count' }, carol.key);
    expect(res.body).toEqual([
      {
        id: historyId,
        state: 'ok',
        state_details: expect.objectContaining({ ok: 1, queued: 0, running: 0, error: 0 }),
        size: 8,
        nice_size: '8 bytes',
        empty: false,
        count: 1,
      },
    ]);
  });
});

describe('GET /api/histories costs', () => {
  it('costs the same number of SQL queries for 3 and 30 histories, whatever the view', async () => {
    const dave = await h.newUser('dave');
    const erin = await h.newUser('erin');
    /** `count` histories with two datasets each (copies of a first one), some tagged and slugged. */
    const seed = async (key: string, count: number) => {
      const first = await createHistory(h, key, 'history 0');
      for (const text of ['a\t1\n', 'some text\n']) {
        const upload = await uploadText(h, key, first, text);
        await waitForJob(h, key, upload.jobId);
      }
      for (let i = 1; i < count; i += 1) {
        const copy = await h.api.post('/api/histories').send({ key, history_id: first, name: `history ${i}` });
        if (i % 3 === 1) await h.api.put(`/api/histories/${copy.body.id}`).send({ key, tags: [`t${i}`, 'k:v'], slug: `s-${i}`, annotation: 'note' });
      }
    };
    await seed(dave.key, 3);
    await seed(erin.key, 30);
    await h.warmKeys(dave.key, erin.key);
    for (const query of [{}, { view: 'detailed' }, { view: 'detailed', keys: 'count,hdas,contents' }]) {
      const small = await list(query, dave.key);
      const large = await list(query, erin.key);
      expect(small.body).toHaveLength(3);
      expect(large.body).toHaveLength(30);
      expect(h.queriesOf(large)).toBe(h.queriesOf(small));
    }
    const withContents = await list({ keys: 'contents' }, erin.key);
    expect(withContents.body[0].contents).toHaveLength(2);
  });
});
