import type { Response } from 'supertest';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { expectError, UNKNOWN_ID } from '../support/job-helpers';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

const create = (key: string, body: Record<string, unknown>) => h.api.post('/api/visualizations').query({ key }).send(body);

async function created(key: string, body: Record<string, unknown>): Promise<string> {
  const res = await create(key, body);
  expect(res.status).toBe(200);
  return res.body.id as string;
}

const show = (id: string, key?: string) => h.api.get(`/api/visualizations/${id}`).query(key ? { key } : {});
const update = (id: string, key: string | undefined, body: Record<string, unknown>) => h.api.put(`/api/visualizations/${id}`).query(key ? { key } : {}).send(body);

/** Shares through the sharing routes (`test/contract/sharing.test.ts` covers them): with exactly this user. */
async function shareWith(vizId: string, owner: TestUser, user: TestUser): Promise<void> {
  const res = await h.api.put(`/api/visualizations/${vizId}/share_with_users`).query({ key: owner.key }).send({ user_ids: [user.id] });
  expect(res.body.errors).toEqual([]);
}

async function sharingAction(vizId: string, owner: TestUser, action: 'publish' | 'enable_link_access'): Promise<void> {
  expect((await h.api.put(`/api/visualizations/${vizId}/${action}`).query({ key: owner.key })).status).toBe(200);
}

/** There is no route that deletes a visualization (15.05 has none): the flag is written directly. */
async function markDeleted(vizId: string): Promise<void> {
  const em = h.platform.services.db.orm.em.fork();
  await em.getConnection().execute('update visualization set deleted = true where id = ?', [h.platform.services.ids.decode(vizId)]);
}

function expectMessage(res: Response, status: number, errCode: number, message: string): void {
  expectError(res, status, errCode);
  expect(res.body.err_msg).toBe(message);
}

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  carol = await h.newUser('carol');
});
afterAll(() => h.close());

