import { rm } from 'node:fs/promises';
import { runGit } from '../../src/depot/vcs/git-command';
import { createRepository, type CreatedRepository, publish, toolXml } from '../support/depot-helpers';
import { type DepotUser, startTestDepot, type TestDepot } from '../support/test-depot';

let h: TestDepot;
let alice: DepotUser;

beforeAll(async () => {
  h = await startTestDepot();
  alice = await h.newUser('alice');
});
afterAll(() => h.close());

interface RecordRow {
  changeset_revision: string;
  ctx_rev: number;
  downloadable: boolean;
  includes_tools: boolean;
  tools: string[];
}

const recordsOf = (name: string) =>
  h.sql<RecordRow>(
    `select m.changeset_revision, m.ctx_rev, m.downloadable, m.includes_tools,
            coalesce((select array_agg((t->>'id') || '/' || (t->>'version') order by t->>'id') from jsonb_array_elements(m.metadata->'tools') t), '{}') as tools
       from depot.repository_metadata m join depot.repository r on r.id = m.repository_id where r.name = ? order by m.ctx_rev`,
    [name],
  );

describe('installable revisions (the metadata task applies each revision in order)', () => {
  let repo: CreatedRepository;
  const revisions: string[] = [];

  beforeAll(async () => {
    repo = await createRepository(h, alice, 'filters');
  });

  it('the first revision with a tool is installable', async () => {
    revisions.push(await publish(h, alice, repo, { 'a.xml': toolXml('a', '1.0') }));
    expect(await recordsOf('filters')).toEqual([{ changeset_revision: revisions[0], ctx_rev: 0, downloadable: true, includes_tools: true, tools: ['a/1.0'] }]);
  });

  it('a revision that keeps everything (a README added) supersedes it: the record moves to the new changeset', async () => {
    revisions.push(await publish(h, alice, repo, { 'a.xml': toolXml('a', '1.0'), README: 'docs' }));
    expect(await recordsOf('filters')).toEqual([{ changeset_revision: revisions[1], ctx_rev: 1, downloadable: true, includes_tools: true, tools: ['a/1.0'] }]);
  });

  it("a tool's new version is a new installable revision", async () => {
    revisions.push(await publish(h, alice, repo, { 'a.xml': toolXml('a', '2.0'), README: 'docs' }));
    expect((await recordsOf('filters')).map((row) => [row.changeset_revision, row.tools])).toEqual([
      [revisions[1], ['a/1.0']],
      [revisions[2], ['a/2.0']],
    ]);
  });

  it('adding a tool supersedes; removing one is a new installable revision', async () => {
    revisions.push(await publish(h, alice, repo, { 'a.xml': toolXml('a', '2.0'), 'b.xml': toolXml('b', '1.0') }));
    expect((await recordsOf('filters')).map((row) => [row.changeset_revision, row.tools])).toEqual([
      [revisions[1], ['a/1.0']],
      [revisions[3], ['a/2.0', 'b/1.0']],
    ]);
    revisions.push(await publish(h, alice, repo, { 'a.xml': toolXml('a', '2.0') }));
    expect((await recordsOf('filters')).map((row) => [row.changeset_revision, row.tools])).toEqual([
      [revisions[1], ['a/1.0']],
      [revisions[3], ['a/2.0', 'b/1.0']],
      [revisions[4], ['a/2.0']],
    ]);
  });

  it('a revision with nothing to install adds no installable revision', async () => {
    revisions.push(await publish(h, alice, repo, { 'NOTES.txt': 'all tools gone' }));
    expect(await recordsOf('filters')).toHaveLength(3);
    const [changeset] = await h.sql<{ metadata_state: string; metadata: Record<string, unknown> }>('select metadata_state, metadata from depot.changeset where changeset_revision = ?', [revisions[5]]);
    expect(changeset).toEqual({ metadata_state: 'done', metadata: {} });
  });
});

describe('the metadata task is durable', () => {
  it('a task left running by a stopped process is run again at the next start', async () => {
    const repo = await createRepository(h, alice, 'recovered');
    const [row] = await h.sql<{ id: number }>("select id from depot.repository where name = 'recovered'");
    // A commit made by hand, its changeset pending and its task claimed by a process that died.
    const dir = h.depot.services.layout.repositoryDir(row.id);
    const env = { GIT_DIR: dir };
    const blob = (await runGit(['hash-object', '-w', '--stdin'], { env, input: toolXml('r', '1.0') })).stdout.toString().trim();
    const tree = (await runGit(['mktree'], { env, input: `100644 blob ${blob}\tr.xml\n` })).stdout.toString().trim();
    const commit = (await runGit(['commit-tree', tree, '-m', 'by hand'], { env: { ...env, GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@x', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@x' } })).stdout.toString().trim();
    await runGit(['update-ref', 'refs/heads/main', commit], { env });
    await h.sql("insert into depot.changeset (create_time, update_time, repository_id, ctx_rev, changeset_revision, commit_hash) values (now(), now(), ?, 0, ?, ?)", [row.id, commit.slice(0, 12), commit]);
    await h.sql(
      `insert into depot.background_task (create_time, update_time, kind, payload, state, attempts, locked_by, heartbeat_time, run_after)
       values (now(), now(), 'depot.metadata', ?, 'running', 1, 'gone-process', now() - interval '1 hour', now())`,
      [JSON.stringify({ repositoryId: row.id, depotUrl: 'http://depot.example.org' })],
    );
    const next = await startTestDepot({}, { reset: false, depotDir: h.depot.services.layout.root });
    try {
      await next.settled();
      expect((await recordsOf('recovered')).map((record) => [record.changeset_revision, record.tools])).toEqual([[commit.slice(0, 12), ['r/1.0']]]);
      expect(repo.name).toBe('recovered');
    } finally {
      await next.close();
    }
  });

  it('after its last attempt, a revision whose metadata cannot be computed is marked failed (uploads stop waiting)', async () => {
    await createRepository(h, alice, 'broken');
    const [row] = await h.sql<{ id: number }>("select id from depot.repository where name = 'broken'");
    await rm(h.depot.services.layout.repositoryDir(row.id), { recursive: true, force: true });
    await h.sql("insert into depot.changeset (create_time, update_time, repository_id, ctx_rev, changeset_revision, commit_hash) values (now(), now(), ?, 0, 'deadbeefdead', ?)", [row.id, 'deadbeefdead'.padEnd(40, '0')]);
    await h.sql("insert into depot.background_task (create_time, update_time, kind, payload, max_attempts, run_after) values (now(), now(), 'depot.metadata', ?, 1, now())", [JSON.stringify({ repositoryId: row.id, depotUrl: 'http://x' })]);
    await h.settled();
    const [changeset] = await h.sql<{ metadata_state: string; metadata_error: string }>('select metadata_state, metadata_error from depot.changeset where repository_id = ?', [row.id]);
    expect(changeset.metadata_state).toBe('error');
    expect(changeset.metadata_error).toMatch(/git/);
    expect(await h.depot.services.metadata.waitFor(row.id, 0)).toBe(true);
  });
});
