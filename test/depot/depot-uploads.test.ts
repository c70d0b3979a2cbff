import { existsSync } from 'node:fs';
import { runGit } from '../../src/depot/vcs/git-command';
import { binary, createRepository, type CreatedRepository, publish, readTarball, tarball, toolXml, upload } from '../support/depot-helpers';
import { type DepotUser, startTestDepot, type TestDepot } from '../support/test-depot';

let h: TestDepot;
let alice: DepotUser;
let bob: DepotUser;
let repo: CreatedRepository;

const gitDirOf = async (name: string) => {
  const [row] = await h.sql<{ id: number }>('select id from depot.repository where name = ?', [name]);
  return h.depot.services.layout.repositoryDir(row.id);
};
const commitsOf = async (name: string) => {
  const dir = await gitDirOf(name);
  const head = await runGit(['rev-parse', '--verify', '-q', 'refs/heads/main'], { env: { GIT_DIR: dir }, okCodes: [1] });
  if (head.code !== 0) return [];
  return (await runGit(['log', '--format=%H', 'refs/heads/main'], { env: { GIT_DIR: dir } })).stdout.toString().trim().split('\n').reverse();
};
const changesetsOf = (name: string) =>
  h.sql<{ ctx_rev: number; changeset_revision: string; commit_hash: string; metadata_state: string; commit_message: string }>(
    'select c.ctx_rev, c.changeset_revision, c.commit_hash, c.metadata_state, c.commit_message from depot.changeset c join depot.repository r on r.id = c.repository_id where r.name = ? order by c.ctx_rev',
    [name],
  );

beforeAll(async () => {
  h = await startTestDepot();
  alice = await h.newUser('alice');
  bob = await h.newUser('bob');
  repo = await createRepository(h, alice, 'reverse');
});
afterAll(() => h.close());

