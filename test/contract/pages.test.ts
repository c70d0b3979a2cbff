import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { expectError, UNKNOWN_ID } from '../support/job-helpers';

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let slugCounter = 0;

/** Publishes a page through the sharing routes (`test/contract/sharing.test.ts` covers them). */
async function publish(pageId: string, ownerKey: string): Promise<void> {
  expect((await h.api.put(`/api/pages/${pageId}/publish`).query({ key: ownerKey })).status).toBe(200);
}

const nextSlug = () => `page-${(slugCounter += 1)}`;

/** Creates a page as `key` (form-encoded, as the platform's own tests post). */
async function createPage(key: string, fields: Record<string, string> = {}): Promise<Record<string, unknown> & { id: string }> {
  const res = await h.api.post('/api/pages').type('form').send({ key, slug: nextSlug(), title: 'A page', content: '<p>Hello</p>', ...fields });
  expect(res.status).toBe(200);
  return res.body;
}

const ENCODED = /^[0-9a-f]{16}$/;
const PYTHON_STR = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{6})?$/;

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
});
afterAll(() => h.close());

describe('POST /api/pages', () => {
  it('creates a page with a first revision and answers the 15.05 record (no user key, encoded ids)', async () => {
    const page = await createPage(alice.key, { slug: 'my-page-1', title: 'My page' });
    expect(Object.keys(page).sort()).toEqual(['deleted', 'id', 'importable', 'latest_revision_id', 'model_class', 'published', 'revision_ids', 'slug', 'title']);
    expect(page).toEqual({
      model_class: 'Page',
      id: expect.stringMatching(ENCODED),
      title: 'My page',
      latest_revision_id: expect.stringMatching(ENCODED),
      slug: 'my-page-1',
      published: false,
      importable: false,
      deleted: false,
      revision_ids: [page.latest_revision_id],
    });
  });

  it('sanitizes the content: scripts, event handlers and javascript: links go, ordinary markup stays', async () => {
    const page = await createPage(alice.key, {
      content: '<h1 onclick="steal()">Title</h1><script>alert(1)</script><p>Some <b>bold</b> <a href="javascript:alert(1)">link</a> <a href="http://example.org/">ok</a></p>',
    });
    const shown = await h.api.get(`/api/pages/${page.id}`).query({ key: alice.key });
    const content: string = shown.body.content;
    expect(content).not.toMatch(/script|alert|onclick|javascript/);
    expect(content).toContain('<h1>Title</h1>');
    expect(content).toContain('<b>bold</b>');
    expect(content).toContain('<a href="http://example.org/">ok</a>');
  });

  it('requires a title: 400005 "Page name is required"', async () => {
    const res = await h.api.post('/api/pages').send({ key: alice.key, slug: nextSlug() });
    expectError(res, 400, 400005);
    expect(res.body.err_msg).toBe('Page name is required');
  });

  it('requires a slug: 400005 "Page id is required"', async () => {
    const res = await h.api.post('/api/pages').send({ key: alice.key, title: 'No slug' });
    expectError(res, 400, 400005);
    expect(res.body.err_msg).toBe('Page id is required');
  });

  it('refuses a slug with other characters than lowercase letters, digits and -: 400004', async () => {
    for (const slug of ['Upper', 'with space', 'under_score', 'dot.ted']) {
      const res = await h.api.post('/api/pages').send({ key: alice.key, title: 'Bad slug', slug });
      expectError(res, 400, 400004);
      expect(res.body.err_msg).toBe("Page identifier must consist of only lowercase letters, numbers, and the '-' character");
    }
  });

  it("refuses a slug already used by the caller's non-deleted pages (400006), allows it for another user and after deletion", async () => {
    const page = await createPage(alice.key, { slug: 'same-slug' });
    const again = await h.api.post('/api/pages').send({ key: alice.key, title: 'Again', slug: 'same-slug' });
    expectError(again, 400, 400006);
    expect(again.body.err_msg).toBe('Page slug must be unique');
    await createPage(bob.key, { slug: 'same-slug' });
    await h.api.delete(`/api/pages/${page.id}`).query({ key: alice.key });
    await createPage(alice.key, { slug: 'same-slug' });
  });

  it('refuses anonymous callers: 403001', async () => {
    expectError(await h.api.post('/api/pages').send({ title: 'Anon', slug: nextSlug() }), 403, 403001);
  });
});

