import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { binary, readTarball, tarball, toolXml } from '../support/depot-helpers';
import { startTestDepot, type TestDepot } from '../support/test-depot';

const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

describe('publishing through the API, end to end (what the packaging tools and the installer do)', () => {
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