describe('POST /api/repositories/{id}/changeset_revision', () => {
  it("commits the tarball as the repository's first revision and answers {message, content_alert}", async () => {
    const res = await upload(h, alice.key, repo.id, tarball({ 'reverse.xml': toolXml('reverse_lines', '1.0.0'), 'README.rst': 'Reverse lines.\n' }), 'First version');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "The file 'repository.tar.gz' has been successfully uploaded to the repository.", content_alert: '' });
    const [changeset] = await changesetsOf('reverse');
    const commits = await commitsOf('reverse');
    expect(commits).toEqual([changeset.commit_hash]);
    expect(changeset).toMatchObject({ ctx_rev: 0, changeset_revision: changeset.commit_hash.slice(0, 12), commit_message: 'First version' });
    expect(changeset.changeset_revision).toMatch(/^[0-9a-f]{12}$/);
  });

  it("waits for the revision's metadata: its tools, with the depot's guid", async () => {
    const [changeset] = await h.sql<{ metadata: { tools: Array<Record<string, unknown>>; readme_files: string[] }; metadata_state: string }>('select metadata, metadata_state from depot.changeset where ctx_rev = 0');
    expect(changeset.metadata_state).toBe('done');
    expect(changeset.metadata.tools).toEqual([
      expect.objectContaining({ id: 'reverse_lines', name: 'reverse_lines', version: '1.0.0', tool_config: 'reverse.xml', guid: expect.stringMatching(/\/repos\/alice\/reverse\/reverse_lines\/1\.0\.0$/), add_to_tool_panel: true }),
    ]);
    expect(changeset.metadata.readme_files).toEqual(['README.rst']);
  });

  it('refuses the same content again: 400 "No changes to repository." (with content_alert), nothing committed', async () => {
    const res = await upload(h, alice.key, repo.id, tarball({ 'reverse.xml': toolXml('reverse_lines', '1.0.0'), 'README.rst': 'Reverse lines.\n' }));
    expect([res.status, res.body]).toEqual([400, { err_msg: 'No changes to repository.', err_code: 400008, content_alert: '' }]);
    expect(await commitsOf('reverse')).toHaveLength(1);
  });

  it("replaces the repository's content with the tarball's: files left out are removed", async () => {
    await publish(h, alice, repo, { 'reverse.xml': toolXml('reverse_lines', '1.0.0'), 'NOTES.txt': 'notes' }, 'Second');
    const changesets = await changesetsOf('reverse');
    expect(changesets.map((c) => c.ctx_rev)).toEqual([0, 1]);
    const files = (await runGit(['ls-tree', '-r', '--name-only', changesets[1].commit_hash], { env: { GIT_DIR: await gitDirOf('reverse') } })).stdout.toString().trim().split('\n');
    expect(files).toEqual(['NOTES.txt', 'reverse.xml']);
    const parent = (await runGit(['rev-parse', `${changesets[1].commit_hash}^`], { env: { GIT_DIR: await gitDirOf('reverse') } })).stdout.toString().trim();
    expect(parent).toBe(changesets[0].commit_hash);
  });

  it('drops other version control bookkeeping (.git, .hg, hgrc) from the tarball', async () => {
    await publish(h, alice, repo, { 'reverse.xml': toolXml('reverse_lines', '1.0.0'), 'NOTES.txt': 'notes 2', '.hg/hgrc': '[paths]', 'sub/.git/config': 'x', 'sub/tool.txt': 'kept' });
    const [latest] = (await changesetsOf('reverse')).slice(-1);
    const files = (await runGit(['ls-tree', '-r', '--name-only', latest.commit_hash], { env: { GIT_DIR: await gitDirOf('reverse') } })).stdout.toString().trim().split('\n');
    expect(files).toEqual(['NOTES.txt', 'reverse.xml', 'sub/tool.txt']);
  });

  it('is for the owner only: another user gets 403003, an administrator too, anonymous callers 403001', async () => {
    const archive = tarball({ 'x.txt': 'intruder' });
    const other = await upload(h, bob.key, repo.id, archive);
    expect([other.status, other.body.err_code]).toEqual([403, 403003]);
    const admin = await upload(h, h.admin.key, repo.id, archive);
    expect([admin.status, admin.body.err_code]).toEqual([403, 403003]);
    const anonymous = await h.api.post(`/api/repositories/${repo.id}/changeset_revision`).attach('file', archive, 'r.tar.gz');
    expect([anonymous.status, anonymous.body.err_code]).toEqual([403, 403001]);
  });

  it('answers a malformed repository id 400009, an unknown one 404001, and a request without a file 400007', async () => {
    const malformed = await upload(h, alice.key, 'bad', tarball({ 'a.txt': 'a' }));
    expect([malformed.status, malformed.body.err_code]).toEqual([400, 400009]);
    const unknown = await upload(h, alice.key, h.depot.services.ids.encode(4040), tarball({ 'a.txt': 'a' }));
    expect([unknown.status, unknown.body.err_code]).toEqual([404, 404001]);
    const noFile = await h.api.post(`/api/repositories/${repo.id}/changeset_revision`).field('key', alice.key).field('commit_message', 'x');
    expect([noFile.status, noFile.body.err_code]).toEqual([400, 400007]);
  });
});

describe('unsafe or unusable tarballs are refused with 400 and store nothing', () => {
  let target: CreatedRepository;
  beforeAll(async () => {
    target = await createRepository(h, alice, 'guarded');
    await publish(h, alice, target, { 'ok.txt': 'fine' });
  });

  const refused = async (archive: Buffer, pattern: RegExp) => {
    const before = await commitsOf('guarded');
    const res = await upload(h, alice.key, target.id, archive);
    expect([res.status, res.body.err_code, res.body.content_alert]).toEqual([400, 400008, '']);
    expect(res.body.err_msg).toMatch(pattern);
    expect(await commitsOf('guarded')).toEqual(before);
    expect(await changesetsOf('guarded')).toHaveLength(before.length);
  };

  it('an absolute path', () => refused(tarball([{ path: '/etc/evil.txt', content: 'x' }]), /absolute path/));
  it('a path with ..', () => refused(tarball([{ path: 'tools/../../evil.txt', content: 'x' }]), /outside the archive/));
  it('a symbolic link pointing outside (absolute or climbing out)', async () => {
    await refused(tarball([{ path: 'passwd', symlink: '/etc/passwd' }]), /links outside/);
    await refused(tarball([{ path: 'sub/up', symlink: '../../secret' }]), /links outside/);
    await refused(tarball([{ path: 'here', symlink: '.' }, { path: 'escape', symlink: 'here/..' }]), /links outside/);
  });
  it('a hard link to something that is not one of its files', () => refused(tarball([{ path: 'hard', hardlink: '/etc/passwd' }]), /absolute path|outside|not a file/));
  it('something that is not a tar at all', () => refused(Buffer.from('just some text, not an archive'), /tar|gzip|archive/i));

  it('keeps links that stay inside (git stores them as links)', async () => {
    await publish(h, alice, target, [{ path: 'data/real.txt', content: 'real' }, { path: 'data/alias.txt', symlink: 'real.txt' }, { path: 'top.txt', symlink: 'data/real.txt' }, { path: 'copy.txt', hardlink: 'data/real.txt' }] as never);
    const [latest] = (await changesetsOf('guarded')).slice(-1);
    const listing = (await runGit(['ls-tree', '-r', latest.commit_hash], { env: { GIT_DIR: await gitDirOf('guarded') } })).stdout.toString();
    expect(listing).toMatch(/^120000 blob \w+\tdata\/alias\.txt$/m);
    expect(listing).toMatch(/^120000 blob \w+\ttop\.txt$/m);
    expect(listing).toMatch(/^100644 blob \w+\tcopy\.txt$/m);
  });
});