describe('GET /api/pages', () => {
  it('lists own pages plus published pages of other users, never unpublished pages of others', async () => {
    const own = await createPage(alice.key);
    const bobs = await createPage(bob.key);
    const published = await createPage(bob.key);
    await publish(published.id, bob.key);
    const ids = (await h.api.get('/api/pages').query({ key: alice.key })).body.map((page: { id: string }) => page.id);
    expect(ids).toContain(own.id);
    expect(ids).toContain(published.id);
    expect(ids).not.toContain(bobs.id);
  });

  it('lists every page for an administrator', async () => {
    const bobs = await createPage(bob.key);
    const ids = (await h.api.get('/api/pages').query({ key: h.admin.key })).body.map((page: { id: string }) => page.id);
    expect(ids).toContain(bobs.id);
  });

  it('includes deleted pages only with deleted; following the platform, any non-empty value (even false) counts', async () => {
    const page = await createPage(alice.key);
    await h.api.delete(`/api/pages/${page.id}`).query({ key: alice.key });
    const ids = async (query: Record<string, string>) => (await h.api.get('/api/pages').query({ key: alice.key, ...query })).body.map((p: { id: string }) => p.id);
    expect(await ids({})).not.toContain(page.id);
    expect(await ids({ deleted: 'true' })).toContain(page.id);
    expect(await ids({ deleted: 'false' })).toContain(page.id);
  });

  it('refuses anonymous callers: 403001', async () => {
    expectError(await h.api.get('/api/pages'), 403, 403001);
  });

  it('costs the same number of SQL statements for 2 pages and for 12 (constant-SQL listing)', async () => {
    const carol = await h.newUser('carol');
    for (let i = 0; i < 2; i += 1) await createPage(carol.key);
    await h.warmKeys(carol.key);
    const small = await h.api.get('/api/pages').query({ key: carol.key });
    for (let i = 0; i < 10; i += 1) await createPage(carol.key);
    const large = await h.api.get('/api/pages').query({ key: carol.key });
    expect(large.body.length).toBe(small.body.length + 10);
    expect(h.queriesOf(large)).toBe(h.queriesOf(small));
  });
});

describe('GET /api/pages/{id}', () => {
  it('shows the page record plus the content of the latest revision to the owner', async () => {
    const page = await createPage(alice.key, { content: '<p>First</p>' });
    const res = await h.api.get(`/api/pages/${page.id}`).query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...page, content: '<p>First</p>' });
  });

  it('shows any page to an administrator', async () => {
    const page = await createPage(bob.key);
    expect((await h.api.get(`/api/pages/${page.id}`).query({ key: h.admin.key })).status).toBe(200);
  });

  it("refuses another user's unpublished page with 403003; a published one is readable by every user (the contract: requires access)", async () => {
    const page = await createPage(bob.key);
    const refused = await h.api.get(`/api/pages/${page.id}`).query({ key: alice.key });
    expectError(refused, 403, 403003);
    expect(refused.body.err_msg).toBe('User does not own specified item.');
    await publish(page.id, bob.key);
    const res = await h.api.get(`/api/pages/${page.id}`).query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(page.id);
  });

  it('shows a page to a user it is shared with, and to anyone with the id once shared by link', async () => {
    const page = await createPage(bob.key);
    expectError(await h.api.get(`/api/pages/${page.id}`).query({ key: alice.key }), 403, 403003);
    await h.api.put(`/api/pages/${page.id}/share_with_users`).query({ key: bob.key }).send({ user_ids: [alice.email] });
    expect((await h.api.get(`/api/pages/${page.id}`).query({ key: alice.key })).status).toBe(200);
    const carol = await h.newUser();
    expectError(await h.api.get(`/api/pages/${page.id}`).query({ key: carol.key }), 403, 403003);
    await h.api.put(`/api/pages/${page.id}/enable_link_access`).query({ key: bob.key });
    expect((await h.api.get(`/api/pages/${page.id}`).query({ key: carol.key })).status).toBe(200);
    // Shared and link-access pages are readable, not listed (the listing: own and published pages).
    const listed = (await h.api.get('/api/pages').query({ key: alice.key })).body.map((p: { id: string }) => p.id);
    expect(listed).not.toContain(page.id);
  });

  it('shows a deleted page to whoever may read it (deleted pages are left out of listings only)', async () => {
    const page = await createPage(bob.key);
    await publish(page.id, bob.key);
    await h.api.delete(`/api/pages/${page.id}`).query({ key: bob.key });
    const res = await h.api.get(`/api/pages/${page.id}`).query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.body.deleted).toBe(true);
  });

  it('answers 404001 for an unknown or undecodable id, and 403001 to anonymous callers', async () => {
    expectError(await h.api.get(`/api/pages/${UNKNOWN_ID}`).query({ key: alice.key }), 404, 404001);
    expectError(await h.api.get('/api/pages/not-an-id').query({ key: alice.key }), 404, 404001);
    const page = await createPage(alice.key);
    expectError(await h.api.get(`/api/pages/${page.id}`), 403, 403001);
  });
});