describe('POST /api/visualizations', () => {
  it('creates a visualization with its first revision and answers only {id}', async () => {
    const res = await create(alice.key, { type: 'trackster', title: 'Tracks', dbkey: 'hg19', slug: 'tracks-1', config: { view: { tracks: [1, 2] } } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['id']);
    const shown = await show(res.body.id, alice.key);
    expect(shown.body.revisions).toHaveLength(1);
    expect(shown.body.latest_revision.config).toEqual({ view: { tracks: [1, 2] } });
  });

  it('accepts a form post whose config is JSON text, and ignores unknown keys', async () => {
    const res = await h.api.post('/api/visualizations').type('form').send({ key: alice.key, type: 'scatterplot', title: 'Form', config: '{"x": 1}', nonsense: 'dropped' });
    expect(res.status).toBe(200);
    const shown = await show(res.body.id, alice.key);
    expect(shown.body.latest_revision.config).toEqual({ x: 1 });
    expect(shown.body).not.toHaveProperty('nonsense');
  });

  it('titles a visualization without title "Untitled Visualization"', async () => {
    const id = await created(alice.key, { type: 'trackster' });
    expect((await show(id, alice.key)).body.title).toBe('Untitled Visualization');
  });

  it('sanitizes title, dbkey, type and annotation', async () => {
    const id = await created(alice.key, {
      type: 'trackster<script>x()</script>',
      title: 'Nice <b>title</b><script>alert(1)</script>',
      dbkey: 'hg<img src="javascript:alert(1)" onerror="x()">19',
      annotation: '<a href="javascript:evil()" onclick="x()">note</a>',
    });
    const body = (await show(id, alice.key)).body;
    expect(body.title).toBe('Nice <b>title</b>');
    expect(body.type).toBe('trackster');
    expect(body.dbkey).not.toMatch(/javascript|onerror/);
    expect(body.annotation).toBe('<a>note</a>');
  });

  it('refuses a missing type with RequestParameterMissingException', async () => {
    expectMessage(await create(alice.key, { title: 'No type' }), 400, 400007, "key/value 'type' is required");
  });

  it.each([
    ['type', 1, "type must be a string or unicode: <type 'int'>"],
    ['title', ['a'], "title must be a string or unicode: <type 'list'>"],
    ['dbkey', { a: 1 }, "dbkey must be a string or unicode: <type 'dict'>"],
    ['annotation', true, "annotation must be a string or unicode: <type 'bool'>"],
    ['slug', 2.5, "slug must be a string: <type 'float'>"],
    ['config', [1, 2], "config must be a dictionary: <type 'list'>"],
    ['config', 'not json', "config must be a dictionary: <type 'unicode'>"],
  ])('refuses a non-string/non-object %s with RequestParameterInvalidException', async (key, value, message) => {
    expectMessage(await create(alice.key, { type: 'trackster', title: 'T', [key]: value }), 400, 400008, message);
  });

  it('refuses an empty title, a bad slug and a duplicate slug (RequestParameterMissingException, as the platform)', async () => {
    expectMessage(await create(alice.key, { type: 'trackster', title: '' }), 400, 400007, 'visualization name is required');
    expectMessage(await create(alice.key, { type: 'trackster', title: 'T', slug: 'Bad Slug!' }), 400, 400007, "visualization identifier must consist of only lowercase letters, numbers, and the '-' character");
    await created(alice.key, { type: 'trackster', title: 'T', slug: 'unique-one' });
    expectMessage(await create(alice.key, { type: 'trackster', title: 'T2', slug: 'unique-one' }), 400, 400007, 'visualization identifier must be unique');
    // Slugs are unique per user only.
    await created(bob.key, { type: 'trackster', title: 'T', slug: 'unique-one' });
  });

  it('refuses anonymous callers', async () => {
    expectError(await h.api.post('/api/visualizations').send({ type: 'trackster', title: 'T' }), 403, 403001);
  });

  it('import_id copies an accessible visualization (the 15.05 code fails with a 500 here)', async () => {
    const source = await created(alice.key, { type: 'trackster', title: 'Shared one', dbkey: 'mm9', slug: 'shared-one', config: { a: 1 } });
    await shareWith(source, alice, bob);
    const copy = await created(bob.key, { import_id: source });
    expect(copy).not.toBe(source);
    const body = (await show(copy, bob.key)).body;
    expect(body).toMatchObject({ title: 'imported: Shared one', type: 'trackster', dbkey: 'mm9', slug: null, user_id: bob.id });
    expect(body.latest_revision.config).toEqual({ a: 1 });
    expect(body.revisions).toHaveLength(1);
  });

  it('import_id of a visualization the caller cannot access is ItemAccessibilityException', async () => {
    const source = await created(alice.key, { type: 'trackster', title: 'Private' });
    expectError(await create(carol.key, { import_id: source }), 403, 403002);
  });
});

describe('GET /api/visualizations', () => {
  it("lists the caller's own, then shared with the caller, then published ones of others, as summary dicts", async () => {
    const dave = await h.newUser('dave');
    const erin = await h.newUser('erin');
    const own = await created(dave.key, { type: 'trackster', title: 'Own', dbkey: 'hg18' });
    const shared = await created(erin.key, { type: 'scatterplot', title: 'Shared' });
    const published = await created(erin.key, { type: 'trackster', title: 'Published' });
    const secret = await created(erin.key, { type: 'trackster', title: 'Secret' });
    const deleted = await created(dave.key, { type: 'trackster', title: 'Deleted' });
    await shareWith(shared, erin, dave);
    await sharingAction(published, erin, 'publish');
    await markDeleted(deleted);
    const res = await h.api.get('/api/visualizations').query({ key: dave.key });
    expect(res.status).toBe(200);
    const ids = (res.body as Array<{ id: string }>).map((item) => item.id);
    expect(ids).toContain(own);
    expect(ids).not.toContain(secret);
    expect(ids).not.toContain(deleted);
    expect(ids.indexOf(own)).toBeLessThan(ids.indexOf(shared));
    expect(ids.indexOf(shared)).toBeLessThan(ids.indexOf(published));
    expect(res.body[ids.indexOf(own)]).toEqual({ id: own, title: 'Own', type: 'trackster', dbkey: 'hg18', url: `/api/visualizations/${own}` });
  });

  it('the administrator sees own, shared and published ones only (no administrator listing)', async () => {
    const secret = await created(carol.key, { type: 'trackster', title: 'Not for admin' });
    const res = await h.api.get('/api/visualizations').query({ key: h.admin.key });
    expect(res.status).toBe(200);
    expect((res.body as Array<{ id: string }>).map((item) => item.id)).not.toContain(secret);
  });

  it('refuses anonymous callers', async () => {
    expectError(await h.api.get('/api/visualizations'), 403, 403001);
  });

  it('costs the same number of SQL statements for 2 visualizations and for 12', async () => {
    const frank = await h.newUser('frank');
    for (let i = 0; i < 2; i += 1) await created(frank.key, { type: 'trackster', title: `v${i}` });
    await h.warmKeys(frank.key);
    const small = await h.api.get('/api/visualizations').query({ key: frank.key });
    const before = (small.body as unknown[]).length;
    for (let i = 0; i < 10; i += 1) {
      const id = await created(frank.key, { type: 'trackster', title: `w${i}` });
      if (i % 3 === 0) await shareWith(id, frank, carol);
    }
    const large = await h.api.get('/api/visualizations').query({ key: frank.key });
    expect((large.body as unknown[]).length).toBe(before + 10);
    expect(h.queriesOf(large)).toBe(h.queriesOf(small));
    expect(h.queriesOf(large)).toBeLessThanOrEqual(2);
  });
});

describe('GET /api/visualizations/{id}', () => {
  let id: string;
  beforeAll(async () => {
    id = await created(alice.key, { type: 'trackster', title: 'Show me', dbkey: 'hg19', slug: 'show-me', annotation: 'my note', config: { k: 'v' } });
  });

  it('shows the owner the visualization with latest_revision, encoded revisions and the UI url', async () => {
    const res = await show(id, alice.key);
    expect(res.status).toBe(200);
    const revisionId = res.body.revisions[0];
    expect(res.body).toEqual({
      model_class: 'Visualization',
      id,
      title: 'Show me',
      type: 'trackster',
      user_id: alice.id,
      dbkey: 'hg19',
      slug: 'show-me',
      latest_revision: { model_class: 'VisualizationRevision', id: revisionId, visualization_id: id, title: 'Show me', dbkey: 'hg19', config: { k: 'v' } },
      revisions: [revisionId],
      url: `/u/${alice.username}/v/show-me`,
      annotation: 'my note',
    });
    expect(typeof revisionId).toBe('string');
  });

  it('refuses another user with ItemAccessibilityException', async () => {
    expectMessage(await show(id, carol.key), 403, 403002, 'Visualization is not accessible to the current user');
  });

  it('shows a user it is shared with (without the owner annotation: annotations are per user on the platform)', async () => {
    const sharedId = await created(alice.key, { type: 'trackster', title: 'To bob', annotation: 'private note' });
    await shareWith(sharedId, alice, bob);
    const res = await show(sharedId, bob.key);
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('To bob');
    expect(res.body.annotation).toBeNull();
    expectError(await show(sharedId, carol.key), 403, 403002);
  });

  it('shows a published or importable visualization to other users', async () => {
    const open = await created(alice.key, { type: 'trackster', title: 'Open' });
    await sharingAction(open, alice, 'enable_link_access');
    expect((await show(open, carol.key)).status).toBe(200);
  });

  it('shows any visualization to an administrator', async () => {
    expect((await show(id, h.admin.key)).status).toBe(200);
  });

  it('still shows a deleted visualization to whoever may see it, as the platform 15.05 does; never lists it, nor imports it', async () => {
    const gone = await created(alice.key, { type: 'trackster', title: 'Gone' });
    await shareWith(gone, alice, bob);
    await markDeleted(gone);
    for (const key of [alice.key, bob.key, h.admin.key]) {
      const res = await show(gone, key);
      expect(res.status).toBe(200);
      expect(res.body.title).toBe('Gone');
    }
    expectError(await show(gone, carol.key), 403, 403002);
    for (const key of [alice.key, bob.key]) {
      expect(((await h.api.get('/api/visualizations').query({ key })).body as Array<{ id: string }>).map((item) => item.id)).not.toContain(gone);
    }
    expectMessage(await create(bob.key, { import_id: gone }), 400, 0, "You can't import this Visualization because it has been deleted.");
  });

  it('refuses anonymous callers', async () => {
    expectError(await show(id), 403, 403001);
  });

  it('answers a malformed or unknown id with MessageException, as the platform get_object', async () => {
    expectMessage(await show('nothex', alice.key), 400, 0, 'Malformed Visualization id ( nothex ) specified, unable to decode');
    expectMessage(await show(UNKNOWN_ID, alice.key), 400, 0, `Invalid Visualization id ( ${UNKNOWN_ID} ) specified`);
  });
});

describe('PUT /api/visualizations/{id}', () => {
  it('adds a revision when config changes and answers {id, revision} with a raw integer revision', async () => {
    const id = await created(alice.key, { type: 'trackster', title: 'Up', dbkey: 'hg19', config: { a: 1, b: 2 } });
    const res = await update(id, alice.key, { config: { a: 1, b: 3 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, revision: expect.any(Number) });
    const body = (await show(id, alice.key)).body;
    expect(body.revisions).toHaveLength(2);
    expect(body.latest_revision.config).toEqual({ a: 1, b: 3 });
    expect(h.platform.services.ids.decode(body.latest_revision.id)).toBe(res.body.revision);
  });

  it('answers null and adds no revision when title, dbkey and config are unchanged (key order of config ignored)', async () => {
    const id = await created(alice.key, { type: 'trackster', title: 'Same', dbkey: 'hg19', config: { a: 1, b: 2 } });
    const res = await update(id, alice.key, { title: 'Same', dbkey: 'hg19', config: { b: 2, a: 1 }, type: 'ignored' });
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    expect((await show(id, alice.key)).body.revisions).toHaveLength(1);
  });

  it('a title change adds a revision and renames the visualization', async () => {
    const id = await created(alice.key, { type: 'trackster', title: 'Old' });
    const res = await update(id, alice.key, { title: 'New <script>x</script>' });
    expect(res.body.revision).toEqual(expect.any(Number));
    const body = (await show(id, alice.key)).body;
    expect(body.title).toBe('New');
    expect(body.latest_revision.title).toBe('New');
  });

  it('validates the payload like create', async () => {
    const id = await created(alice.key, { type: 'trackster', title: 'V' });
    expectMessage(await update(id, alice.key, { config: 'x' }), 400, 400008, "config must be a dictionary: <type 'unicode'>");
    expectMessage(await update(id, alice.key, { title: 3 }), 400, 400008, "title must be a string or unicode: <type 'int'>");
  });

  it('refuses other users, including a user it is shared with and the administrator (owner only)', async () => {
    const id = await created(alice.key, { type: 'trackster', title: 'Mine' });
    await shareWith(id, alice, bob);
    for (const key of [bob.key, carol.key, h.admin.key]) {
      expectMessage(await update(id, key, { title: 'Theirs' }), 403, 403003, 'Visualization is not owned by the current user');
    }
    expect((await show(id, alice.key)).body.title).toBe('Mine');
  });

  it('an administrator may read any visualization and change its sharing, but not update it (the contract: "Owner only")', async () => {
    const id = await created(alice.key, { type: 'trackster', title: 'Admin reads' });
    expect((await show(id, h.admin.key)).status).toBe(200);
    expect((await h.api.put(`/api/visualizations/${id}/publish`).query({ key: h.admin.key })).status).toBe(200);
    expectMessage(await update(id, h.admin.key, { title: 'Admin writes' }), 403, 403003, 'Visualization is not owned by the current user');
    expect((await show(id, alice.key)).body).toMatchObject({ title: 'Admin reads', revisions: [expect.any(String)] });
  });

  it('refuses anonymous callers', async () => {
    const id = await created(alice.key, { type: 'trackster', title: 'Anon' });
    expectError(await update(id, undefined, { title: 'x' }), 403, 403001);
  });

  it('answers an unknown id with MessageException', async () => {
    expectError(await update(UNKNOWN_ID, alice.key, { title: 'x' }), 400, 0);
  });
});
