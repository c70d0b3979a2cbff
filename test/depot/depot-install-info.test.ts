import { createRepository, type CreatedRepository, publish, toolXml } from '../support/depot-helpers';
import { type DepotUser, startTestDepot, type TestDepot } from '../support/test-depot';

let h: TestDepot;
let alice: DepotUser;
let devteam: DepotUser;
let reverse: CreatedRepository;
/** reverse: v1 tool, then a README (supersedes), then v2 of the tool. */
const cs: string[] = [];

const SAMTOOLS_DEPENDENCIES = `<tool_dependency><package name="samtools" version="0.1.18"><install version="1.0"/></package>
  <set_environment version="1.0"><environment_variable name="SAMTOOLS_ROOT" action="set_to">/opt</environment_variable></set_environment></tool_dependency>`;

beforeAll(async () => {
  h = await startTestDepot();
  alice = await h.newUser('alice');
  devteam = await h.newUser('devteam');
  reverse = await createRepository(h, alice, 'reverse', { description: 'Reverses the lines of a file.' });
  cs.push(await publish(h, alice, reverse, { 'reverse.xml': toolXml('reverse_lines', '1.0.0') }));
  cs.push(await publish(h, alice, reverse, { 'reverse.xml': toolXml('reverse_lines', '1.0.0'), README: 'docs' }));
  cs.push(await publish(h, alice, reverse, { 'reverse.xml': toolXml('reverse_lines', '2.0.0'), README: 'docs' }));
});
afterAll(() => h.close());

const installInfo = (params: Record<string, string>, key?: string) => h.api.get('/api/repositories/get_repository_revision_install_info').query({ ...params, ...(key ? { key } : {}) });

