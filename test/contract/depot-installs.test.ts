import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { claimNextJob } from '../../src/jobs/job-claims';
import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { type FakeDepot, fakeDepot, guidOf, reverseToolXml, reverseWorkflow } from '../support/depot-install-helpers';
import { createRepository, publish } from '../support/depot-helpers';
import { MALFORMED_ID, UNKNOWN_ID } from '../support/history-helpers';
import { sql } from '../support/job-helpers';
import { freePort } from '../support/server-processes';
import { type DepotUser, startTestDepot, type TestDepot } from '../support/test-depot';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * The install area (platform-facts §7.3) in both spellings, against a depot on a real port: who may
 * call what, each error kind, the depot URLs an operator allows (anything else refused before a
 * request is made), dependencies, datatypes, the repositories' workflows, and the graph's view.
 */
let depot: TestDepot;
let h: TestPlatform;
let bob: TestUser;
let alice: DepotUser;
/** Allowed, but nothing listens there. */
let downUrl: string;
/** Allowed: answers install information whose archive fails. */
let broken: FakeDepot;
/** Not allowed: records whether anything reached it. */
let outsider: FakeDepot;
const cs: Record<string, string> = {};

const NOT_AUTHORIZED = 'You are not authorized to request the latest installable revision for a repository in this Galaxy instance.';
const SPELLINGS = [
  { prefix: '/api/depot_repositories', url: 'depot_url', conf: 'depot_tool_conf' },
  { prefix: '/api/tool_shed_repositories', url: 'tool_shed_url', conf: 'shed_tool_conf' },
] as const;

const DATATYPES_CONF = `<?xml version="1.0"?>
<datatypes>
  <registration>
    <datatype extension="fakeseq" type="galaxy.datatypes.data:Text" subclass="True" display_in_upload="true"/>
    <datatype extension="own_class" type="galaxy.datatypes.mine:Mine" display_in_upload="true"/>
  </registration>
</datatypes>
`;

const DIRECTORY_TOOL = `<tool id="dir_tool" name="Runs its script" version="0.1">
  <command>bash '$__tool_directory__/run.sh' '$input' '$output'</command>
  <inputs><param name="input" type="data" format="txt" label="Text"/></inputs>
  <outputs><data name="output" format="txt"/></outputs>
</tool>
`;

function brokenDepotAnswer(path: string, url: string): unknown {
  if (path === '/api/repositories/get_ordered_installable_revisions') return ['abcdefabcdef'];
  if (path !== '/api/repositories/get_repository_revision_install_info') return undefined;
  const elsewhere: Record<string, unknown> = { root_key: `${new URL(url).host}__ESEP__broken__ESEP__alice__ESEP__abcdefabcdef__ESEP__False__ESEP__False`, description: 'd' };
  elsewhere[String(elsewhere.root_key)] = [['http://elsewhere.example:9009', 'far', 'carol', '0123456789ab', 'False', 'False']];
  return [
    { name: 'broken', owner: 'alice', deprecated: false },
    { changeset_revision: 'abcdefabcdef', includes_tools: true, has_repository_dependencies: true },
    { broken: ['A broken archive', `${url}/repos/alice/broken`, 'abcdefabcdef', '0', 'alice', elsewhere, {}] },
  ];
}

