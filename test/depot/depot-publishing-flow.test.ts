import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { binary, createRepository, publish, readTarball, tarball, toolXml } from '../support/depot-helpers';
import { type DepotUser, startTestDepot, type TestDepot } from '../support/test-depot';

const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

/**
 * One depot for the client walk-through, the search and the publishing flow; it is closed before the
 * depot without DEPOT_URL starts (a running depot's workers would take that one's metadata tasks).
 */
describe('one depot, through its API', () => {
  let h: TestDepot;
  let dir: string;
  beforeAll(async () => {
    h = await startTestDepot();
    dir = mkdtempSync(join(tmpdir(), 'publishing-'));
  });
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * The client library's Tool Shed client (bioblend 0.8, `bioblend.toolshed`), call by call, with the
   * paths and query strings it sends (its parameters in its order, then `key` when it has one).
   */
  describe('the Tool Shed client (bioblend.toolshed 0.8): its thirteen calls', () => {
    let walker: DepotUser;
    let carol: DepotUser;
    let categoryId: string;

    beforeAll(async () => {
      walker = await h.newUser('walker');
      carol = await h.newUser('carol');
      categoryId = (await h.api.post('/api/categories').send({ key: h.masterKey, name: 'Walk Through' })).body.id;
      const reverse = await createRepository(h, walker, 'text_reverse', { category_ids: [categoryId] });
      await publish(h, walker, reverse, { 'reverse.xml': toolXml('text_reverse', '1.0.0') }, 'Version 1.0.0');
      await publish(h, walker, reverse, { 'reverse.xml': toolXml('text_reverse', '2.0.0') }, 'Version 2.0.0');
    });

    it('each call gets the answer the client expects', async () => {
      const key = carol.key;
      // categories: get_categories(), get_categories(deleted=True) (administrators), show_category(id)
      const categories = await h.api.get(`/api/categories?key=${key}`);
      expect([categories.status, categories.body.map((category: { name: string }) => category.name)]).toEqual([200, ['Walk Through']]);
      const deleted = await h.api.get(`/api/categories/deleted?key=${h.masterKey}`);
      expect([deleted.status, deleted.body]).toEqual([200, []]);
      const category = await h.api.get(`/api/categories/${categoryId}?key=${key}`);
      expect(category.body).toMatchObject({ model_class: 'Category', name: 'Walk Through' });

      // repositories: create_repository, update_repository, get_repositories, show_repository
      const created = await h.api.post(`/api/repositories?key=${key}`).send({ name: 'upper_case', synopsis: 'Upper case', description: 'Turns text to upper case.', type: 'unrestricted', 'category_ids[]': [categoryId] });
      expect(created.status).toBe(200);
      const updated = await h.api.post(`/api/repositories/${created.body.id}/changeset_revision`).field('commit_message', 'first').field('key', key).attach('file', tarball({ 'upper.xml': toolXml('upper_case', '0.1', 'Upper case') }), 'upper.tar.gz');
      expect([updated.status, updated.body]).toEqual([200, { message: expect.any(String), content_alert: '' }]);
      const listed = await h.api.get(`/api/repositories?key=${key}`);
      expect(listed.body.map((repository: { name: string }) => repository.name)).toEqual(['text_reverse', 'upper_case']);
      expect((await h.api.get(`/api/repositories/${created.body.id}?key=${key}`)).body).toMatchObject({ name: 'upper_case', owner: 'carol' });

      // search_repositories(q): the search object, each hit a repository with its score
      const repositories = await h.api.get(`/api/repositories?q=upper&page=1&page_size=10&key=${key}`);
      expect(repositories.status).toBe(200);
      expect(repositories.body).toEqual({
        hostname: 'http://localhost:9009/',
        page: '1',
        page_size: '10',
        total_results: '1',
        hits: [
          {
            repository: {
              id: created.body.id,
              name: 'upper_case',
              repo_owner_username: 'carol',
              description: 'Upper case',
              long_description: 'Turns text to upper case.',
              homepage_url: '',
              remote_repository_url: '',
              times_downloaded: 0,
              approved: 'no',
              last_updated: 'today',
              full_last_updated: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d [AP]M$/),
            },
            score: expect.any(Number),
            matched_terms: [['name', 'upper'], ['description', 'upper'], ['long_description', 'upper']],
          },
        ],
      });
      // Anonymous clients send no key.
      expect((await h.api.get('/api/repositories?q=upper&page=1&page_size=10')).body.total_results).toBe('1');

      // search_tools(q): each hit a tool of an installable revision, with its repository's name and owner
      await h.settled();
      const tools = await h.api.get(`/api/tools?q=reverse&page=1&page_size=10&key=${key}`);
      expect(tools.status).toBe(200);
      expect(tools.body).toEqual({ hostname: 'http://localhost:9009/', page: '1', page_size: '10', total_results: '3', hits: expect.any(Array) });
      // Both versions of text_reverse (in name and description), equal scores by version; then upper_case (its description only).
      expect(tools.body.hits.map((hit: { tool: { id: string; version: string } }) => `${hit.tool.id}/${hit.tool.version}`)).toEqual(['text_reverse/1.0.0', 'text_reverse/2.0.0', 'upper_case/0.1']);
      expect(tools.body.hits[0]).toEqual({
        tool: {
          id: 'text_reverse',
          name: 'text_reverse',
          description: 'reverses lines',
          repo_owner_username: 'walker',
          repo_name: 'text_reverse',
          version: '1.0.0',
          guid: 'localhost:9009/repos/walker/text_reverse/text_reverse/1.0.0',
          changeset_revision: expect.stringMatching(/^[0-9a-f]{12}$/),
        },
        // Within the name "text_reverse" (1.2) and the description "reverses lines" (0.6), neither a whole word.
        score: expect.closeTo(1.2 + 0.6, 10),
        matched_terms: [['name', 'reverse'], ['description', 'reverse']],
      });

      // get_ordered_installable_revisions, get_repository_revision_install_info, repository_revisions(downloadable=True), show_repository_revision
      const ordered = (await h.api.get(`/api/repositories/get_ordered_installable_revisions?name=upper_case&owner=carol&key=${key}`)).body as string[];
      expect(ordered).toHaveLength(1);
      const info = await h.api.get(`/api/repositories/get_repository_revision_install_info?name=upper_case&owner=carol&changeset_revision=${ordered[0]}&key=${key}`);
      expect(info.body[2].upper_case[2]).toBe(ordered[0]);
      const revisions = await h.api.get(`/api/repository_revisions?downloadable=True&key=${key}`);
      expect(revisions.body.length).toBe(3);
      const revision = await h.api.get(`/api/repository_revisions/${info.body[1].id}?key=${key}`);
      expect(revision.body).toMatchObject({ changeset_revision: ordered[0], includes_tools: true });
    });
  });

  describe("GET /api/tools?q= (the Tool Shed client's search_tools)", () => {
    const search = (query: string) => h.api.get(`/api/tools?${query}`);
    const found = (body: { hits: Array<{ tool: { repo_owner_username: string; id: string; version: string } }> }) => body.hits.map((hit) => `${hit.tool.repo_owner_username}/${hit.tool.id}/${hit.tool.version}`);

    it('finds the tools of installable revisions by name, description or owner, every word required, best first', async () => {
      const byName = await search('q=upper&page=1&page_size=10');
      expect(found(byName.body)).toEqual(['carol/upper_case/0.1']);
      // The name "Upper case" holds it as a whole word: twice the name's 1.2.
      expect(byName.body.hits[0]).toMatchObject({ score: expect.closeTo(1.2 * 2, 10), matched_terms: [['name', 'upper']] });
      // Every tool's description is "reverses lines" (equal scores: by name); the owner narrows it.
      expect(found((await search('q=LINES')).body)).toEqual(['walker/text_reverse/1.0.0', 'walker/text_reverse/2.0.0', 'carol/upper_case/0.1']);
      const owned = await search('q=lines%20carol');
      expect(found(owned.body)).toEqual(['carol/upper_case/0.1']);
      expect(owned.body.hits[0].matched_terms).toEqual([['description', 'lines'], ['repo_owner_username', 'carol']]);
      expect((await search('q=nowhere')).body).toEqual({ hostname: 'http://localhost:9009/', page: '1', page_size: '10', total_results: '0', hits: [] });
    });

    it('leaves out deprecated repositories and revisions that are not installable', async () => {
      const UPPER = "(select id from depot.repository where name = 'upper_case')";
      await h.sql(`update depot.repository_metadata set downloadable = false where repository_id = ${UPPER}`);
      expect((await search('q=upper')).body.total_results).toBe('0');
      await h.sql(`update depot.repository_metadata set downloadable = true where repository_id = ${UPPER}`);
      await h.sql(`update depot.repository set deprecated = true where id = ${UPPER}`);
      expect((await search('q=upper')).body.total_results).toBe('0');
      await h.sql(`update depot.repository set deprecated = false where id = ${UPPER}`);
      expect((await search('q=upper')).body.total_results).toBe('1');
    });

    it("pages as the original does (a page after the last shows the last page's hits), and refuses what it refuses", async () => {
      const second = await search('q=lines&page=2&page_size=2');
      expect([second.body.page, second.body.page_size, second.body.total_results, found(second.body)]).toEqual(['2', '2', '3', ['carol/upper_case/0.1']]);
      const beyond = await search('q=lines&page=9&page_size=2');
      expect([beyond.body.page, beyond.body.hits]).toEqual(['9', second.body.hits]);
      const notInteger = await search('q=lines&page=one');
      expect([notInteger.status, notInteger.body]).toEqual([400, { err_msg: 'The "page" and "page_size" have to be integers.', err_code: 400008 }]);
      const before = await search('q=lines&page=-1');
      expect([before.status, before.body]).toEqual([404, { err_msg: 'The requested page does not exist.', err_code: 404001 }]);
      const short = await search('q=ab');
      expect([short.status, short.body]).toEqual([400, { err_msg: 'The search term has to be at least 3 characters long.', err_code: 400008 }]);
      for (const query of ['', 'q=', 'page=x']) {
        const missing = await search(query);
        expect([query, missing.status, missing.body]).toEqual([query, 501, { err_msg: 'Listing of all the tools is not implemented. Provide parameter "q" to search instead.', err_code: 501001 }]);
      }
    });

    it('costs one statement; an unknown path under /api names itself whole in its 404', async () => {
      expect(h.queriesOf(await search('q=lines'))).toBe(1);
      const unknown = await h.api.get('/api/toolz');
      expect([unknown.status, unknown.body]).toEqual([404, { err_msg: 'No API route for GET /api/toolz', err_code: 404001 }]);
    });
  });

  // Last: its capsule import starts a fresh depot on the same database, which empties the one above.
  describe('publishing through the API, end to end (what the packaging tools and the installer do)', () => {
    it('a user publishes two versions of a tool; the depot offers two installable revisions with their install information; a capsule carries them to a fresh depot', async () => {
      // An administrator creates the author's account; the author gets a key by basic authentication.
      const created = await h.api.post('/api/users').send({ key: h.masterKey, email: 'author@example.org', username: 'author', password: 'author-password' });
      expect(created.status).toBe(200);
      const key = (await h.api.get('/api/authenticate/baseauth').set('Authorization', basic('author@example.org', 'author-password'))).body.api_key as string;
      const category = (await h.api.post('/api/categories').send({ key: h.masterKey, name: 'Text Manipulation' })).body;

      // The repository, then a tarball with version 1.0.0 of a tool, then one with version 2.0.0.
      const repository = (await h.api.post('/api/repositories').query({ key }).send({ name: 'text_reverse', synopsis: 'Reverse text', description: 'Reverses lines.', category_ids: [category.id] })).body;
      expect(repository).toMatchObject({ name: 'text_reverse', owner: 'author', category_ids: [category.id] });
      const first = await h.api.post(`/api/repositories/${repository.id}/changeset_revision`).field('key', key).field('commit_message', 'Version 1.0.0').attach('file', tarball({ 'reverse.xml': toolXml('text_reverse', '1.0.0'), 'test-data/in.txt': 'a\nb\n' }), 'text_reverse.tar.gz');
      expect(first.status).toBe(200);
      const second = await h.api.post(`/api/repositories/${repository.id}/changeset_revision`).field('key', key).field('commit_message', 'Version 2.0.0').attach('file', tarball({ 'reverse.xml': toolXml('text_reverse', '2.0.0'), 'test-data/in.txt': 'a\nb\n' }), 'text_reverse.tar.gz');
      expect(second.status).toBe(200);

      // Two installable revisions, oldest first.
      const ordered = (await h.api.get('/api/repositories/get_ordered_installable_revisions').query({ name: 'text_reverse', owner: 'author' })).body as string[];
      expect(ordered).toHaveLength(2);
      expect(ordered.every((changeset) => /^[0-9a-f]{12}$/.test(changeset))).toBe(true);

      // The install information of each: its changeset and number, and the tool version it offers.
      const tools: string[] = [];
      for (const [index, changeset] of ordered.entries()) {
        const [repo, revision, info] = (await h.api.get('/api/repositories/get_repository_revision_install_info').query({ name: 'text_reverse', owner: 'author', changeset_revision: changeset })).body;
        expect(repo).toMatchObject({ id: repository.id, name: 'text_reverse', owner: 'author', url: `/api/repositories/${repository.id}` });
        expect(revision).toMatchObject({ repository_id: repository.id, changeset_revision: changeset, downloadable: true, includes_tools: true });
        expect(info).toEqual({ text_reverse: ['Reverse text', 'http://localhost:9009/repos/author/text_reverse', changeset, String(index), 'author', {}, {}] });
        const graph = await h.api.post('/graphql').send({ query: `{ repositoryRevision(id: "${revision.id}") { changesetRevision metadata } }` });
        const [tool] = graph.body.data.repositoryRevision.metadata.tools;
        tools.push(`${tool.guid}`);
      }
      expect(tools).toEqual(['localhost:9009/repos/author/text_reverse/text_reverse/1.0.0', 'localhost:9009/repos/author/text_reverse/text_reverse/2.0.0']);

      // The latest revision's archive holds version 2.0.0.
      const archive = await h.api.get(`/repos/author/text_reverse/archive/${ordered[1]}.tar.gz`).buffer(true).parse(binary);
      expect(archive.status).toBe(200);
      expect((await readTarball(archive.body as Buffer))[`text_reverse-${ordered[1]}/reverse.xml`]).toBe(toolXml('text_reverse', '2.0.0'));

      // Exported as a capsule, imported into a fresh depot: the same repository and revisions.
      const exported = await h.api.post('/api/repository_revisions/export').send({ depot_url: 'http://localhost:9009', name: 'text_reverse', owner: 'author', changeset_revision: ordered[1], download_dir: dir });
      expect(exported.status).toBe(200);
      const fresh = await startTestDepot();
      try {
        await fresh.newUser('author');
        const imported = await fresh.api.post('/api/repositories/new/import_capsule').query({ key: fresh.admin.key }).send({ depot_url: 'http://localhost:9009', capsule_file_name: exported.body.capsule_file_name });
        expect(imported.body).toEqual({ 'Archive of repository "text_reverse" owned by "author"': 'This Tool Shed does not have the category "Text Manipulation" so it will not be associated with this repository.Repository "text_reverse" has been created.' });
        expect((await fresh.api.get('/api/repositories/get_ordered_installable_revisions').query({ name: 'text_reverse', owner: 'author' })).body).toEqual(ordered);
        const [, , info] = (await fresh.api.get('/api/repositories/get_repository_revision_install_info').query({ name: 'text_reverse', owner: 'author', changeset_revision: ordered[0] })).body;
        expect(info.text_reverse.slice(2, 4)).toEqual([ordered[0], '0']);
      } finally {
        await fresh.close();
      }
    });
  });
});