describe('DELETE /api/pages/{id}', () => {
  it('marks the page deleted and answers an empty JSON string', async () => {
    const page = await createPage(alice.key);
    const res = await h.api.delete(`/api/pages/${page.id}`).query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.text).toBe('""');
    expect((await h.api.get(`/api/pages/${page.id}`).query({ key: alice.key })).body.deleted).toBe(true);
  });

  it("lets an administrator delete another user's page", async () => {
    const page = await createPage(bob.key);
    expect((await h.api.delete(`/api/pages/${page.id}`).query({ key: h.admin.key })).status).toBe(200);
  });

  it('answers 403003 for a page of another user, 404001 for an unknown one, 403001 to anonymous callers', async () => {
    const page = await createPage(bob.key);
    expectError(await h.api.delete(`/api/pages/${page.id}`).query({ key: alice.key }), 403, 403003);
    expectError(await h.api.delete(`/api/pages/${UNKNOWN_ID}`).query({ key: alice.key }), 404, 404001);
    expectError(await h.api.delete(`/api/pages/${page.id}`), 403, 403001);
    expect((await h.api.get(`/api/pages/${page.id}`).query({ key: bob.key })).body.deleted).toBe(false);
  });
});

describe('POST /api/pages/{id}/revisions', () => {
  it('adds a sanitized latest revision; following the platform, its id and page_id are raw integers', async () => {
    const page = await createPage(alice.key);
    const res = await h.api.post(`/api/pages/${page.id}/revisions`).type('form').send({ key: alice.key, content: '<p>Second<script>x()</script></p>' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      model_class: 'PageRevision',
      id: expect.any(Number),
      page_id: expect.any(Number),
      title: 'A page',
      content: '<p>Second</p>',
      create_time: expect.stringMatching(PYTHON_STR),
      update_time: expect.stringMatching(PYTHON_STR),
    });
    const shown = await h.api.get(`/api/pages/${page.id}`).query({ key: alice.key });
    expect(shown.body.content).toBe('<p>Second</p>');
    expect(shown.body.revision_ids).toHaveLength(2);
    expect(shown.body.latest_revision_id).toBe(shown.body.revision_ids[1]);
  });

  it('takes a title of its own', async () => {
    const page = await createPage(alice.key);
    const res = await h.api.post(`/api/pages/${page.id}/revisions`).send({ key: alice.key, content: '<p>x</p>', title: 'Renamed' });
    expect(res.body.title).toBe('Renamed');
  });

  it('requires content: 400005 "content undefined or empty"', async () => {
    const page = await createPage(alice.key);
    const res = await h.api.post(`/api/pages/${page.id}/revisions`).send({ key: alice.key, content: '' });
    expectError(res, 400, 400005);
    expect(res.body.err_msg).toBe('content undefined or empty');
  });

  it('refuses a page of another user (403003 "Page is not owned by the current user"), unknown pages (404001) and anonymous callers (403001)', async () => {
    const page = await createPage(bob.key);
    const res = await h.api.post(`/api/pages/${page.id}/revisions`).send({ key: alice.key, content: '<p>mine</p>' });
    expectError(res, 403, 403003);
    expect(res.body.err_msg).toBe('Page is not owned by the current user');
    expectError(await h.api.post(`/api/pages/${UNKNOWN_ID}/revisions`).send({ key: alice.key, content: '<p>x</p>' }), 404, 404001);
    expectError(await h.api.post(`/api/pages/${page.id}/revisions`).send({ content: '<p>x</p>' }), 403, 403001);
  });

  it("lets an administrator add a revision to another user's page", async () => {
    const page = await createPage(bob.key);
    expect((await h.api.post(`/api/pages/${page.id}/revisions`).send({ key: h.admin.key, content: '<p>admin</p>' })).status).toBe(200);
  });
});

