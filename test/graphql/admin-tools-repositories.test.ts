import { existsSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { guidOf, reverseToolXml } from '../support/depot-install-helpers';
import { createRepository, publish } from '../support/depot-helpers';
import { sql } from '../support/job-helpers';
import { patient } from '../support/patience';
import { startTestDepot, type TestDepot } from '../support/test-depot';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

/**
 * The administrator's Tools and data and Repositories screens' graph (issue 36, items 5 and 6):
 * "Reload tools" from TOOL_DIRS without a restart, the depots searched and browsed, an install
 * started and followed, and an installed repository deactivated, reinstalled, uninstalled and
 * repaired; each refused to anyone but an administrator and put on the audit log.
 */
let h: TestPlatform;
let depot: TestDepot;
let alice: TestUser;
let toolDir: string;

type Body = { data?: Record<string, unknown>; errors?: Array<{ message: string; extensions?: { code?: string } }> };

async function gql(key: string, query: string, variables: Record<string, unknown> = {}): Promise<Body> {
  const res = await h.api.post('/graphql').set('x-api-key', key).send({ query, variables });
  return res.body as Body;
}

async function ok<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const body = await gql(h.admin.key, query, variables);
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data as T;
}

const toolXml = (id: string, version: string, name = `Tool ${id}`) =>
  `<tool id="${id}" name="${name}" version="${version}"><command>cat '$input' > '$output'</command>` +
  `<inputs><param name="input" type="data" format="txt" label="Text"/></inputs><outputs><data name="output" format="txt"/></outputs></tool>\n`;

const RELOAD = 'mutation { reloadTools { added removed changed problems { file message } } }';
type Reload = { reloadTools: { added: string[]; removed: string[]; changed: string[]; problems: Array<{ file: string; message: string }> } };

const panelToolIds = async (): Promise<string[]> => {
  const data = await ok<{ toolPanelSections: Array<{ tools: Array<{ id: string }> }> }>('{ toolPanelSections { tools { id } } }');
  return data.toolPanelSections.flatMap((section) => section.tools.map((tool) => tool.id));
};

const auditActions = async (): Promise<string[]> => {
  const data = await ok<{ adminAuditLog: { edges: Array<{ node: { action: string; targetLabel: string | null } }> } }>('{ adminAuditLog(first: 50) { edges { node { action targetLabel } } } }');
  return data.adminAuditLog.edges.map((edge) => edge.node.action);
};

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + patient(20_000);
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  toolDir = mkdtempSync(join(tmpdir(), 'reload-tools-'));
  writeFileSync(join(toolDir, 'first.xml'), toolXml('first_tool', '1.0'));
  depot = await startTestDepot({}, { listen: true });
  h = await startTestPlatform({ TOOL_DIRS: toolDir, DEPOT_URLS: depot.url! });
  alice = await h.newUser('alice');
}, patient(120_000));
afterAll(async () => {
  await h?.close();
  await depot?.close();
  rmSync(toolDir, { recursive: true, force: true });
});