describe('MAX_UPLOAD_BYTES', () => {
  it('refuses a larger tarball (400) and stores nothing', async () => {
    const small = await startTestDepot({ MAX_UPLOAD_BYTES: '4000' }, { reset: false });
    try {
      const author = await small.newUser('tight');
      const target = await createRepository(small, author, 'tight_repo');
      const big = tarball({ 'big.txt': Array.from({ length: 2000 }, (_, i) => `${i} ${Math.random()}`).join('\n') });
      expect(big.length).toBeGreaterThan(4000);
      const res = await upload(small, author.key, target.id, big);
      expect([res.status, res.body.err_code]).toEqual([400, 400008]);
      expect(res.body.err_msg).toMatch(/larger than the limit/);
      expect(await small.sql("select c.id from depot.changeset c join depot.repository r on r.id = c.repository_id where r.name = 'tight_repo'")).toEqual([]);
    } finally {
      await small.close();
    }
  });
});

describe('concurrent uploads to one repository', () => {
  it('take turns: every upload becomes its own revision, in one line of history', async () => {
    const busy = await createRepository(h, alice, 'busy');
    const results = await Promise.all([1, 2, 3, 4].map((n) => upload(h, alice.key, busy.id, tarball({ 'n.txt': `version ${n}` }), `v${n}`)));
    expect(results.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    const changesets = await changesetsOf('busy');
    expect(changesets.map((c) => c.ctx_rev)).toEqual([0, 1, 2, 3]);
    expect(await commitsOf('busy')).toEqual(changesets.map((c) => c.commit_hash));
  });
});

describe('GET /repos/{owner}/{name}/archive/{changeset_revision}.tar.gz', () => {
  it("downloads a revision's files under <name>-<changeset>/, counted as a download", async () => {
    const [first] = await changesetsOf('reverse');
    const before = (await h.api.get(`/api/repositories/${repo.id}`)).body.times_downloaded;
    const res = await h.api.get(`/repos/alice/reverse/archive/${first.changeset_revision}.tar.gz`).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-gzip');
    const files = await readTarball(res.body as Buffer);
    expect(files).toEqual({ [`reverse-${first.changeset_revision}/README.rst`]: 'Reverse lines.\n', [`reverse-${first.changeset_revision}/reverse.xml`]: toolXml('reverse_lines', '1.0.0') });
    expect((await h.api.get(`/api/repositories/${repo.id}`)).body.times_downloaded).toBe(before + 1);
    const again = await h.api.get(`/repos/alice/reverse/archive/${first.commit_hash}.tar.gz`).buffer(true).parse(binary);
    expect(Buffer.compare(again.body as Buffer, res.body as Buffer)).toBe(0);
  });

  it('answers 404 for an unknown repository, owner or changeset', async () => {
    const [first] = await changesetsOf('reverse');
    for (const path of [`/repos/alice/nothing/archive/${first.changeset_revision}.tar.gz`, `/repos/bob/reverse/archive/${first.changeset_revision}.tar.gz`, '/repos/alice/reverse/archive/0123456789ab.tar.gz']) {
      const res = await h.api.get(path);
      expect([path, res.status, res.body.err_code]).toEqual([path, 404, 404001]);
    }
    expect(existsSync(h.depot.services.layout.archives)).toBe(true);
  });
});