beforeAll(async () => {
  depot = await startTestDepot({}, { listen: true });
  broken = await fakeDepot(brokenDepotAnswer);
  outsider = await fakeDepot(() => []);
  downUrl = `http://127.0.0.1:${await freePort()}`;
  h = await startTestPlatform({ DEPOT_URLS: [depot.url, downUrl, broken.url].join(',') });
  bob = await h.newUser('bob');
  alice = await depot.newUser('alice');
  const suite = await createRepository(depot, alice, 'reverse_suite');
  cs.suite = await publish(depot, alice, suite, {
    'reverse.xml': reverseToolXml('1.0.0'),
    'tools/dir_tool.xml': DIRECTORY_TOOL,
    'tools/run.sh': 'tac "$1" > "$2"\n',
    'workflows/reverse.ga': reverseWorkflow('Reverse it', 'reverse_lines', '1.0.0'),
    'workflows/broken.ga': reverseWorkflow('Needs a missing tool', 'no_such_tool', '1.0'),
    'datatypes_conf.xml': DATATYPES_CONF,
  });
  const pkg = await createRepository(depot, alice, 'package_tac');
  cs.pkg = await publish(depot, alice, pkg, { 'tac.xml': reverseToolXml('3.0', { id: 'tac_pkg' }) });
  const needs = await createRepository(depot, alice, 'needs_tac');
  cs.needs = await publish(depot, alice, needs, {
    'uses.xml': reverseToolXml('1.0', { id: 'uses_tac' }),
    'repository_dependencies.xml': '<repositories description="tac first"><repository name="package_tac" owner="alice" prior_installation_required="True"/></repositories>',
  });
  const twice = await createRepository(depot, alice, 'asked_twice');
  cs.twice = await publish(depot, alice, twice, { 'twice.xml': reverseToolXml('1.0', { id: 'twice_tool' }) });
  await depot.settled();
});
afterAll(async () => {
  await h?.close();
  await depot?.close();
  await broken?.close();
  await outsider?.close();
});

const install = (prefix: string, body: Record<string, unknown>, key: string | null = h.admin.key) =>
  h.api.post(`${prefix}/install_repository_revision`).send({ ...(key ? { key } : {}), ...body });

const expectError = (res: { status: number; body: Record<string, unknown> }, status: number, code: number, message?: string | RegExp) => {
  expect([res.status, res.body.err_code]).toEqual([status, code]);
  if (message) expect(res.body.err_msg).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
};

describe('POST .../get_latest_installable_revision', () => {
  it.each(SPELLINGS)('answers the last installable changeset to administrators ($prefix)', async ({ prefix, url }) => {
    const res = await h.api.post(`${prefix}/get_latest_installable_revision`).send({ key: h.admin.key, [url]: depot.url, name: 'reverse_suite', owner: 'alice' });
    expect([res.status, res.body]).toEqual([200, cs.suite]);
  });

  it('answers the initial changeset for a repository without installable revisions', async () => {
    const res = await h.api.post('/api/tool_shed_repositories/get_latest_installable_revision').send({ key: h.admin.key, tool_shed_url: `${depot.url}/`, name: 'nothing', owner: 'alice' });
    expect(res.body).toBe('000000000000');
  });

  it('names the missing parameter in the spelling of the route', async () => {
    for (const { prefix, url } of SPELLINGS) {
      expectError(await h.api.post(`${prefix}/get_latest_installable_revision`).send({ key: h.admin.key, name: 'x', owner: 'y' }), 400, 400007, `Missing required parameter '${url}'.`);
      expectError(await h.api.post(`${prefix}/get_latest_installable_revision`).send({ key: h.admin.key, [url]: depot.url, owner: 'y' }), 400, 400007, "Missing required parameter 'name'.");
    }
  });

  it('refuses other users (AdminRequiredException) and anonymous callers', async () => {
    const body = { tool_shed_url: depot.url, name: 'reverse_suite', owner: 'alice' };
    expectError(await h.api.post('/api/tool_shed_repositories/get_latest_installable_revision').send({ key: bob.key, ...body }), 403, 403006, NOT_AUTHORIZED);
    expectError(await h.api.post('/api/tool_shed_repositories/get_latest_installable_revision').send(body), 403, 403001);
  });

  it('answers {status: error} when the depot cannot be reached', async () => {
    const res = await h.api.post('/api/tool_shed_repositories/get_latest_installable_revision').send({ key: h.admin.key, tool_shed_url: downUrl, name: 'x', owner: 'y' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'error', error: expect.stringContaining(`Error attempting to retrieve the latest installable revision from tool shed ${downUrl} for repository x owned by y: `) });
  });
});

