import { corpusDocument, ORDINARY_PAGE_HTML, scriptCapableParts, XSS_CORPUS, xssScript } from '../fixtures/xss-corpus';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * Page content is HTML other people's browsers render on the service's origin: it is sanitized when
 * written and again whenever it leaves the service (show, revisions), so that content stored before
 * the sanitizer was strict, or carried over from the platform 15.05, is shown inert too.
 */
let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let slugs = 0;

async function createPage(content: string): Promise<string> {
  const res = await h.api.post('/api/pages').send({ key: alice.key, slug: `xss-${(slugs += 1)}`, title: 'Corpus', content });
  expect(res.status).toBe(200);
  expect((await h.api.put(`/api/pages/${res.body.id}/publish`).query({ key: alice.key })).status).toBe(200);
  return res.body.id;
}

/** What an older release or the importer left in the table: content stored as it came. */
async function storeRawRevision(pageId: string, content: string): Promise<void> {
  const id = h.platform.services.ids.decode(pageId);
  const connection = h.platform.services.db.orm.em.fork().getConnection();
  const [revision] = await connection.execute<Array<{ id: number }>>(
    "insert into page_revision (page_id, title, content, create_time, update_time) values (?, 'Imported', ?, now(), now()) returning id",
    [id, content],
  );
  await connection.execute('update page set latest_revision_id = ? where id = ?', [revision.id, id]);
}

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('pages-xss-alice');
  bob = await h.newUser('pages-xss-bob');
});
afterAll(() => h.close());

describe('POST /api/pages and /api/pages/{id}/revisions sanitize the content they store', () => {
  it('stores nothing script-capable of the whole XSS corpus, and keeps ordinary page markup', async () => {
    const pageId = await createPage(`${corpusDocument()}${ORDINARY_PAGE_HTML.join('')}`);
    const shown = await h.api.get(`/api/pages/${pageId}`).query({ key: bob.key });
    expect(shown.status).toBe(200);
    expect(scriptCapableParts(shown.body.content)).toEqual([]);
    for (const html of ORDINARY_PAGE_HTML) expect(shown.body.content).toContain(html);
  });

  it('answers a new revision with its sanitized content', async () => {
    const pageId = await createPage('<p>first</p>');
    const res = await h.api.post(`/api/pages/${pageId}/revisions`).send({ key: alice.key, content: `<p>second</p>${corpusDocument()}` });
    expect(res.status).toBe(200);
    expect(res.body.content.startsWith('<p>second</p>')).toBe(true);
    expect(scriptCapableParts(res.body.content)).toEqual([]);
  });
});

describe('GET /api/pages/{id} and /api/pages/{id}/revisions sanitize content stored unsanitized', () => {
  it.each(XSS_CORPUS.map((payload) => [payload.name, payload] as const))('shows %s stored as it came inert, to the owner and to other users', async (_name, payload) => {
    const pageId = await createPage('<p>before</p>');
    await storeRawRevision(pageId, `<h1>Imported</h1>${payload.html(xssScript(payload.name))}`);
    for (const key of [alice.key, bob.key]) {
      const shown = await h.api.get(`/api/pages/${pageId}`).query({ key });
      expect(shown.status).toBe(200);
      expect(shown.body.content.startsWith('<h1>Imported</h1>')).toBe(true);
      expect(scriptCapableParts(shown.body.content)).toEqual([]);
    }
    const revisions = await h.api.get(`/api/pages/${pageId}/revisions`).query({ key: alice.key });
    expect(revisions.status).toBe(200);
    expect(revisions.body.map((revision: { content: string }) => revision.content.slice(0, 17))).toEqual(['<p>before</p>', '<h1>Imported</h1>']);
    for (const revision of revisions.body as Array<{ content: string }>) expect(scriptCapableParts(revision.content)).toEqual([]);
  });

  it('shows ordinary page markup stored by an older release unchanged', async () => {
    const pageId = await createPage('<p>x</p>');
    await storeRawRevision(pageId, ORDINARY_PAGE_HTML.join('\n'));
    expect((await h.api.get(`/api/pages/${pageId}`).query({ key: bob.key })).body.content).toBe(ORDINARY_PAGE_HTML.join('\n'));
  });
});
