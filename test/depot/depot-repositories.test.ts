import { type DepotUser, startTestDepot, type TestDepot } from '../support/test-depot';

let h: TestDepot;
let alice: DepotUser;
let bob: DepotUser;
let categoryId: string;

beforeAll(async () => {
  h = await startTestDepot();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  categoryId = (await h.api.post('/api/categories').send({ key: h.masterKey, name: 'Text Manipulation' })).body.id;
});
afterAll(() => h.close());

const ENCODED = /^[0-9a-f]{16}$/;

describe('POST /api/repositories', () => {
  it("creates a repository owned by the caller, with the publishing clients' fields (BioBlend's create_repository)", async () => {
    const res = await h.api
      .post('/api/repositories')
      .query({ key: alice.key })
      .send({ name: 'reverse', synopsis: 'Reverse lines', description: 'Reverses the lines of a file.', type: 'unrestricted', homepage_url: 'https://example.org/', remote_repository_url: 'https://git.example.org/reverse', 'category_ids[]': [categoryId] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      model_class: 'Repository',
      id: expect.stringMatching(ENCODED),
      name: 'reverse',
      type: 'unrestricted',
      remote_repository_url: 'https://git.example.org/reverse',
      homepage_url: 'https://example.org/',
      description: 'Reverse lines',
      long_description: 'Reverses the lines of a file.',
      user_id: alice.id,
      owner: 'alice',
      private: false,
      deleted: false,
      times_downloaded: 0,
      deprecated: false,
      category_ids: [categoryId],
      url: `/api/repositories/${res.body.id}`,
    });
  });

  it('accepts a form post with category_ids as text, defaults the type to unrestricted and the optional fields to empty', async () => {
    const res = await h.api.post('/api/repositories').type('form').send({ key: bob.key, name: 'bob_tools', synopsis: 'Tools of Bob', category_ids: categoryId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'bob_tools', owner: 'bob', type: 'unrestricted', long_description: '', homepage_url: '', remote_repository_url: '', category_ids: [categoryId] });
    const suite = await h.api.post('/api/repositories').query({ key: bob.key }).send({ name: 'suite_bob', synopsis: 'A suite', type: 'repository_suite_definition' });
    expect(suite.body.type).toBe('repository_suite_definition');
  });

  it('requires name and synopsis (400007) and refuses an unknown type (400008)', async () => {
    const noName = await h.api.post('/api/repositories').query({ key: alice.key }).send({ synopsis: 'x' });
    expect([noName.status, noName.body]).toEqual([400, { err_msg: "Missing required parameter 'name'.", err_code: 400007 }]);
    const noSynopsis = await h.api.post('/api/repositories').query({ key: alice.key }).send({ name: 'no_synopsis' });
    expect([noSynopsis.status, noSynopsis.body]).toEqual([400, { err_msg: "Missing required parameter 'synopsis'.", err_code: 400007 }]);
    const badType = await h.api.post('/api/repositories').query({ key: alice.key }).send({ name: 'typed', synopsis: 'x', type: 'everything' });
    expect([badType.status, badType.body]).toEqual([400, { err_msg: 'This repository type is not valid', err_code: 400008 }]);
  });

  it("applies the platform's name rules: unique per owner, 2 to 80 of lower-case letters, digits and '_', not 'repos'", async () => {
    const cases: Array<[string, string]> = [
      ['reverse', 'You already own a repository named "reverse", please choose a different name.'],
      ['x', 'Repository names must be at least 2 characters in length.'],
      ['a'.repeat(81), 'Repository names cannot be more than 80 characters in length.'],
      ['Has-Upper', 'Repository names must contain only lower-case letters, numbers and underscore.'],
      ['repos', 'The term "repos" is a reserved word in the Tool Shed, so it cannot be used as a repository name.'],
    ];
    for (const [name, message] of cases) {
      const res = await h.api.post('/api/repositories').query({ key: alice.key }).send({ name, synopsis: 'x' });
      expect([name, res.status, res.body]).toEqual([name, 400, { err_msg: message, err_code: 400008 }]);
    }
    // Another owner may use the name.
    const bobs = await h.api.post('/api/repositories').query({ key: bob.key }).send({ name: 'reverse', synopsis: 'Bob reverses too' });
    expect([bobs.status, bobs.body.owner]).toEqual([200, 'bob']);
  });

  it('refuses a malformed category id (400009) and an unknown one (400008), creating nothing', async () => {
    const malformed = await h.api.post('/api/repositories').query({ key: alice.key }).send({ name: 'cat_bad', synopsis: 'x', category_ids: ['zz'] });
    expect([malformed.status, malformed.body.err_code]).toEqual([400, 400009]);
    const unknown = await h.api.post('/api/repositories').query({ key: alice.key }).send({ name: 'cat_unknown', synopsis: 'x', category_ids: [h.depot.services.ids.encode(777)] });
    expect([unknown.status, unknown.body.err_code]).toEqual([400, 400008]);
    expect(await h.sql("select id from depot.repository where name in ('cat_bad', 'cat_unknown')")).toEqual([]);
  });

  it('needs a user: anonymous callers get 403001, and so does the master key (a repository has an owner)', async () => {
    const anonymous = await h.api.post('/api/repositories').send({ name: 'nobodys', synopsis: 'x' });
    expect([anonymous.status, anonymous.body.err_code]).toEqual([403, 403001]);
    const master = await h.api.post('/api/repositories').query({ key: h.masterKey }).send({ name: 'masters', synopsis: 'x' });
    expect([master.status, master.body.err_code]).toEqual([403, 403001]);
  });

  it('creates the git repository of the new repository', async () => {
    const [row] = await h.sql<{ id: number }>("select r.id from depot.repository r join depot.galaxy_user u on u.id = r.user_id where r.name = 'reverse' and u.username = 'alice'");
    const git = h.depot.services.layout.repositoryDir(row.id);
    const { existsSync } = await import('node:fs');
    expect(existsSync(`${git}/HEAD`)).toBe(true);
  });
});