describe('reloadTools: TOOL_DIRS read again without a restart', () => {
  it('picks up a tool file added to a TOOL_DIR and a changed one, and says what changed', async () => {
    expect(await panelToolIds()).toContain('first_tool');
    writeFileSync(join(toolDir, 'second.xml'), toolXml('second_tool', '1.0'));
    writeFileSync(join(toolDir, 'first.xml'), toolXml('first_tool', '1.1'));
    const { reloadTools } = await ok<Reload>(RELOAD);
    expect(reloadTools).toEqual({ added: ['second_tool'], removed: [], changed: ['first_tool'], problems: [] });
    expect(await panelToolIds()).toEqual(expect.arrayContaining(['first_tool', 'second_tool', 'upload1', 'cat1']));
    const tool = await ok<{ tool: { version: string } }>('{ tool(id: "first_tool") { version } }');
    expect(tool.tool.version).toBe('1.1');
  });

  it('removes a tool whose file was deleted, and lists a file that does not parse as a problem', async () => {
    unlinkSync(join(toolDir, 'second.xml'));
    writeFileSync(join(toolDir, 'broken.xml'), '<tool id="broken" name="Broken"><command>true</command><inputs><param name="x" type="nonsense"/></inputs></tool>');
    const { reloadTools } = await ok<Reload>(RELOAD);
    expect(reloadTools.added).toEqual([]);
    expect(reloadTools.removed).toEqual(['second_tool']);
    expect(reloadTools.changed).toEqual([]);
    expect(reloadTools.problems.map((problem) => problem.file)).toEqual([join(toolDir, 'broken.xml')]);
    expect(await panelToolIds()).not.toContain('second_tool');
    const gone = await gql(h.admin.key, '{ tool(id: "second_tool") { id } }');
    expect(gone.errors?.[0].message).toMatch(/second_tool/);
    unlinkSync(join(toolDir, 'broken.xml'));
  });

  it('is done by every process that hears another process reloaded (its signal)', async () => {
    writeFileSync(join(toolDir, 'third.xml'), toolXml('third_tool', '1.0'));
    await sql(h, "select pg_notify('depot_tools_changed', ?)", [JSON.stringify({ origin: 'another-process', repositoryIds: [], rebuild: 'all' })]);
    await until('the third tool in the panel', panelToolIds, (ids) => ids.includes('third_tool'));
  });

  it('refuses anyone but an administrator, and is on the audit log', async () => {
    const refused = await gql(alice.key, RELOAD);
    expect(refused.errors?.[0].message).toMatch(/administrator/i);
    expect(refused.data ?? null).toBeNull();
    expect((await auditActions()).filter((action) => action === 'tools.reload')).toHaveLength(2);
  });
});

