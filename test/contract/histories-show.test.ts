import { rmSync } from 'node:fs';
import { createHistory, runTool, uploadText, waitForJob } from '../support/data-helpers';
import {
  anonymousSession,
  type AnonymousSession,
  DATASET_STATES,
  HISTORY_DETAILED_KEYS,
  HISTORY_SUMMARY_KEYS,
  MALFORMED_ID,
  sortedKeys,
  toolDirectory,
  UNKNOWN_ID,
} from '../support/history-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/** Tools of this file: one that cites its method, one that always fails. */
const TOOLS = {
  'cited.xml': `<tool id="cited1" name="Cited copy" version="1.0.0">
  <description>copies a dataset</description>
  <command>cat $input > $output</command>
  <inputs><param name="input" type="data" label="Input"/></inputs>
  <outputs><data name="output" format="txt"/></outputs>
  <citations>
    <citation type="doi">10.1093/bioinformatics/btq281</citation>
    <citation type="bibtex">@misc{cited_copy, title = {Cited copy}}</citation>
  </citations>
</tool>`,
  'failing.xml': `<tool id="failing1" name="Always fails" version="1.0.0">
  <command>echo broken >&amp;2; exit 3</command>
  <inputs><param name="input" type="data" label="Input"/></inputs>
  <outputs><data name="output" format="txt"/></outputs>
</tool>`,
};

let h: TestPlatform;
let toolDir: string;
let alice: TestUser;
let bob: TestUser;
let anon: AnonymousSession;
let historyId: string;

beforeAll(async () => {
  toolDir = toolDirectory(TOOLS);
  h = await startTestPlatform({ TOOL_DIRS: toolDir });
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  historyId = await createHistory(h, alice.key, 'private work');
  anon = await anonymousSession(h);
});
afterAll(async () => {
  await h.close();
  rmSync(toolDir, { recursive: true, force: true });
});

const show = (id: string, query: Record<string, unknown> = {}) => h.api.get(`/api/histories/${id}`).query(query);
const emptyCounts = Object.fromEntries(DATASET_STATES.map((state) => [state, 0]));
const emptyIds = Object.fromEntries(DATASET_STATES.map((state) => [state, []]));