describe('a depot outside DEPOT_URLS', () => {
  it('is refused with 400 before any request is made, on every route that reaches a depot', async () => {
    for (const { prefix, url } of SPELLINGS) {
      expectError(await h.api.post(`${prefix}/get_latest_installable_revision`).send({ key: h.admin.key, [url]: outsider.url, name: 'x', owner: 'y' }), 400, 400008, /DEPOT_URLS/);
      expectError(await install(prefix, { [url]: outsider.url, name: 'x', owner: 'y', changeset_revision: 'abcdefabcdef' }), 400, 400008, /DEPOT_URLS/);
    }
    const many = await h.api
      .post('/api/tool_shed_repositories/install_repository_revisions')
      .send({ key: h.admin.key, tool_shed_urls: [outsider.url], names: ['x'], owners: ['y'], changeset_revisions: ['abcdefabcdef'] });
    expectError(many, 400, 400008, /DEPOT_URLS/);
    expect(outsider.hits).toEqual([]);
  });

  it('is refused for a repository dependency too, and nothing is recorded', async () => {
    const res = await install('/api/tool_shed_repositories', { tool_shed_url: broken.url, name: 'broken', owner: 'alice', changeset_revision: 'abcdefabcdef', install_repository_dependencies: true });
    expectError(res, 400, 400008, /elsewhere\.example:9009, which this platform may not install from/);
    expect((await h.api.get('/api/tool_shed_repositories').query({ key: h.admin.key })).body).toEqual([]);
  });
});

describe('POST .../install_repository_revision: refusals', () => {
  const base = () => ({ tool_shed_url: depot.url, name: 'reverse_suite', owner: 'alice', changeset_revision: cs.suite });

  it('names each missing parameter (changeset_revision too), in the spelling of the route', async () => {
    for (const { prefix, url } of SPELLINGS) {
      for (const missing of [url, 'name', 'owner', 'changeset_revision']) {
        const body: Record<string, unknown> = { [url]: depot.url, name: 'reverse_suite', owner: 'alice', changeset_revision: cs.suite };
        delete body[missing];
        expectError(await install(prefix, body), 400, 400007, `Missing required parameter '${missing}'.`);
      }
    }
  });

  it('refuses other users (AdminRequiredException) and anonymous callers', async () => {
    expectError(await install('/api/tool_shed_repositories', base(), bob.key), 403, 403006, NOT_AUTHORIZED);
    expectError(await install('/api/depot_repositories', { ...base(), depot_url: depot.url }, null), 403, 403001);
  });

  it('refuses to install tool dependencies, and both section parameters at once', async () => {
    expectError(await install('/api/tool_shed_repositories', { ...base(), install_tool_dependencies: true }), 403, 403004, /tool_dependency_dir/);
    expectError(await install('/api/tool_shed_repositories', { ...base(), tool_panel_section_id: 'textutil', new_tool_panel_section_label: 'New' }), 400, 400008);
  });

  it('answers {status: error} for a depot tool configuration that does not exist', async () => {
    for (const { prefix, conf } of SPELLINGS) {
      const res = await install(prefix, { ...base(), depot_url: depot.url, [conf]: 'other_tool_conf.xml' });
      expect([res.status, res.body]).toEqual([200, { status: 'error', error: expect.stringContaining('No depot tool configuration named other_tool_conf.xml') }]);
    }
  });

  it('answers 400 for a revision the depot has no information on, and 500 when the depot is down', async () => {
    expectError(await install('/api/tool_shed_repositories', { ...base(), name: 'nothing' }), 400, 400008, /^No information is available for the requested repository revision\.\n.*\ntool_shed_url: /s);
    expectError(await install('/api/tool_shed_repositories', { ...base(), tool_shed_url: downUrl }), 500, 500001, /^Error attempting to retrieve installation information from tool shed /);
  });
});