describe('without DEPOT_URL, guids and clone URLs name the address the request was sent to', () => {
  it('uses the Host of the upload for the guids, and of the install info request for the clone URL', async () => {
    const h = await startTestDepot({ DEPOT_URL: '' });
    try {
      const author = await h.newUser('hostname');
      const repository = (await h.api.post('/api/repositories').query({ key: author.key }).send({ name: 'hosted', synopsis: 'x' })).body;
      const res = await h.api.post(`/api/repositories/${repository.id}/changeset_revision`).set('Host', 'depot.example.org:9009').field('key', author.key).attach('file', tarball({ 't.xml': toolXml('t', '1') }), 't.tar.gz');
      expect(res.status).toBe(200);
      const [row] = await h.sql<{ guid: string }>("select metadata->'tools'->0->>'guid' as guid from depot.repository_metadata");
      expect(row.guid).toBe('depot.example.org:9009/repos/hostname/hosted/t/1');
      const [changeset] = (await h.api.get('/api/repositories/get_ordered_installable_revisions').query({ name: 'hosted', owner: 'hostname' })).body;
      const info = await h.api.get('/api/repositories/get_repository_revision_install_info').set('Host', 'shed.example.org').query({ name: 'hosted', owner: 'hostname', changeset_revision: changeset });
      expect(info.body[2].hosted[1]).toBe('http://shed.example.org/repos/hostname/hosted');
    } finally {
      await h.close();
    }
  });
});