describe('GET /api/histories/{id}', () => {
  it('shows a new history to its owner in the detailed view', async () => {
    const res = await show(historyId, { key: alice.key });
    expect(res.status).toBe(200);
    expect(sortedKeys(res.body)).toEqual(HISTORY_DETAILED_KEYS);
    expect(res.body).toEqual({
      id: historyId,
      model_class: 'History',
      name: 'private work',
      deleted: false,
      purged: false,
      url: `/api/histories/${historyId}`,
      contents_url: `/api/histories/${historyId}/contents`,
      published: false,
      importable: false,
      annotation: null,
      tags: [],
      empty: true,
      size: 0,
      nice_size: '0 bytes',
      user_id: alice.id,
      create_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?$/),
      update_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?$/),
      slug: null,
      username_and_slug: null,
      genome_build: null,
      state: 'new',
      state_details: emptyCounts,
      state_ids: emptyIds,
    });
    expect(res.body.update_time >= res.body.create_time).toBe(true);
  });

  it('shows any history to an administrator (and to the master key)', async () => {
    const admin = await show(historyId, { key: h.admin.key });
    expect(admin.status).toBe(200);
    expect(admin.body.id).toBe(historyId);
    const master = await show(historyId, { key: h.masterKey });
    expect(master.status).toBe(200);
    expect(master.body.user_id).toBe(alice.id);
  });

  it("refuses another user's private history with ItemAccessibilityException", async () => {
    const res = await show(historyId, { key: bob.key });
    expect(res.status).toBe(403);
    expect(res.body.err_code).toBe(403002);
  });

  it('refuses a private history to anonymous callers, with or without a session', async () => {
    const none = await show(historyId);
    expect(none.status).toBe(403);
    expect(none.body.err_code).toBe(403002);
    const session = await show(historyId).set('Cookie', anon.cookie);
    expect(session.status).toBe(403);
    expect(session.body.err_code).toBe(403002);
  });

  it("shows an anonymous session its current history, and nobody else's session", async () => {
    const res = await show(anon.historyId).set('Cookie', anon.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ id: anon.historyId, user_id: null, empty: false }));
    expect((await show(anon.historyId)).status).toBe(403);
    expect((await show(anon.historyId, { key: bob.key })).status).toBe(403);
    const other = await anonymousSession(h);
    expect((await show(anon.historyId).set('Cookie', other.cookie)).status).toBe(403);
  });

  it('shows a published or importable history to everyone', async () => {
    const shared = await createHistory(h, alice.key, 'shared work');
    await h.api.put(`/api/histories/${shared}`).send({ key: alice.key, importable: true });
    expect((await show(shared, { key: bob.key })).status).toBe(200);
    expect((await show(shared)).status).toBe(200);
    const published = await createHistory(h, alice.key, 'published work');
    const update = await h.api.put(`/api/histories/${published}`).send({ key: alice.key, published: true });
    expect(update.body).toEqual(expect.objectContaining({ published: true, importable: true }));
    const res = await show(published).set('Cookie', anon.cookie);
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('published work');
  });

  it('answers MalformedId for an id that cannot be decoded', async () => {
    for (const id of [MALFORMED_ID, 'xyz', '0123']) {
      const res = await show(id, { key: alice.key });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(expect.objectContaining({ err_code: 400009, id }));
    }
  });

  it('answers ObjectNotFound for an unknown id, to anyone', async () => {
    for (const query of [{ key: alice.key }, { key: h.admin.key }, {}]) {
      const res = await show(UNKNOWN_ID, query);
      expect(res.status).toBe(404);
      expect(res.body.err_code).toBe(404001);
    }
  });

  it('takes view and keys', async () => {
    const summary = await show(historyId, { key: alice.key, view: 'summary' });
    expect(sortedKeys(summary.body)).toEqual(HISTORY_SUMMARY_KEYS);
    const keys = await show(historyId, { key: alice.key, keys: 'name,state,unknown' });
    expect(keys.body).toEqual({ name: 'private work', state: 'new' });
    const both = await show(historyId, { key: alice.key, view: 'summary', keys: 'user_id' });
    expect(sortedKeys(both.body)).toEqual([...HISTORY_SUMMARY_KEYS, 'user_id'].sort());
    // The platform takes keys as a list too (repeated, or a JSON list): every one of them.
    const repeated = await h.api.get(`/api/histories/${historyId}?keys=name&keys=state`).query({ key: alice.key });
    expect(repeated.body).toEqual({ name: 'private work', state: 'new' });
    const bad = await show(historyId, { key: alice.key, view: 'full' });
    expect(bad.status).toBe(400);
    expect(bad.body.err_code).toBe(400008);
  });
});