describe('GET /api/pages/{id}/revisions', () => {
  it('lists the revisions, oldest first, with encoded ids and the str(datetime) time format', async () => {
    const page = await createPage(alice.key, { content: '<p>one</p>' });
    await h.api.post(`/api/pages/${page.id}/revisions`).send({ key: alice.key, content: '<p>two</p>' });
    const res = await h.api.get(`/api/pages/${page.id}/revisions`).query({ key: alice.key });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body.map((rev: { content: string }) => rev.content)).toEqual(['<p>one</p>', '<p>two</p>']);
    for (const rev of res.body) {
      expect(rev).toEqual(expect.objectContaining({ model_class: 'PageRevision', id: expect.stringMatching(ENCODED), page_id: page.id, title: 'A page' }));
      expect(rev.create_time).toMatch(PYTHON_STR);
    }
  });

  it('lets an administrator list them', async () => {
    const page = await createPage(bob.key);
    expect((await h.api.get(`/api/pages/${page.id}/revisions`).query({ key: h.admin.key })).body).toHaveLength(1);
  });

  it('refuses another user (403003), an unknown page (404001) and anonymous callers (403001)', async () => {
    const page = await createPage(bob.key);
    const res = await h.api.get(`/api/pages/${page.id}/revisions`).query({ key: alice.key });
    expectError(res, 403, 403003);
    expect(res.body.err_msg).toBe('Page is not owned by the current user');
    expectError(await h.api.get(`/api/pages/${UNKNOWN_ID}/revisions`).query({ key: alice.key }), 404, 404001);
    expectError(await h.api.get(`/api/pages/${page.id}/revisions`), 403, 403001);
  });
});

describe('GraphQL pages', () => {
  it('creates a page, adds a revision and reads both through the graph', async () => {
    const graph = (query: string, variables: Record<string, unknown>) => h.api.post('/graphql').set('x-api-key', alice.key).send({ query, variables });
    const created = await graph('mutation ($input: PageInput!) { createPage(input: $input) { id slug revisionIds } }', { input: { title: 'Graph', slug: nextSlug(), content: '<p>g</p>' } });
    const id = created.body.data.createPage.id;
    await graph('mutation ($id: ID!, $input: PageRevisionInput!) { createPageRevision(pageId: $id, input: $input) { id } }', { id, input: { content: '<p>g2</p>' } });
    const read = await graph('query ($id: ID!) { page(id: $id) { content revisionIds } pageRevisions(pageId: $id) { content } }', { id });
    expect(read.body.data.page).toEqual({ content: '<p>g2</p>', revisionIds: [expect.any(String), expect.any(String)] });
    expect(read.body.data.pageRevisions).toEqual([{ content: '<p>g</p>' }, { content: '<p>g2</p>' }]);
  });
});