describe('GET /api/repositories/get_ordered_installable_revisions', () => {
  it('lists the installable changesets oldest first (a superseded one is not among them)', async () => {
    const res = await h.api.get('/api/repositories/get_ordered_installable_revisions').query({ name: 'reverse', owner: 'alice' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([cs[1], cs[2]]);
  });

  it('answers [] for an unknown repository or owner, and for missing or empty parameters', async () => {
    for (const query of [{ name: 'nothing', owner: 'alice' }, { name: 'reverse', owner: 'bob' }, { name: 'reverse' }, { owner: 'alice' }, { name: '', owner: '' }, {}]) {
      const res = await h.api.get('/api/repositories/get_ordered_installable_revisions').query(query);
      expect([query, res.status, res.body]).toEqual([query, 200, []]);
    }
  });

  it('leaves out revisions that are not downloadable', async () => {
    await h.sql('update depot.repository_metadata set downloadable = false where changeset_revision = ?', [cs[1]]);
    const res = await h.api.get('/api/repositories/get_ordered_installable_revisions').query({ name: 'reverse', owner: 'alice' });
    expect(res.body).toEqual([cs[2]]);
    await h.sql('update depot.repository_metadata set downloadable = true where changeset_revision = ?', [cs[1]]);
  });
});

describe('GET /api/repositories/get_repository_revision_install_info', () => {
  it('answers the repository, the revision and the install information (the 7-item layout), anonymously', async () => {
    const res = await installInfo({ name: 'reverse', owner: 'alice', changeset_revision: cs[2] });
    expect(res.status).toBe(200);
    const [repository, revision, info] = res.body;
    expect(repository).toEqual({
      model_class: 'Repository',
      id: reverse.id,
      name: 'reverse',
      type: 'unrestricted',
      remote_repository_url: '',
      homepage_url: '',
      description: 'The reverse tools',
      long_description: 'Reverses the lines of a file.',
      user_id: alice.id,
      owner: 'alice',
      private: false,
      deleted: false,
      times_downloaded: 0,
      deprecated: false,
      url: `/api/repositories/${reverse.id}`,
    });
    expect(revision).toEqual({
      model_class: 'RepositoryMetadata',
      id: expect.stringMatching(/^[0-9a-f]{16}$/),
      repository_id: reverse.id,
      changeset_revision: cs[2],
      malicious: false,
      downloadable: true,
      missing_test_components: false,
      tools_functionally_correct: false,
      do_not_test: false,
      test_install_error: false,
      has_repository_dependencies: false,
      includes_datatypes: false,
      includes_tools: true,
      includes_tool_dependencies: false,
      includes_tools_for_display_in_tool_panel: true,
      includes_workflows: false,
      time_last_tested: null,
      url: `/api/repository_revisions/${revision.id}`,
    });
    expect(info).toEqual({ reverse: ['The reverse tools', expect.stringMatching(/^http:\/\/[^@/]+\/repos\/alice\/reverse$/), cs[2], '2', 'alice', {}, {}] });
  });

  it("names the caller in the clone URL when the caller is logged in (<protocol>://<username>@<host>/repos/...)", async () => {
    const res = await installInfo({ name: 'reverse', owner: 'alice', changeset_revision: cs[2] }, devteam.key);
    expect(res.body[2].reverse[1]).toMatch(/^http:\/\/devteam@[^/]+\/repos\/alice\/reverse$/);
  });

  it('for a superseded changeset, answers the next downloadable revision', async () => {
    const res = await installInfo({ name: 'reverse', owner: 'alice', changeset_revision: cs[0] });
    expect(res.body[1].changeset_revision).toBe(cs[1]);
    expect(res.body[2].reverse.slice(2, 4)).toEqual([cs[1], '1']);
  });

  it('answers [repository, {}, {}] for a changeset with no revision at or after it, and [{}, {}, {}] for an unknown repository or missing parameters', async () => {
    const unknownChangeset = await installInfo({ name: 'reverse', owner: 'alice', changeset_revision: '0123456789ab' });
    expect(unknownChangeset.body).toEqual([expect.objectContaining({ name: 'reverse' }), {}, {}]);
    const queries: Array<Record<string, string>> = [{ name: 'nothing', owner: 'alice', changeset_revision: cs[2] }, { name: 'reverse', owner: 'alice' }, {}];
    for (const query of queries) {
      const res = await installInfo(query);
      expect([query, res.status, res.body]).toEqual([query, 200, [{}, {}, {}]]);
    }
  });
});

describe('install information with dependencies', () => {
  let pkg: CreatedRepository;
  let tools: CreatedRepository;
  let suite: CreatedRepository;
  let pkgCs: string;
  let toolsCs: string;
  let suiteCs: string;

  beforeAll(async () => {
    pkg = await createRepository(h, devteam, 'package_samtools', { type: 'tool_dependency_definition' });
    pkgCs = await publish(h, devteam, pkg, { 'tool_dependencies.xml': SAMTOOLS_DEPENDENCIES });
    tools = await createRepository(h, devteam, 'samtools_tools');
    toolsCs = await publish(h, devteam, tools, {
      'samtools_view.xml': toolXml('samtools_view', '1.0'),
      'tool_dependencies.xml': SAMTOOLS_DEPENDENCIES,
      'repository_dependencies.xml': '<repositories description="samtools itself"><repository name="package_samtools" owner="devteam" prior_installation_required="True"/></repositories>',
    });
    suite = await createRepository(h, alice, 'suite_samtools', { type: 'repository_suite_definition' });
    suiteCs = await publish(h, alice, suite, {
      'repository_dependencies.xml': `<repositories description="The samtools suite"><repository name="samtools_tools" owner="devteam"/><repository name="reverse" owner="alice" changeset_revision="${cs[0]}"/></repositories>`,
    });
  });

  it('enriches each tool dependency (and each set_environment variable) with the repository and changeset', async () => {
    const [, revision, info] = (await installInfo({ name: 'package_samtools', owner: 'devteam', changeset_revision: pkgCs })).body;
    expect(revision).toMatchObject({ includes_tool_dependencies: true, includes_tools: false, has_repository_dependencies: false });
    expect(info.package_samtools[6]).toEqual({
      'samtools/0.1.18': { name: 'samtools', version: '0.1.18', type: 'package', repository_name: 'package_samtools', repository_owner: 'devteam', changeset_revision: pkgCs },
      set_environment: [{ name: 'SAMTOOLS_ROOT', type: 'set_environment', repository_name: 'package_samtools', repository_owner: 'devteam', changeset_revision: pkgCs }],
    });
  });

  it('gives repository_dependencies with root_key, description and __ESEP__ keys, transitively', async () => {
    const [, revision, info] = (await installInfo({ name: 'suite_samtools', owner: 'alice', changeset_revision: suiteCs })).body;
    expect(revision.has_repository_dependencies).toBe(true);
    const dependencies = info.suite_samtools[5];
    const host = String(dependencies.root_key).split('__ESEP__')[0];
    expect(host).not.toMatch(/:\/\//);
    const key = (...parts: string[]) => [host, ...parts].join('__ESEP__');
    const url = `http://${host}`;
    expect(dependencies).toEqual({
      root_key: key('suite_samtools', 'alice', suiteCs, 'False', 'False'),
      description: 'The samtools suite',
      [key('suite_samtools', 'alice', suiteCs, 'False', 'False')]: [
        [url, 'samtools_tools', 'devteam', toolsCs, 'False', 'False'],
        // A pinned changeset that was superseded moves to the revision it resolves to.
        [url, 'reverse', 'alice', cs[1], 'False', 'False'],
      ],
      [key('samtools_tools', 'devteam', toolsCs, 'False', 'False')]: [[url, 'package_samtools', 'devteam', pkgCs, 'True', 'False']],
    });
  });

  it('costs one statement per level of dependencies, whatever their number', async () => {
    await h.warmKeys(devteam.key);
    const plain = await installInfo({ name: 'reverse', owner: 'alice', changeset_revision: cs[2] }, devteam.key);
    const nested = await installInfo({ name: 'suite_samtools', owner: 'alice', changeset_revision: suiteCs }, devteam.key);
    // The install info (1; the key is cached); dependencies: one per level (2 levels, then a last empty look).
    expect(h.queriesOf(plain)).toBe(1);
    expect(h.queriesOf(nested)).toBe(h.queriesOf(plain) + 2);
  });
});