describe('GET /api/histories/{id} value rules', () => {
  it('counts states, ids and sizes of the datasets', async () => {
    const id = await createHistory(h, alice.key, 'with data');
    const first = await uploadText(h, alice.key, id, 'a\t1\nb\t2\n');
    const second = await uploadText(h, alice.key, id, 'just some text\n', { fileType: 'txt' });
    await waitForJob(h, alice.key, first.jobId);
    await waitForJob(h, alice.key, second.jobId);
    const res = await show(id, { key: alice.key });
    expect(res.body).toEqual(
      expect.objectContaining({
        state: 'ok',
        empty: false,
        size: 8 + 15,
        nice_size: '23 bytes',
        state_details: { ...emptyCounts, ok: 2 },
        state_ids: { ...emptyIds, ok: [first.datasetId, second.datasetId] },
      }),
    );
    const withKeys = await show(id, { key: alice.key, keys: 'count,hdas' });
    expect(withKeys.body).toEqual({ count: 2, hdas: [first.datasetId, second.datasetId] });
  });

  it('nice_size is the platform\'s nice_size of size', async () => {
    const id = await createHistory(h, alice.key, 'bigger');
    const upload = await uploadText(h, alice.key, id, `${'x'.repeat(1535)}\n`, { fileType: 'txt' });
    await waitForJob(h, alice.key, upload.jobId);
    expect((await show(id, { key: alice.key, keys: 'size,nice_size' })).body).toEqual({ size: 1536, nice_size: '1.5 KB' });
  });

  it('update_time is never before create_time, also for the history an anonymous upload creates', async () => {
    const session = await anonymousSession(h);
    const res = await show(session.historyId).set('Cookie', session.cookie);
    expect(res.body.update_time >= res.body.create_time).toBe(true);
  });

  it('state_details counts non-deleted datasets; state_ids lists deleted ones too', async () => {
    const id = await createHistory(h, alice.key, 'one deleted');
    const kept = await uploadText(h, alice.key, id, 'kept\n', { fileType: 'txt' });
    const dropped = await uploadText(h, alice.key, id, 'dropped\n', { fileType: 'txt' });
    await waitForJob(h, alice.key, kept.jobId);
    await waitForJob(h, alice.key, dropped.jobId);
    const del = await h.api.delete(`/api/histories/${id}/contents/${dropped.datasetId}`).query({ key: alice.key });
    expect(del.status).toBe(200);
    const res = await show(id, { key: alice.key });
    expect(res.body.state).toBe('ok');
    expect(res.body.state_details).toEqual({ ...emptyCounts, ok: 1 });
    expect(res.body.state_ids).toEqual({ ...emptyIds, ok: [kept.datasetId, dropped.datasetId] });
  });

  it('is in the error state when a dataset failed', async () => {
    const id = await createHistory(h, alice.key, 'failing');
    const input = await uploadText(h, alice.key, id, 'x\n', { fileType: 'txt' });
    await waitForJob(h, alice.key, input.jobId);
    const run = await runTool(h, alice.key, id, 'failing1', { input: { src: 'hda', id: input.datasetId } });
    expect((await waitForJob(h, alice.key, run.jobs[0].id)).state).toBe('error');
    const res = await show(id, { key: alice.key, keys: 'state,state_details,state_ids' });
    expect(res.body).toEqual({
      state: 'error',
      state_details: { ...emptyCounts, ok: 1, error: 1 },
      state_ids: { ...emptyIds, ok: [input.datasetId], error: [run.outputs[0].id] },
    });
  });

  it('username_and_slug is u/<username>/h/<slug> once the history has a slug', async () => {
    const id = await createHistory(h, alice.key, 'slugged');
    await h.api.put(`/api/histories/${id}`).send({ key: alice.key, slug: 'my-analysis' });
    const res = await show(id, { key: alice.key, keys: 'slug,username_and_slug' });
    expect(res.body).toEqual({ slug: 'my-analysis', username_and_slug: 'u/alice/h/my-analysis' });
  });

  it('shows tags as name or name:value, and the annotation', async () => {
    const id = await createHistory(h, alice.key, 'annotated');
    await h.api.put(`/api/histories/${id}`).send({ key: alice.key, tags: ['sample:liver', 'paired'], annotation: 'Liver samples, <b>paired</b> reads' });
    const res = await show(id, { key: alice.key, keys: 'tags,annotation' });
    expect(res.body).toEqual({ tags: ['sample:liver', 'paired'], annotation: 'Liver samples, <b>paired</b> reads' });
  });
});

describe('GET /api/histories/deleted/{id}', () => {
  it('shows a deleted history to its owner', async () => {
    const id = await createHistory(h, alice.key, 'to delete');
    await h.api.delete(`/api/histories/${id}`).query({ key: alice.key });
    const res = await h.api.get(`/api/histories/deleted/${id}`).query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(sortedKeys(res.body)).toEqual(HISTORY_DETAILED_KEYS);
    expect(res.body).toEqual(expect.objectContaining({ id, deleted: true, purged: false }));
    expect((await show(id, { key: alice.key })).body.deleted).toBe(true);
    expect((await h.api.get(`/api/histories/deleted/${id}`).query({ key: alice.key, keys: 'deleted' })).body).toEqual({ deleted: true });
  });

  it('applies the same access rules and id checks as the show route', async () => {
    const id = await createHistory(h, alice.key, 'deleted, private');
    await h.api.delete(`/api/histories/${id}`).query({ key: alice.key });
    expect((await h.api.get(`/api/histories/deleted/${id}`).query({ key: bob.key })).status).toBe(403);
    expect((await h.api.get(`/api/histories/deleted/${id}`)).status).toBe(403);
    expect((await h.api.get(`/api/histories/deleted/${id}`).set('Cookie', anon.cookie)).status).toBe(403);
    expect((await h.api.get(`/api/histories/deleted/${id}`).query({ key: h.admin.key })).status).toBe(200);
    const malformed = await h.api.get(`/api/histories/deleted/${MALFORMED_ID}`).query({ key: alice.key });
    expect(malformed.status).toBe(400);
    expect(malformed.body.err_code).toBe(400009);
    const unknown = await h.api.get(`/api/histories/deleted/${UNKNOWN_ID}`).query({ key: alice.key });
    expect(unknown.status).toBe(404);
    expect(unknown.body.err_code).toBe(404001);
  });
});