describe('the depots browsed and a repository installed, deactivated, reinstalled, uninstalled and repaired', () => {
  let guid: string;
  let changeset: string;
  let recordId: string;
  let needsChangeset: string;

  const REPOSITORY = `query ($depotUrl: String!, $name: String!, $owner: String!, $changeset: String!) {
    depotRepository(depotUrl: $depotUrl, name: $name, owner: $owner) {
      name owner revisions
      tools { id name version guid changesetRevision }
      revision(changesetRevision: $changeset) { changesetRevision ctxRev includesTools dependencies { name owner priorInstallationRequired } }
    }
  }`;
  const PROGRESS = 'query ($ids: [ID!]!) { depotInstallProgress(ids: $ids) { id name status errorMessage } }';
  const progress = (ids: string[]) => ok<{ depotInstallProgress: Array<{ id: string; status: string; errorMessage: string | null }> }>(PROGRESS, { ids }).then((data) => data.depotInstallProgress);
  const verb = (name: string) => ok<Record<string, { id: string; status: string; deleted: boolean; uninstalled: boolean }>>(`mutation ($id: ID!) { ${name}(id: $id) { id status deleted uninstalled } }`, { id: recordId }).then((data) => data[name]!);

  beforeAll(async () => {
    const author = await depot.newUser('author');
    const repository = await createRepository(depot, author, 'text_reverse', { type: 'unrestricted', synopsis: 'Reverses the lines of texts' });
    changeset = await publish(depot, author, repository, { 'reverse.xml': reverseToolXml('1.0.0') }, 'Version 1.0.0');
    const pkg = await createRepository(depot, author, 'package_tac');
    await publish(depot, author, pkg, { 'tac.xml': reverseToolXml('3.0', { id: 'tac_pkg' }) });
    const needs = await createRepository(depot, author, 'needs_tac');
    needsChangeset = await publish(depot, author, needs, {
      'uses.xml': reverseToolXml('1.0', { id: 'uses_tac' }),
      'repository_dependencies.xml': '<repositories description="tac first"><repository name="package_tac" owner="author" prior_installation_required="True"/></repositories>',
    });
    await depot.settled();
    guid = guidOf(depot, 'author', 'text_reverse', 'reverse_lines', '1.0.0');
  }, patient(60_000));

  it('lists the configured depots and searches one (a page at a time), refusing a depot not configured', async () => {
    const depots = await ok<{ configuredDepots: string[] }>('{ configuredDepots }');
    expect(depots.configuredDepots).toEqual([depot.url]);
    const SEARCH = 'query ($depotUrl: String!, $q: String!) { depotRepositorySearch(depotUrl: $depotUrl, q: $q, first: 10) { totalCount pageInfo { hasNextPage endCursor } edges { node { name owner description } } } }';
    const found = await ok<{ depotRepositorySearch: { totalCount: number; pageInfo: { hasNextPage: boolean }; edges: Array<{ node: { name: string; owner: string; description: string } }> } }>(SEARCH, {
      depotUrl: depot.url,
      q: 'reverse',
    });
    expect(found.depotRepositorySearch.totalCount).toBe(1);
    expect(found.depotRepositorySearch.pageInfo.hasNextPage).toBe(false);
    expect(found.depotRepositorySearch.edges.map((edge) => edge.node)).toEqual([{ name: 'text_reverse', owner: 'author', description: 'Reverses the lines of texts' }]);
    const short = await gql(h.admin.key, SEARCH, { depotUrl: depot.url, q: 'ab' });
    expect(short.errors?.[0].message).toMatch(/at least 3 characters/);
    const paged = 'query ($depotUrl: String!, $first: Int, $after: String) { depotRepositorySearch(depotUrl: $depotUrl, q: "reverse", first: $first, after: $after) { totalCount } }';
    expect((await gql(h.admin.key, paged, { depotUrl: depot.url, first: 500 })).errors?.[0].message).toMatch(/first must be a whole number from 1 to 100/);
    expect((await gql(h.admin.key, paged, { depotUrl: depot.url, after: 'not-ours' })).errors?.[0].message).toMatch(/not one this search gave/);
    const elsewhere = await gql(h.admin.key, SEARCH, { depotUrl: 'http://depot.example.org', q: 'reverse' });
    expect(elsewhere.errors?.[0].message).toMatch(/DEPOT_URLS/);
  });

  it("shows a repository's revisions, its tools and a revision's dependencies", async () => {
    const data = await ok<{ depotRepository: { revisions: string[]; tools: Array<Record<string, string>>; revision: { changesetRevision: string; ctxRev: string; includesTools: boolean; dependencies: unknown[] } } }>(
      REPOSITORY,
      { depotUrl: depot.url, name: 'text_reverse', owner: 'author', changeset },
    );
    expect(data.depotRepository.revisions).toEqual([changeset]);
    expect(data.depotRepository.tools).toEqual([{ id: 'reverse_lines', name: 'Reverse lines', version: '1.0.0', guid, changesetRevision: changeset }]);
    expect(data.depotRepository.revision).toEqual({ changesetRevision: changeset, ctxRev: '0', includesTools: true, dependencies: [] });
  });

  it('starts an install that answers at once, followed until Installed; its tool joins the panel', async () => {
    const started = await ok<{ startDepotInstall: Array<{ id: string; name: string; status: string }> }>(
      'mutation ($input: InstallDepotRevisionInput!) { startDepotInstall(input: $input) { id name status } }',
      { input: { depotUrl: depot.url, name: 'text_reverse', owner: 'author', changesetRevision: changeset, installRepositoryDependencies: true, newToolPanelSectionLabel: 'Text Reversal' } },
    );
    expect(started.startDepotInstall.map((record) => record.name)).toEqual(['text_reverse']);
    recordId = started.startDepotInstall[0]!.id;
    const [done] = await until('the install', () => progress([recordId]), (records) => records.every((record) => record.status === 'Installed' || record.status === 'Error'));
    expect(done).toMatchObject({ status: 'Installed', errorMessage: null });
    await until('the installed tool in the panel', panelToolIds, (ids) => ids.includes(guid));
  });

  it('deactivates it: its tool leaves the panel; a second deactivation is refused', async () => {
    expect(await verb('deactivateDepotRepository')).toMatchObject({ status: 'Deactivated', deleted: true, uninstalled: false });
    expect(await panelToolIds()).not.toContain(guid);
    const again = await gql(h.admin.key, 'mutation ($id: ID!) { deactivateDepotRepository(id: $id) { id } }', { id: recordId });
    expect(again.errors?.[0].message).toMatch(/is Deactivated: it cannot be deactivated/);
  });

  it('reinstalls a deactivated one from its files at once: its tool is back', async () => {
    expect(await verb('reinstallDepotRepository')).toMatchObject({ status: 'Installed', deleted: false });
    expect(await panelToolIds()).toContain(guid);
  });

  it('uninstalls it: the tool goes and the files are removed; reinstalling installs it again from the depot', async () => {
    const [{ config_file: configFile }] = await sql<{ config_file: string }>(h, 'select config_file from depot_installed_tool limit 1');
    const file = join(h.platform.services.depotInstalls.layout.root, configFile);
    expect(existsSync(file)).toBe(true);
    expect(await verb('uninstallDepotRepository')).toMatchObject({ status: 'Uninstalled', deleted: true, uninstalled: true });
    expect(existsSync(file)).toBe(false);
    expect(await panelToolIds()).not.toContain(guid);
    expect((await verb('reinstallDepotRepository')).status).not.toBe('Uninstalled');
    await until('the reinstall', () => progress([recordId]), ([record]) => record!.status === 'Installed');
    await until('the reinstalled tool in the panel', panelToolIds, (ids) => ids.includes(guid));
    expect(existsSync(file)).toBe(true);
  });

  it('repairs an installed one (installed again from the depot)', async () => {
    expect((await verb('repairDepotRepository')).status).toBe('New');
    await until('the repair', () => progress([recordId]), ([record]) => record!.status === 'Installed');
    await until('the repaired tool in the panel', panelToolIds, (ids) => ids.includes(guid));
  });

  it("shows a revision's repository dependencies, and installs them first with it, followed together", async () => {
    const data = await ok<{ depotRepository: { revision: { dependencies: Array<{ name: string; owner: string; priorInstallationRequired: boolean }> } } }>(REPOSITORY, {
      depotUrl: depot.url,
      name: 'needs_tac',
      owner: 'author',
      changeset: needsChangeset,
    });
    expect(data.depotRepository.revision.dependencies).toEqual([{ name: 'package_tac', owner: 'author', priorInstallationRequired: true }]);
    const started = await ok<{ startDepotInstall: Array<{ id: string; name: string }> }>('mutation ($input: InstallDepotRevisionInput!) { startDepotInstall(input: $input) { id name } }', {
      input: { depotUrl: depot.url, name: 'needs_tac', owner: 'author', changesetRevision: needsChangeset, installRepositoryDependencies: true },
    });
    expect(started.startDepotInstall.map((record) => record.name)).toEqual(['package_tac', 'needs_tac']);
    const done = await until('both installs', () => progress(started.startDepotInstall.map((record) => record.id)), (records) => records.every((record) => record.status === 'Installed'));
    expect(done.map((record) => record.status)).toEqual(['Installed', 'Installed']);
    const again = await gql(h.admin.key, 'mutation ($input: InstallDepotRevisionInput!) { startDepotInstall(input: $input) { id } }', {
      input: { depotUrl: depot.url, name: 'needs_tac', owner: 'author', changesetRevision: needsChangeset },
    });
    expect(again.errors?.[0].message).toMatch(/have been previously installed/);
  });

  it('refuses every one of these to a user, and an unknown id; the audit log has each verb', async () => {
    for (const query of [
      '{ configuredDepots }',
      `{ depotRepositorySearch(depotUrl: "${depot.url}", q: "reverse") { totalCount } }`,
      `{ depotInstallProgress(ids: ["${recordId}"]) { status } }`,
      `mutation { deactivateDepotRepository(id: "${recordId}") { id } }`,
      `mutation { uninstallDepotRepository(id: "${recordId}") { id } }`,
    ]) {
      const refused = await gql(alice.key, query);
      expect([query, refused.errors?.[0].message]).toEqual([query, expect.stringMatching(/administrator/i)]);
    }
    const unknown = await gql(h.admin.key, 'mutation { deactivateDepotRepository(id: "f2db41e1fa331b3e0") { id } }');
    expect(unknown.errors).toBeDefined();
    const actions = await auditActions();
    for (const action of ['repository.install', 'repository.deactivate', 'repository.reinstall', 'repository.uninstall', 'repository.repair']) expect(actions).toContain(action);
  });
});
