import { createHistory, datasetText, uploadText, waitForJob } from '../support/data-helpers';
import { anonymousSession, type AnonymousSession, HISTORY_DETAILED_KEYS, MALFORMED_ID, sortedKeys, UNKNOWN_ID } from '../support/history-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let anon: AnonymousSession;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  anon = await anonymousSession(h);
});
afterAll(() => h.close());

type Item = Record<string, unknown>;
const show = (id: string, key = alice.key) => h.api.get(`/api/histories/${id}`).query({ key });
const contents = async (id: string, key = alice.key) =>
  ((await h.api.get(`/api/histories/${id}/contents`).query({ key, view: 'detailed' })).body as Item[]).sort((a, b) => Number(a.hid) - Number(b.hid));

describe('POST /api/histories', () => {
  it('creates a named, empty history and answers its detailed view', async () => {
    const res = await h.api.post('/api/histories').send({ key: alice.key, name: 'My analysis' });
    expect(res.status).toBe(200);
    expect(sortedKeys(res.body)).toEqual(HISTORY_DETAILED_KEYS);
    expect(res.body).toEqual(expect.objectContaining({ name: 'My analysis', user_id: alice.id, deleted: false, purged: false, empty: true, state: 'new', size: 0 }));
    expect((await show(res.body.id)).body.name).toBe('My analysis');
  });

  it('accepts a form post, as the platform\'s own API tests send it', async () => {
    const res = await h.api.post('/api/histories').type('form').send({ key: alice.key, name: 'TestHistory1' });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('TestHistory1');
  });

  it("names a history without a name 'Unnamed history'", async () => {
    const res = await h.api.post('/api/histories').send({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Unnamed history');
  });

  it('sanitizes the name', async () => {
    const res = await h.api.post('/api/histories').send({ key: alice.key, name: 'run <script>alert(1)</script><b>one</b>' });
    expect(res.body.name).toBe('run <b>one</b>');
  });

  it('cuts a name longer than 255 characters, as the platform\'s name column does', async () => {
    const res = await h.api.post('/api/histories').send({ key: alice.key, name: `${'n'.repeat(250)}${'é'.repeat(50)}` });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe(`${'n'.repeat(250)}${'é'.repeat(5)}`);
  });

  it('answers the requested view or keys', async () => {
    const keys = await h.api.post('/api/histories').query({ keys: 'id,name' }).send({ key: alice.key, name: 'keys only' });
    expect(keys.body).toEqual({ id: expect.any(String), name: 'keys only' });
  });

  it('creates an administrator their own history', async () => {
    const res = await h.api.post('/api/histories').send({ key: h.admin.key, name: 'admin work' });
    expect(res.status).toBe(200);
    expect(res.body.user_id).toBe(h.admin.id);
  });

  it('refuses anonymous callers, with or without a session (403 403001)', async () => {
    const none = await h.api.post('/api/histories').send({ name: 'nope' });
    expect(none.status).toBe(403);
    expect(none.body.err_code).toBe(403001);
    const session = await h.api.post('/api/histories').set('Cookie', anon.cookie).send({ name: 'nope' });
    expect(session.status).toBe(403);
    expect(session.body.err_code).toBe(403001);
  });

  it('refuses the master key, which has no user to own the history', async () => {
    const res = await h.api.post('/api/histories').send({ key: h.masterKey, name: 'nobody' });
    expect(res.status).toBe(403);
    expect(res.body.err_code).toBe(403001);
  });
});

describe('POST /api/histories with history_id (copy)', () => {
  let sourceId: string;
  let uploads: Array<{ datasetId: string }>;

  beforeAll(async () => {
    sourceId = await createHistory(h, alice.key, 'source');
    uploads = [];
    for (const text of ['first\n', 'second\tcolumn\n', 'third\n']) {
      const upload = await uploadText(h, alice.key, sourceId, text, { name: `file ${uploads.length + 1}` });
      await waitForJob(h, alice.key, upload.jobId);
      uploads.push(upload);
    }
    await h.api.delete(`/api/histories/${sourceId}/contents/${uploads[2].datasetId}`).query({ key: alice.key });
    await h.api.put(`/api/histories/${sourceId}`).send({ key: alice.key, annotation: 'the source', tags: ['origin:lab'], genome_build: 'hg19' });
  });

  it("copies the active datasets into a new history named Copy of '<name>'", async () => {
    const res = await h.api.post('/api/histories').send({ key: alice.key, history_id: sourceId });
    expect(res.status).toBe(200);
    expect(sortedKeys(res.body)).toEqual(HISTORY_DETAILED_KEYS);
    expect(res.body).toEqual(
      expect.objectContaining({ name: "Copy of 'source'", user_id: alice.id, state: 'ok', size: 6 + 14, empty: false, annotation: 'the source', tags: ['origin:lab'], genome_build: 'hg19' }),
    );
    expect(res.body.id).not.toBe(sourceId);
    const copied = await contents(res.body.id);
    const original = (await contents(sourceId)).filter((item) => !item.deleted);
    expect(copied.map((item) => [item.hid, item.name, item.state, item.extension, item.file_size])).toEqual(
      original.map((item) => [item.hid, item.name, item.state, item.extension, item.file_size]),
    );
    expect(copied.map((item) => item.history_id)).toEqual([res.body.id, res.body.id]);
    for (let i = 0; i < copied.length; i += 1) {
      expect(copied[i].id).not.toBe(original[i].id);
      expect(await datasetText(h, alice.key, copied[i].id as string)).toBe(await datasetText(h, alice.key, original[i].id as string));
    }
    // the source is unchanged
    expect((await show(sourceId)).body).toEqual(expect.objectContaining({ name: 'source', deleted: false }));
  });

  it('takes the name given for the copy', async () => {
    const res = await h.api.post('/api/histories').send({ key: alice.key, history_id: sourceId, name: 'second copy' });
    expect(res.body.name).toBe('second copy');
    expect((await contents(res.body.id)).map((item) => item.name)).toEqual(['file 1', 'file 2']);
  });

  it('copies a history another user made importable, for the caller', async () => {
    await h.api.put(`/api/histories/${sourceId}`).send({ key: alice.key, importable: true });
    const res = await h.api.post('/api/histories').send({ key: bob.key, history_id: sourceId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ name: "Copy of 'source'", user_id: bob.id }));
    const copied = await contents(res.body.id, bob.key);
    expect(copied).toHaveLength(2);
    expect(await datasetText(h, bob.key, copied[0].id as string)).toBe('first\n');
    await h.api.put(`/api/histories/${sourceId}`).send({ key: alice.key, importable: false });
  });

  it("refuses to copy another user's private history", async () => {
    const res = await h.api.post('/api/histories').send({ key: bob.key, history_id: sourceId });
    expect(res.status).toBe(403);
    expect(res.body.err_code).toBe(403002);
  });

  it('lets an administrator copy any history', async () => {
    const res = await h.api.post('/api/histories').send({ key: h.admin.key, history_id: sourceId });
    expect(res.status).toBe(200);
    expect(res.body.user_id).toBe(h.admin.id);
  });

  it('cuts the default name of a copy of a long-named history to 255 characters', async () => {
    const long = await createHistory(h, alice.key, 'L'.repeat(255));
    const res = await h.api.post('/api/histories').send({ key: alice.key, history_id: long });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe(`Copy of '${'L'.repeat(255)}`.slice(0, 255));
  });

  it('answers MalformedId and ObjectNotFound for a bad history_id, and creates nothing', async () => {
    const before = (await h.api.get('/api/histories').query({ key: alice.key })).body.length;
    const notText = await h.api.post('/api/histories').send({ key: alice.key, history_id: { id: sourceId } });
    expect(notText.status).toBe(400);
    expect(notText.body.err_code).toBe(400009);
    const malformed = await h.api.post('/api/histories').send({ key: alice.key, history_id: MALFORMED_ID });
    expect(malformed.status).toBe(400);
    expect(malformed.body.err_code).toBe(400009);
    const unknown = await h.api.post('/api/histories').send({ key: alice.key, history_id: UNKNOWN_ID });
    expect(unknown.status).toBe(404);
    expect(unknown.body.err_code).toBe(404001);
    expect((await h.api.get('/api/histories').query({ key: alice.key })).body).toHaveLength(before);
  });
});

describe('PUT /api/histories/{id}', () => {
  let historyId: string;
  beforeAll(async () => {
    historyId = await createHistory(h, alice.key, 'to update');
  });
  const put = (body: Item, id = historyId, key = alice.key) => h.api.put(`/api/histories/${id}`).send({ key, ...body });

  it('applies serialized fields and answers the detailed view', async () => {
    const res = await put({ name: 'renamed', annotation: 'an annotation', genome_build: 'hg38', tags: ['a', 'b:c'] });
    expect(res.status).toBe(200);
    expect(sortedKeys(res.body)).toEqual(HISTORY_DETAILED_KEYS);
    expect(res.body).toEqual(expect.objectContaining({ name: 'renamed', annotation: 'an annotation', genome_build: 'hg38', tags: ['a', 'b:c'] }));
    expect((await show(historyId)).body).toEqual(expect.objectContaining({ name: 'renamed', annotation: 'an annotation', genome_build: 'hg38', tags: ['a', 'b:c'] }));
  });

  it('removes <script> (with its content) and keeps allowed tags, in name and annotation', async () => {
    const res = await put({
      name: '<script>alert("x")</script>Clean <em>name</em>',
      annotation: '<p onclick="steal()">Some <b>bold</b> text<script>evil()</script> and a <a href="javascript:alert(1)">link</a></p>',
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Clean <em>name</em>');
    expect(res.body.annotation).toBe('<p>Some <b>bold</b> text and a <a>link</a></p>');
  });

  it('cuts a name or genome_build longer than 255 characters; refuses such a slug', async () => {
    const res = await put({ name: 'x'.repeat(300), genome_build: 'g'.repeat(300) });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('x'.repeat(255));
    expect(res.body.genome_build).toBe('g'.repeat(255));
    const slug = await put({ slug: 's'.repeat(256) });
    expect(slug.status).toBe(400);
    expect(slug.body.err_code).toBe(400004);
    expect((await put({ slug: 's'.repeat(255) })).body.slug).toBe('s'.repeat(255));
    await put({ slug: null });
  });

  it("names a history whose name is emptied 'Unnamed history'", async () => {
    expect((await put({ name: '' })).body.name).toBe('Unnamed history');
    expect((await put({ name: '<script>only()</script>' })).body.name).toBe('Unnamed history');
  });

  it('keeps unicode text', async () => {
    const res = await put({ name: 'Ünïcödé ☃ 名前' });
    expect(res.body.name).toBe('Ünïcödé ☃ 名前');
  });

  it('replaces the tags', async () => {
    await put({ tags: ['x', 'y'] });
    const res = await put({ tags: ['z:1'] });
    expect(res.body.tags).toEqual(['z:1']);
    expect((await put({ tags: [] })).body.tags).toEqual([]);
  });

  it('sets slug, published (which makes it importable) and importable', async () => {
    const res = await put({ slug: 'shared-analysis', published: true });
    expect(res.body).toEqual(expect.objectContaining({ slug: 'shared-analysis', published: true, importable: true, username_and_slug: 'u/alice/h/shared-analysis' }));
    const off = await put({ published: false, importable: false });
    expect(off.body).toEqual(expect.objectContaining({ published: false, importable: false }));
  });

  it('gives a history shared without a slug one made from its name, unique among the owner’s shared histories', async () => {
    const share = async (name: string) => {
      const created = await h.api.post('/api/histories').send({ key: alice.key, name });
      return h.api.put(`/api/histories/${created.body.id}`).send({ key: alice.key, importable: true });
    };
    const first = await share('RNA-seq  run #1');
    expect(first.body).toEqual(expect.objectContaining({ slug: 'rna-seq-run-1', username_and_slug: 'u/alice/h/rna-seq-run-1' }));
    expect((await share('RNA-seq run 1')).body.slug).toBe('rna-seq-run-1-1');
  });

  it('deletes and undeletes through the deleted field', async () => {
    expect((await put({ deleted: true })).body.deleted).toBe(true);
    expect((await h.api.get('/api/histories/deleted').query({ key: alice.key })).body.map((item: Item) => item.id)).toContain(historyId);
    expect((await put({ deleted: false })).body.deleted).toBe(false);
  });

  it('ignores keys that cannot be changed or are unknown', async () => {
    const before = (await show(historyId)).body;
    const res = await put({ id: 'f2db41e1fa331b3e', user_id: bob.id, size: 99, purged: true, color: 'blue' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ id: historyId, user_id: alice.id, size: 0, purged: false }));
    expect(res.body.name).toBe(before.name);
  });

  it('accepts the changes inside a payload object', async () => {
    const res = await put({ payload: { name: 'from payload' } });
    expect(res.body.name).toBe('from payload');
  });

  it('accepts a JSON body sent without a Content-Type header (BioBlend)', async () => {
    const res = await h.api
      .put(`/api/histories/${historyId}?key=${alice.key}`)
      .set('Content-Type', '')
      .send(Buffer.from(JSON.stringify({ name: 'from bioblend' })));
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('from bioblend');
  });

  it('answers the keys asked for', async () => {
    const res = await h.api.put(`/api/histories/${historyId}`).query({ key: alice.key, keys: 'name' }).send({ name: 'with keys' });
    expect(res.body).toEqual({ name: 'with keys' });
  });

  it('refuses values of the wrong type with ObjectAttributeInvalidException, changing nothing', async () => {
    const before = (await show(historyId)).body;
    for (const body of [{ name: 42 }, { published: 'perhaps' }, { tags: 'just-one' }, { annotation: { text: 'x' } }, { slug: 'Not A Slug!' }, { name: 'ok', deleted: 'maybe' }]) {
      const res = await put(body);
      expect(res.status).toBe(400);
      expect(res.body.err_code).toBe(400004);
    }
    expect((await show(historyId)).body).toEqual(before);
  });

  it("refuses another user (403 403003) and lets an administrator change anyone's history", async () => {
    const other = await put({ name: 'bob was here' }, historyId, bob.key);
    expect(other.status).toBe(403);
    expect(other.body.err_code).toBe(403003);
    const admin = await put({ annotation: 'checked by admin' }, historyId, h.admin.key);
    expect(admin.status).toBe(200);
    expect(admin.body).toEqual(expect.objectContaining({ annotation: 'checked by admin', user_id: alice.id }));
  });

  it('refuses anonymous callers (403 403001), even on their own current history', async () => {
    const none = await h.api.put(`/api/histories/${historyId}`).send({ name: 'anon' });
    expect(none.status).toBe(403);
    expect(none.body.err_code).toBe(403001);
    const session = await h.api.put(`/api/histories/${anon.historyId}`).set('Cookie', anon.cookie).send({ name: 'anon' });
    expect(session.status).toBe(403);
    expect(session.body.err_code).toBe(403001);
  });

  it('answers MalformedId and ObjectNotFound for bad ids', async () => {
    const malformed = await put({ name: 'x' }, MALFORMED_ID);
    expect(malformed.status).toBe(400);
    expect(malformed.body.err_code).toBe(400009);
    const unknown = await put({ name: 'x' }, UNKNOWN_ID);
    expect(unknown.status).toBe(404);
    expect(unknown.body.err_code).toBe(404001);
  });
});

describe('POST /api/histories/{id}/tags/{name}', () => {
  it('adds a name:value tag and answers the tag association', async () => {
    const id = await createHistory(h, alice.key, 'TestHistoryForTag');
    const res = await h.api.post(`/api/histories/${id}/tags/awesometagname`).send({ key: alice.key, value: 'awesometagvalue' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ model_class: 'HistoryTagAssociation', id: expect.any(String), user_tname: 'awesometagname', user_value: 'awesometagvalue' });
    expect((await show(id)).body.tags).toEqual(['awesometagname:awesometagvalue']);
  });

  it('adds a tag without value, as a form post', async () => {
    const id = await createHistory(h, alice.key, 'plain tag');
    const res = await h.api.post(`/api/histories/${id}/tags/reviewed`).type('form').send({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ user_tname: 'reviewed', user_value: null }));
    expect((await show(id)).body.tags).toEqual(['reviewed']);
    const again = await h.api.post(`/api/histories/${id}/tags/reviewed`).send({ key: alice.key, value: 'twice' });
    expect(again.status).toBe(200);
    expect((await show(id)).body.tags).toEqual(['reviewed:twice']);
    expect(((await h.api.get('/api/histories').query({ key: alice.key, q: 'tag-eq', qv: 'reviewed:twice' })).body as Item[]).map((item) => item.id)).toEqual([id]);
  });

  it('refuses another user and anonymous callers (with or without a session), and checks ids', async () => {
    const id = await createHistory(h, alice.key, 'not yours');
    const other = await h.api.post(`/api/histories/${id}/tags/mine`).send({ key: bob.key });
    expect(other.status).toBe(403);
    expect(other.body.err_code).toBe(403003);
    const none = await h.api.post(`/api/histories/${id}/tags/mine`);
    expect(none.status).toBe(403);
    expect(none.body.err_code).toBe(403001);
    const session = await h.api.post(`/api/histories/${anon.historyId}/tags/mine`).set('Cookie', anon.cookie);
    expect(session.status).toBe(403);
    expect(session.body.err_code).toBe(403001);
    expect((await show(id)).body.tags).toEqual([]);
    const malformed = await h.api.post(`/api/histories/${MALFORMED_ID}/tags/x`).send({ key: alice.key });
    expect(malformed.status).toBe(400);
    expect(malformed.body.err_code).toBe(400009);
    const unknown = await h.api.post(`/api/histories/${UNKNOWN_ID}/tags/x`).send({ key: alice.key });
    expect(unknown.status).toBe(404);
    expect(unknown.body.err_code).toBe(404001);
  });

  it('answers a tag longer than 255 characters without a server error (cut, or refused with a 400)', async () => {
    const id = await createHistory(h, alice.key, 'long tags');
    const viaRoute = await h.api.post(`/api/histories/${id}/tags/${'t'.repeat(300)}`).send({ key: alice.key });
    expect([200, 400]).toContain(viaRoute.status);
    const viaPut = await h.api.put(`/api/histories/${id}`).send({ key: alice.key, tags: [`k:${'v'.repeat(300)}`] });
    expect([200, 400]).toContain(viaPut.status);
  });

  it("lets an administrator tag another user's history (the tag is the owner's)", async () => {
    const id = await createHistory(h, alice.key, 'admin tags');
    const res = await h.api.post(`/api/histories/${id}/tags/checked`).send({ key: h.admin.key });
    expect(res.status).toBe(200);
    expect((await show(id)).body.tags).toEqual(['checked']);
  });
});