describe('install parameters no depot could answer for: 400 before any request, never echoed back', () => {
  const HUGE = 'n'.repeat(70_000);
  const ROUTES = ['install_repository_revision', 'new/install_repository_revision'];
  const valid = (url: string) => ({ [url]: broken.url, name: 'broken', owner: 'alice', changeset_revision: 'abcdefabcdef' });
  const expectShort400 = (res: { status: number; body: Record<string, unknown> }, code = 400008) => {
    expect([res.status, res.body.err_code]).toEqual([400, code]);
    expect(String(res.body.err_msg).length).toBeLessThan(300);
  };

  it('refuses a 70,000-character name, owner, changeset_revision or depot URL on every install route of both spellings', async () => {
    const before = broken.hits.length;
    for (const { prefix, url } of SPELLINGS) {
      for (const field of ['name', 'owner', 'changeset_revision', url]) {
        for (const path of ROUTES) expectShort400(await h.api.post(`${prefix}/${path}`).send({ key: h.admin.key, ...valid(url), [field]: HUGE }));
        const plural = url === 'depot_url' ? 'depot_urls' : 'tool_shed_urls';
        const lists = { [plural]: [broken.url, broken.url], names: ['broken', 'broken'], owners: ['alice', 'alice'], changeset_revisions: ['abcdefabcdef', 'abcdefabcdef'] };
        const listField = { name: 'names', owner: 'owners', changeset_revision: 'changeset_revisions' }[field] ?? plural;
        // The second revision is refused before the first is installed.
        expectShort400(await h.api.post(`${prefix}/install_repository_revisions`).send({ key: h.admin.key, ...lists, [listField]: [...lists[listField].slice(0, 1), HUGE] }));
      }
    }
    expect(broken.hits.length).toBe(before);
    expect((await h.api.get('/api/tool_shed_repositories').query({ key: h.admin.key })).body).toEqual([]);
  });

  it("refuses names and owners with characters no repository has, and changesets that are not hex digits", async () => {
    for (const [field, value] of [['name', '../etc'], ['owner', 'al ice'], ['name', 'a/b'], ['changeset_revision', 'xyz'], ['changeset_revision', 'a'.repeat(41)]]) {
      const res = await install('/api/tool_shed_repositories', { ...valid('tool_shed_url'), [field]: value });
      expectShort400(res);
      expect(res.body.err_msg).toContain(field === 'changeset_revision' ? 'changeset_revision' : field);
    }
  });

  it('refuses section labels and ids longer than a record keeps, and cuts a long configuration name in its answer', async () => {
    expectShort400(await install('/api/tool_shed_repositories', { ...valid('tool_shed_url'), new_tool_panel_section_label: HUGE }));
    expectShort400(await install('/api/tool_shed_repositories', { ...valid('tool_shed_url'), tool_panel_section_id: HUGE }));
    const conf = await install('/api/tool_shed_repositories', { ...valid('tool_shed_url'), shed_tool_conf: `${HUGE}.xml` });
    expect([conf.status, conf.body.status]).toEqual([200, 'error']);
    expect(String(conf.body.error).length).toBeLessThan(400);
  });

  it('get_latest_installable_revision, the record lookup and the workflow imports refuse such values too', async () => {
    for (const { prefix, url } of SPELLINGS) {
      for (const field of ['name', 'owner', url]) {
        expectShort400(await h.api.post(`${prefix}/get_latest_installable_revision`).send({ key: h.admin.key, [url]: depot.url, name: 'reverse_suite', owner: 'alice', [field]: HUGE }));
      }
      expectShort400(await h.api.post(`${prefix}/import_workflow`).query({ key: h.admin.key }).send({ id: HUGE, index: 0 }), 400009);
      expectShort400(await h.api.post(`${prefix}/import_workflows`).query({ key: h.admin.key }).send({ id: HUGE }), 400009);
    }
  });
});