describe('GET /api/repositories/{id}', () => {
  it('shows the element view with url and category ids, to anyone', async () => {
    const [created] = (await h.api.get('/api/repositories').query({ owner: 'alice', name: 'reverse' })).body;
    const res = await h.api.get(`/api/repositories/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ model_class: 'Repository', id: created.id, name: 'reverse', owner: 'alice', long_description: 'Reverses the lines of a file.', category_ids: [categoryId], url: `/api/repositories/${created.id}` });
  });

  it("answers the platform's messages: a malformed id 400009 'The given id is invalid.', an unknown one 404001", async () => {
    const malformed = await h.api.get('/api/repositories/nope');
    expect([malformed.status, malformed.body]).toEqual([400, { err_msg: 'The given id is invalid.', err_code: 400009 }]);
    const unknown = await h.api.get(`/api/repositories/${h.depot.services.ids.encode(9999)}`);
    expect([unknown.status, unknown.body]).toEqual([404, { err_msg: 'Unable to locate repository for the given id.', err_code: 404001 }]);
  });
});

describe('GET /api/repositories', () => {
  const COLLECTION_KEYS = ['category_ids', 'deleted', 'deprecated', 'description', 'homepage_url', 'id', 'model_class', 'name', 'owner', 'private', 'remote_repository_url', 'times_downloaded', 'type', 'url', 'user_id'];

  it('lists the repositories that are neither deleted nor deprecated, by name, for anyone (collection view with owner and category ids)', async () => {
    await h.api.post('/api/repositories').query({ key: alice.key }).send({ name: 'old_tools', synopsis: 'Old' });
    await h.api.post('/api/repositories').query({ key: alice.key }).send({ name: 'gone_tools', synopsis: 'Gone' });
    await h.sql("update depot.repository set deprecated = true where name = 'old_tools'");
    await h.sql("update depot.repository set deleted = true where name = 'gone_tools'");
    const res = await h.api.get('/api/repositories');
    expect(res.status).toBe(200);
    const names = res.body.map((repository: { name: string; owner: string }) => `${repository.owner}/${repository.name}`);
    expect(names).toEqual(['bob/bob_tools', 'alice/reverse', 'bob/reverse', 'bob/suite_bob']);
    for (const repository of res.body) expect(Object.keys(repository).sort()).toEqual(COLLECTION_KEYS);
    expect(res.body[1]).toMatchObject({ name: 'reverse', owner: 'alice', category_ids: [categoryId], url: `/api/repositories/${res.body[1].id}` });
  });

  it('filters by owner (username) and name', async () => {
    const byOwner = await h.api.get('/api/repositories').query({ owner: 'bob' });
    expect(byOwner.body.map((repository: { name: string }) => repository.name)).toEqual(['bob_tools', 'reverse', 'suite_bob']);
    const byName = await h.api.get('/api/repositories').query({ name: 'reverse' });
    expect(byName.body.map((repository: { owner: string }) => repository.owner)).toEqual(['alice', 'bob']);
    const both = await h.api.get('/api/repositories').query({ name: 'reverse', owner: 'alice' });
    expect(both.body).toHaveLength(1);
    const none = await h.api.get('/api/repositories').query({ owner: 'nobody' });
    expect(none.body).toEqual([]);
  });

  it('lists the deleted ones (not deprecated) with deleted=true', async () => {
    const res = await h.api.get('/api/repositories').query({ deleted: 'true' });
    expect(res.body.map((repository: { name: string }) => repository.name)).toEqual(['gone_tools']);
  });

  it('costs one statement whatever the number of repositories', async () => {
    const all = await h.api.get('/api/repositories');
    const filtered = await h.api.get('/api/repositories').query({ owner: 'alice', name: 'reverse' });
    expect(h.queriesOf(all)).toBe(1);
    expect(h.queriesOf(filtered)).toBe(1);
  });
});

describe('the category index counts the visible repositories filed under each category', () => {
  it('counts repositories neither deleted nor deprecated', async () => {
    const [category] = (await h.api.get('/api/categories')).body;
    expect(category).toMatchObject({ name: 'Text Manipulation', repositories: 2 });
  });
});

describe("GET /api/repositories?q= (the Tool Shed client's search_repositories)", () => {
  const HIT_KEYS = ['approved', 'description', 'full_last_updated', 'homepage_url', 'id', 'last_updated', 'long_description', 'name', 'remote_repository_url', 'repo_owner_username', 'times_downloaded'];
  const search = (query: string) => h.api.get(`/api/repositories?${query}`);
  const found = (body: { hits: Array<{ repository: { name: string; repo_owner_username: string } }> }) => body.hits.map((hit) => `${hit.repository.repo_owner_username}/${hit.repository.name}`);

  beforeAll(async () => {
    // A dependency definition is never a hit (the original does not index them).
    await h.api.post('/api/repositories').query({ key: alice.key }).send({ name: 'package_reverse', synopsis: 'Reverse package', type: 'tool_dependency_definition' });
  });

  it('answers the search object for q, page and page_size as the client sends them: hits with every word, best first, counts as texts', async () => {
    const res = await search('q=reverse&page=1&page_size=10');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ hostname: 'http://localhost:9009/', page: '1', page_size: '10', total_results: '2', hits: expect.any(Array) });
    // Deleted, deprecated and dependency definitions are left out.
    expect(found(res.body)).toEqual(['alice/reverse', 'bob/reverse']);
    const [first] = res.body.hits;
    expect(Object.keys(first).sort()).toEqual(['matched_terms', 'repository', 'score']);
    expect(Object.keys(first.repository).sort()).toEqual(HIT_KEYS);
    expect(first.repository).toMatchObject({
      id: expect.stringMatching(ENCODED),
      name: 'reverse',
      repo_owner_username: 'alice',
      description: 'Reverse lines',
      long_description: 'Reverses the lines of a file.',
      homepage_url: 'https://example.org/',
      remote_repository_url: 'https://git.example.org/reverse',
      times_downloaded: 0,
      approved: 'no',
      last_updated: 'today',
      full_last_updated: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d [AP]M$/),
    });
    // name 0.9, description 0.6 and remote repository URL 0.2 hold it as a whole word (twice their weight), the long
    // description 0.5 within "Reverses" (once); times max(0, 1) / 100.
    expect(first.score).toBeCloseTo((0.9 * 2 + 0.6 * 2 + 0.5 + 0.2 * 2) / 100, 10);
    expect(first.matched_terms).toEqual([['name', 'reverse'], ['description', 'reverse'], ['long_description', 'reverse'], ['remote_repository_url', 'reverse']]);
    expect(res.body.hits[1].score).toBeCloseTo((0.9 * 2 + 0.6) / 100, 10);
  });

  it('weighs hits by popularity (downloads / 100), and needs every word of the term (in any field, any case)', async () => {
    await h.sql("update depot.repository set times_downloaded = 300 where name = 'reverse' and user_id = (select id from depot.galaxy_user where username = 'bob')");
    const popular = await search('q=Reverse');
    expect(found(popular.body)).toEqual(['bob/reverse', 'alice/reverse']);
    expect(popular.body.hits[0].score).toBeCloseTo((0.9 * 2 + 0.6) * 3, 10);
    const both = await search('q=reverse%20BOB');
    expect(found(both.body)).toEqual(['bob/reverse']);
    expect(both.body.hits[0].matched_terms).toEqual([['name', 'reverse'], ['description', 'reverse'], ['description', 'bob'], ['repo_owner_username', 'bob']]);
    const nothing = await search('q=reverse%20nowhere');
    expect(nothing.body).toEqual({ hostname: 'http://localhost:9009/', page: '1', page_size: '10', total_results: '0', hits: [] });
    // Wildcards of LIKE are plain characters.
    expect((await search('q=%25%25%25')).body.total_results).toBe('0');
    await h.sql("update depot.repository set times_downloaded = 0 where name = 'reverse'");
  });

  it("pages as the original: page_size hits from page, a page after the last gives the last page's hits", async () => {
    const second = await search('q=reverse&page=2&page_size=1');
    expect([second.body.page, second.body.page_size, second.body.total_results, found(second.body)]).toEqual(['2', '1', '2', ['bob/reverse']]);
    const beyond = await search('q=reverse&page=7&page_size=1');
    expect([beyond.body.page, found(beyond.body)]).toEqual(['7', ['bob/reverse']]);
    const defaults = await search('q=reverse');
    expect([defaults.body.page, defaults.body.page_size]).toEqual(['1', '10']);
  });

  it("refuses what the original refuses: pages that are not integers (400008), a page before the first (404001), a term under 3 characters (400008)", async () => {
    for (const query of ['q=reverse&page=abc', 'q=reverse&page_size=1.5', 'q=reverse&page=1&page=2']) {
      const res = await search(query);
      expect([query, res.status, res.body]).toEqual([query, 400, { err_msg: 'The "page" and "page_size" parameters have to be integers.', err_code: 400008 }]);
    }
    const before = await search('q=reverse&page=0');
    expect([before.status, before.body]).toEqual([404, { err_msg: 'The requested page does not exist.', err_code: 404001 }]);
    const empty = await search('q=reverse&page_size=0');
    expect([empty.status, empty.body.err_code]).toEqual([400, 400008]);
    const short = await search('q=%20ab%20');
    expect([short.status, short.body]).toEqual([400, { err_msg: 'The search term has to be at least 3 characters long.', err_code: 400008 }]);
    const huge = await search(`q=${'x'.repeat(5000)}`);
    expect([huge.status, huge.body.err_code]).toEqual([400, 400008]);
    expect(huge.body.err_msg.length).toBeLessThan(200);
  });

  it('without q (or an empty one) stays the index, whatever page and page_size say', async () => {
    const index = await search('q=&page=abc&page_size=1');
    expect(index.status).toBe(200);
    expect(index.body.map((repository: { name: string }) => repository.name)).toEqual(['bob_tools', 'package_reverse', 'reverse', 'reverse', 'suite_bob']);
  });

  it('costs one statement', async () => {
    expect(h.queriesOf(await search('q=reverse&page=1&page_size=10'))).toBe(1);
  });
});