describe('GET /api/histories/most_recently_used', () => {
  it("is the user's most recently updated non-deleted history", async () => {
    const carol = await h.newUser('carol');
    const older = await createHistory(h, carol.key, 'older');
    const newer = await createHistory(h, carol.key, 'newer');
    const mru = () => h.api.get('/api/histories/most_recently_used').query({ key: carol.key });
    expect((await mru()).body).toEqual(expect.objectContaining({ id: newer, name: 'newer' }));
    expect(sortedKeys((await mru()).body)).toEqual(HISTORY_DETAILED_KEYS);
    await h.api.put(`/api/histories/${older}`).send({ key: carol.key, annotation: 'touched' });
    expect((await mru()).body.id).toBe(older);
    await h.api.delete(`/api/histories/${older}`).query({ key: carol.key });
    expect((await mru()).body.id).toBe(newer);
    expect((await h.api.get('/api/histories/most_recently_used').query({ key: carol.key, keys: 'name' })).body).toEqual({ name: 'newer' });
  });

  it("is an anonymous session's current history", async () => {
    const res = await h.api.get('/api/histories/most_recently_used').set('Cookie', anon.cookie);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(anon.historyId);
  });

  it('is null when the caller has no history', async () => {
    const dave = await h.newUser('dave');
    const user = await h.api.get('/api/histories/most_recently_used').query({ key: dave.key });
    expect(user.status).toBe(200);
    expect(user.body).toBeNull();
    const nobody = await h.api.get('/api/histories/most_recently_used');
    expect(nobody.status).toBe(200);
    expect(nobody.body).toBeNull();
  });

  it('is the caller\'s own, never another user\'s', async () => {
    const res = await h.api.get('/api/histories/most_recently_used').query({ key: bob.key });
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
  });
});

describe('GET /api/histories/{id}/citations', () => {
  it('is an empty list when the tools used cite nothing (the built-in tools)', async () => {
    const id = await createHistory(h, alice.key, 'uploads only');
    const upload = await uploadText(h, alice.key, id, 'x\n', { fileType: 'txt' });
    await waitForJob(h, alice.key, upload.jobId);
    const res = await h.api.get(`/api/histories/${id}/citations`).query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('lists the BibTeX of every tool that made datasets of the history, each once', async () => {
    const id = await createHistory(h, alice.key, 'cited');
    const upload = await uploadText(h, alice.key, id, 'x\n', { fileType: 'txt' });
    await waitForJob(h, alice.key, upload.jobId);
    for (let i = 0; i < 2; i += 1) {
      const run = await runTool(h, alice.key, id, 'cited1', { input: { src: 'hda', id: upload.datasetId } });
      await waitForJob(h, alice.key, run.jobs[0].id);
    }
    const res = await h.api.get(`/api/histories/${id}/citations`).query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body).toContainEqual({ format: 'bibtex', content: '@misc{cited_copy, title = {Cited copy}}' });
    expect(res.body).toContainEqual({ format: 'bibtex', content: expect.stringContaining('10.1093/bioinformatics/btq281') });
    expect((await h.api.get(`/api/histories/${id}/citations`).query({ key: h.admin.key })).body).toEqual(res.body);

    // A copy of the history cites the same tools: its datasets share the files those jobs made.
    const copy = await h.api.post('/api/histories').send({ key: alice.key, history_id: id });
    expect(copy.status).toBe(200);
    expect((await h.api.get(`/api/histories/${copy.body.id}/citations`).query({ key: alice.key })).body).toEqual(expect.arrayContaining(res.body));
  });

  it('follows the access rules of the history', async () => {
    const other = await h.api.get(`/api/histories/${historyId}/citations`).query({ key: bob.key });
    expect(other.status).toBe(403);
    expect(other.body.err_code).toBe(403002);
    expect((await h.api.get(`/api/histories/${historyId}/citations`)).status).toBe(403);
    const session = await h.api.get(`/api/histories/${anon.historyId}/citations`).set('Cookie', anon.cookie);
    expect(session.status).toBe(200);
    expect(session.body).toEqual([]);
  });

  it('answers MalformedId and ObjectNotFound for bad ids', async () => {
    const malformed = await h.api.get(`/api/histories/${MALFORMED_ID}/citations`).query({ key: alice.key });
    expect(malformed.status).toBe(400);
    expect(malformed.body.err_code).toBe(400009);
    const unknown = await h.api.get(`/api/histories/${UNKNOWN_ID}/citations`).query({ key: alice.key });
    expect(unknown.status).toBe(404);
    expect(unknown.body.err_code).toBe(404001);
  });
});