describe('POST .../install_repository_revision: installing', () => {
  let suiteId: string;

  it('installs into an existing panel section, with the named configuration, and loads the datatypes', async () => {
    const res = await install('/api/depot_repositories', { depot_url: depot.url, name: 'reverse_suite', owner: 'alice', changeset_revision: cs.suite, tool_panel_section_id: 'textutil', depot_tool_conf: 'depot_tool_conf.xml' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ name: 'reverse_suite', status: 'Installed', includes_datatypes: true, error_message: '', url: `/api/depot_repositories/${res.body[0].id}` })]);
    suiteId = res.body[0].id;
    const textutil = (await h.api.get('/api/tools')).body.find((entry: { id: string }) => entry.id === 'textutil');
    expect(textutil.elems.map((tool: { id: string }) => tool.id)).toEqual(expect.arrayContaining([guidOf(depot, 'alice', 'reverse_suite', 'reverse_lines', '1.0.0')]));
    const dir = join(h.platform.config.depotToolDir, new URL(depot.url!).host, 'repos', 'alice', 'reverse_suite', cs.suite, 'reverse_suite');
    expect(readdirSync(dir).sort()).toEqual(['datatypes_conf.xml', 'reverse.xml', 'tools', 'workflows']);
    // A subclass of a class the platform has loads; a repository's own class cannot.
    const extensions = (await h.api.get('/api/datatypes')).body as string[];
    expect([extensions.includes('fakeseq'), extensions.includes('own_class')]).toEqual([true, false]);
  });

  it('answers RepositoriesInstalledException when everything asked is installed already', async () => {
    expectError(
      await install('/api/tool_shed_repositories', { tool_shed_url: depot.url, name: 'reverse_suite', owner: 'alice', changeset_revision: cs.suite }),
      400,
      400008,
      'All repositories that you are attempting to install have been previously installed.',
    );
  });

  it('installs repository dependencies first when asked, and only the repository otherwise', async () => {
    const alone = await install('/api/tool_shed_repositories', { tool_shed_url: depot.url, name: 'needs_tac', owner: 'alice', changeset_revision: cs.needs });
    expect(alone.body.map((repository: { name: string }) => repository.name)).toEqual(['needs_tac']);
    const res = await h.api.post('/api/tool_shed_repositories/new/install_repository_revision').send({
      key: h.admin.key,
      tool_shed_url: depot.url,
      name: 'needs_tac',
      owner: 'alice',
      changeset_revision: cs.needs,
      install_repository_dependencies: true,
    });
    // needs_tac is installed already: only its dependency is installed now.
    expect(res.body.map((repository: { name: string; status: string }) => [repository.name, repository.status])).toEqual([['package_tac', 'Installed']]);
  });

  it('installs a revision asked for twice at once only once (the other request: RepositoriesInstalledException)', async () => {
    const body = { tool_shed_url: depot.url, name: 'asked_twice', owner: 'alice', changeset_revision: cs.twice };
    const answers = await Promise.all([install('/api/tool_shed_repositories', body), install('/api/tool_shed_repositories', body)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400]);
    const installed = answers.find((res) => res.status === 200)!;
    expect(installed.body).toEqual([expect.objectContaining({ name: 'asked_twice', status: 'Installed' })]);
    expectError(answers.find((res) => res.status === 400)!, 400, 400008, 'All repositories that you are attempting to install have been previously installed.');
  });

  it('records an install whose archive cannot be fetched as Error, with its message, and leaves no files', async () => {
    const res = await install('/api/tool_shed_repositories', { tool_shed_url: broken.url, name: 'broken', owner: 'alice', changeset_revision: 'abcdefabcdef' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ name: 'broken', status: 'Error', error_message: expect.stringContaining('HTTP Error 404') })]);
    expect(existsSync(join(h.platform.config.depotToolDir, new URL(broken.url).host, 'repos', 'alice', 'broken'))).toBe(false);
    // An Error record is installed again on the next request.
    const again = await install('/api/tool_shed_repositories', { tool_shed_url: broken.url, name: 'broken', owner: 'alice', changeset_revision: 'abcdefabcdef' });
    expect(again.body).toEqual([expect.objectContaining({ id: res.body[0].id, status: 'Error' })]);
  });

  it('install_repository_revisions installs ordered lists, and answers {status: error} for lists that do not pair', async () => {
    const uneven = await h.api.post('/api/tool_shed_repositories/install_repository_revisions').send({ key: h.admin.key, tool_shed_urls: [depot.url], names: ['a', 'b'], owners: ['alice'], changeset_revisions: [] });
    expect(uneven.body).toEqual({ status: 'error', error: expect.stringContaining('the received parameters must be ordered lists') });
    expectError(await h.api.post('/api/depot_repositories/install_repository_revisions').send({ key: bob.key, depot_urls: [], names: [], owners: [], changeset_revisions: [] }), 403, 403006);
    const res = await h.api.post('/api/depot_repositories/install_repository_revisions').send({
      key: h.admin.key,
      depot_urls: [depot.url, depot.url],
      names: ['reverse_suite', 'needs_tac'],
      owners: ['alice', 'alice'],
      changeset_revisions: [cs.suite, cs.needs],
    });
    expectError(res, 400, 400008, 'All repositories that you are attempting to install have been previously installed.');
    // Two revisions not installed yet: both installed, in the order given.
    const changesets: string[] = [];
    for (const name of ['first_of_two', 'second_of_two']) {
      changesets.push(await publish(depot, alice, await createRepository(depot, alice, name), { [`${name}.xml`]: reverseToolXml('1.0', { id: `${name}_tool` }) }));
    }
    await depot.settled();
    const both = await h.api.post('/api/tool_shed_repositories/install_repository_revisions').send({
      key: h.admin.key,
      tool_shed_urls: [depot.url, depot.url],
      names: ['first_of_two', 'second_of_two'],
      owners: ['alice', 'alice'],
      changeset_revisions: changesets,
    });
    expect(both.status).toBe(200);
    expect((both.body as Array<{ name: string; status: string }>).map((record) => [record.name, record.status])).toEqual([
      ['first_of_two', 'Installed'],
      ['second_of_two', 'Installed'],
    ]);
  });

  it('GET .../{id} shows a record to any user; {} for an unknown id, 400 for a malformed one, 403 anonymously', async () => {
    for (const { prefix } of SPELLINGS) {
      const res = await h.api.get(`${prefix}/${suiteId}`).query({ key: bob.key });
      expect(res.body).toMatchObject({ id: suiteId, name: 'reverse_suite', status: 'Installed', url: `${prefix}/${suiteId}` });
      expect(Object.keys(res.body)).toEqual([
        'id', 'tool_shed', 'name', 'owner', 'installed_changeset_revision', 'changeset_revision', 'ctx_rev', 'includes_datatypes',
        'tool_shed_status', 'deleted', 'uninstalled', 'dist_to_shed', 'status', 'error_message', 'url',
      ]);
    }
    expect((await h.api.get(`/api/tool_shed_repositories/${UNKNOWN_ID}`).query({ key: bob.key })).body).toEqual({});
    expectError(await h.api.get(`/api/tool_shed_repositories/${MALFORMED_ID}`).query({ key: bob.key }), 400, 400009);
    expectError(await h.api.get(`/api/tool_shed_repositories/${suiteId}`), 403, 403001);
  });

  it('GET the index lists every record by name to any user, in one statement', async () => {
    for (const { prefix } of SPELLINGS) {
      const res = await h.api.get(prefix).query({ key: bob.key });
      expect(res.body.map((repository: { name: string }) => repository.name)).toEqual(['asked_twice', 'broken', 'first_of_two', 'needs_tac', 'package_tac', 'reverse_suite', 'second_of_two']);
      expect(res.body.every((repository: { url: string; id: string }) => repository.url === `${prefix}/${repository.id}`)).toBe(true);
    }
    await h.warmKeys(bob.key);
    expect(h.queriesOf(await h.api.get('/api/tool_shed_repositories').query({ key: bob.key }))).toBe(1);
    expectError(await h.api.get('/api/depot_repositories'), 403, 403001);
  });

  it('the graph lists repositories with their tools in constant SQL', async () => {
    const query = '{ installedDepotRepositories { name status tools { guid toolId version localOnly tool { id } } } }';
    const res = await h.api.post('/graphql').set('x-api-key', bob.key).send({ query });
    const suite = res.body.data.installedDepotRepositories.find((repository: { name: string }) => repository.name === 'reverse_suite');
    expect(suite.tools).toEqual([
      { guid: guidOf(depot, 'alice', 'reverse_suite', 'reverse_lines', '1.0.0'), toolId: 'reverse_lines', version: '1.0.0', localOnly: false, tool: { id: guidOf(depot, 'alice', 'reverse_suite', 'reverse_lines', '1.0.0') } },
      { guid: guidOf(depot, 'alice', 'reverse_suite', 'dir_tool', '0.1'), toolId: 'dir_tool', version: '0.1', localOnly: true, tool: { id: guidOf(depot, 'alice', 'reverse_suite', 'dir_tool', '0.1') } },
    ]);
    expect(h.queriesOf(res)).toBe(2);
  });

  it('remote runners never claim the jobs of a tool that reads its own directory', async () => {
    const historyId = await createHistory(h, bob.key, 'directory tool');
    const upload = await uploadText(h, bob.key, historyId, 'one\ntwo\n', { fileType: 'txt' });
    await waitForJob(h, bob.key, upload.jobId);
    await h.platform.services.jobEngine.stop();
    const run = await h.api.post('/api/tools').send({ key: bob.key, history_id: historyId, tool_id: guidOf(depot, 'alice', 'reverse_suite', 'dir_tool', '0.1'), inputs: { input: { src: 'hda', id: upload.datasetId } } });
    expect(run.status).toBe(200);
    expect(await claimNextJob(h.platform.services.db.orm.em.fork(), 'remote', 'test-runner')).toBeNull();
    const jobId = h.platform.services.ids.decode(run.body.jobs[0].id);
    expect(await claimNextJob(h.platform.services.db.orm.em.fork(), 'local', 'test-worker')).toBe(jobId);
    // Nothing left for the platforms of later test files to take up.
    await sql(h, "update job set state = 'deleted', handler = null where id = ?", [jobId]);
  });
});

