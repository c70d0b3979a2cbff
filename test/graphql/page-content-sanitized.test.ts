import { corpusDocument, ORDINARY_PAGE_HTML, scriptCapableParts } from '../fixtures/xss-corpus';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * The graph's page content (what the web UI renders at /pages/<id>) is sanitized when written and
 * when read: `page { content }` and `pageRevisions { content }`, for the owner, other users and
 * visitors, whatever the table holds.
 */
let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;

type Answer<T> = { data?: T | null; errors?: Array<{ message: string }> };

async function gql<T>(key: string | null, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const req = h.api.post('/graphql').send({ query, variables });
  const answer = (await (key ? req.set('x-api-key', key) : req)).body as Answer<T>;
  expect(answer.errors).toBeUndefined();
  return answer.data as T;
}

beforeAll(async () => {
  h = await startTestPlatform();
  alice = await h.newUser('graph-xss-alice');
  bob = await h.newUser('graph-xss-bob');
});
afterAll(() => h.close());

describe('Page.content and PageRevision.content', () => {
  it('are inert for the whole XSS corpus, written through createPage and createPageRevision, read by anyone', async () => {
    const created = await gql<{ createPage: { id: string; content: string } }>(alice.key, 'mutation ($input: PageInput!) { createPage(input: $input) { id content } }', {
      input: { slug: 'graph-corpus', title: 'Corpus', content: corpusDocument() },
    });
    expect(scriptCapableParts(created.createPage.content)).toEqual([]);
    const id = created.createPage.id;
    const revised = await gql<{ createPageRevision: { content: string } }>(alice.key, 'mutation ($id: ID!, $input: PageRevisionInput!) { createPageRevision(pageId: $id, input: $input) { content } }', {
      id,
      input: { content: `${ORDINARY_PAGE_HTML.join('')}${corpusDocument()}` },
    });
    expect(revised.createPageRevision.content.startsWith(ORDINARY_PAGE_HTML.join(''))).toBe(true);
    expect(scriptCapableParts(revised.createPageRevision.content)).toEqual([]);
    await gql(alice.key, 'mutation ($id: ID!) { setSharingAccess(kind: PAGES, id: $id, action: "publish") { published } }', { id });
    for (const key of [alice.key, bob.key, null]) {
      const shown = await gql<{ page: { content: string } }>(key, 'query ($id: ID!) { page(id: $id) { content } }', { id });
      expect(scriptCapableParts(shown.page.content)).toEqual([]);
    }
  });

  it('are sanitized on read when the table holds content stored unsanitized (an older release, the importer)', async () => {
    const created = await gql<{ createPage: { id: string } }>(alice.key, 'mutation ($input: PageInput!) { createPage(input: $input) { id } }', {
      input: { slug: 'graph-raw', title: 'Raw', content: '<p>ok</p>' },
    });
    await gql(alice.key, 'mutation ($id: ID!) { setSharingAccess(kind: PAGES, id: $id, action: "publish") { published } }', { id: created.createPage.id });
    const pageId = h.platform.services.ids.decode(created.createPage.id);
    await h.platform.services.db.orm.em.fork().getConnection().execute('update page_revision set content = ? where page_id = ?', [`<p>ok</p>${corpusDocument()}`, pageId]);
    const shown = await gql<{ page: { content: string } }>(bob.key, 'query ($id: ID!) { page(id: $id) { content } }', { id: created.createPage.id });
    expect(shown.page.content.startsWith('<p>ok</p>')).toBe(true);
    expect(scriptCapableParts(shown.page.content)).toEqual([]);
    const revisions = await gql<{ pageRevisions: Array<{ content: string }> }>(alice.key, 'query ($id: ID!) { pageRevisions(pageId: $id) { content } }', { id: created.createPage.id });
    expect(revisions.pageRevisions).toHaveLength(1);
    expect(scriptCapableParts(revisions.pageRevisions[0].content)).toEqual([]);
  });
});