describe("the repositories' workflows", () => {
  let suiteId: string;

  beforeAll(async () => {
    const index = await h.api.get('/api/tool_shed_repositories').query({ key: bob.key });
    suiteId = index.body.find((repository: { name: string }) => repository.name === 'reverse_suite').id;
  });

  it('GET .../{id}/exported_workflows lists the .ga files by position, to any user', async () => {
    for (const { prefix } of SPELLINGS) {
      const res = await h.api.get(`${prefix}/${suiteId}/exported_workflows`).query({ key: bob.key });
      expect(res.body).toEqual([
        { index: 0, annotation: 'Needs a missing tool annotation', format_version: '0.1', workflow_name: 'Needs a missing tool' },
        { index: 1, annotation: 'Reverse it annotation', format_version: '0.1', workflow_name: 'Reverse it' },
      ]);
    }
    expectError(await h.api.get(`/api/tool_shed_repositories/${UNKNOWN_ID}/exported_workflows`).query({ key: bob.key }), 404, 404001);
    expectError(await h.api.get(`/api/tool_shed_repositories/${suiteId}/exported_workflows`), 403, 403001);
  });

  it('import_workflow needs key, id and index (400 each)', async () => {
    expectError(await h.api.post('/api/tool_shed_repositories/import_workflow').set('x-api-key', bob.key).send({ id: suiteId, index: 1 }), 400, 400007, /^Missing required parameter 'key'/);
    expectError(await h.api.post('/api/tool_shed_repositories/import_workflow').send({ key: bob.key, index: 1 }), 400, 400007, "Missing required parameter 'id'.");
    expectError(await h.api.post(`/api/depot_repositories/import_workflow`).send({ key: bob.key, id: suiteId }), 400, 400007, "Missing required parameter 'index'.");
    expectError(await h.api.post('/api/depot_repositories/import_workflow').send({ id: suiteId, index: 1 }), 403, 403001);
  });

  it("import_workflow imports one into the key owner's workflows under its own name, its steps running the installed tool", async () => {
    const res = await h.api.post(`/api/tool_shed_repositories/${suiteId}/import_workflow`).send({ key: bob.key, index: 1 });
    expect(res.body).toEqual({ model_class: 'Workflow', name: 'Reverse it', has_cycles: false, has_errors: false, uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const listed = (await h.api.get('/api/workflows').query({ key: bob.key })).body as Array<{ id: string; name: string }>;
    const workflow = listed.find((item) => item.name === 'Reverse it')!;
    const shown = await h.api.get(`/api/workflows/${workflow.id}`).query({ key: bob.key });
    expect(Object.values(shown.body.steps as Record<string, { tool_id: string | null }>).map((step) => step.tool_id)).toEqual([null, guidOf(depot, 'alice', 'reverse_suite', 'reverse_lines', '1.0.0')]);
  });

  it('answers {} for a workflow whose tools are not installed (stored with errors), and import_workflows leaves it out', async () => {
    const failed = await h.api.post('/api/depot_repositories/import_workflow').send({ key: bob.key, id: suiteId, index: 0 });
    expect([failed.status, failed.body]).toEqual([200, {}]);
    const all = await h.api.post(`/api/depot_repositories/${suiteId}/import_workflows`).send({ key: bob.key });
    expect(all.body).toEqual([expect.objectContaining({ model_class: 'Workflow', name: 'Reverse it', has_errors: false })]);
    expectError(await h.api.post('/api/tool_shed_repositories/import_workflows').send({ key: bob.key }), 400, 400007, "Missing required parameter 'id'.");
  });
});
