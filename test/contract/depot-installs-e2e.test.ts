import { createHistory, datasetText, runTool, uploadText, waitForJob } from '../support/data-helpers';
import { guidOf, installRevision, reverseToolXml } from '../support/depot-install-helpers';
import { createRepository, publish } from '../support/depot-helpers';
import { startTestDepot, type TestDepot } from '../support/test-depot';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

/**
 * End to end, through both applications' APIs: an author publishes a tool to the depot (a depot on
 * a real port), then a second revision with a new version of the tool; an administrator installs
 * the latest revision into the platform as installation scripts do, and the tool runs on an
 * uploaded dataset; installing the first revision too leaves both versions listed and runnable.
 */
let depot: TestDepot;
let h: TestPlatform;

beforeAll(async () => {
  depot = await startTestDepot({}, { listen: true });
  h = await startTestPlatform({ DEPOT_URLS: depot.url! });
});
afterAll(async () => {
  await h?.close();
  await depot?.close();
});

describe('publishing to the depot, installing into the platform, running the tool', () => {
  const changesets: string[] = [];
  let v2: string;
  let v1: string;
  let historyId: string;
  let inputId: string;

  it('publishes two revisions of a tool through the depot API (the second a new tool version)', async () => {
    const author = await depot.newUser('author');
    const repository = await createRepository(depot, author, 'text_reverse', { type: 'unrestricted' });
    changesets.push(await publish(depot, author, repository, { 'reverse.xml': reverseToolXml('1.0.0') }, 'Version 1.0.0'));
    changesets.push(await publish(depot, author, repository, { 'reverse.xml': reverseToolXml('2.0.0', { upper: true }), README: 'Now upper-cases too.' }, 'Version 2.0.0'));
    await depot.settled();
    const ordered = await depot.api.get('/api/repositories/get_ordered_installable_revisions').query({ name: 'text_reverse', owner: 'author' });
    expect(ordered.body).toEqual(changesets);
    v1 = guidOf(depot, 'author', 'text_reverse', 'reverse_lines', '1.0.0');
    v2 = guidOf(depot, 'author', 'text_reverse', 'reverse_lines', '2.0.0');
  });

  it('installs the latest revision through /api/tool_shed_repositories/install_repository_revision', async () => {
    const latest = await h.api.post('/api/tool_shed_repositories/get_latest_installable_revision').send({ key: h.admin.key, tool_shed_url: depot.url, name: 'text_reverse', owner: 'author' });
    expect(latest.body).toBe(changesets[1]);
    const res = await h.api.post('/api/tool_shed_repositories/install_repository_revision').send({
      key: h.admin.key,
      tool_shed_url: depot.url,
      name: 'text_reverse',
      owner: 'author',
      changeset_revision: latest.body,
      new_tool_panel_section_label: 'Text Reversal',
      install_repository_dependencies: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: expect.any(String),
        tool_shed: new URL(depot.url!).host,
        name: 'text_reverse',
        owner: 'author',
        installed_changeset_revision: changesets[1],
        changeset_revision: changesets[1],
        ctx_rev: '1',
        includes_datatypes: false,
        tool_shed_status: { latest_installable_revision: 'True', revision_update: 'False', revision_upgrade: 'False', repository_deprecated: 'False' },
        deleted: false,
        uninstalled: false,
        dist_to_shed: false,
        status: 'Installed',
        error_message: '',
        url: `/api/tool_shed_repositories/${res.body[0].id}`,
      },
    ]);
  });

  it('lists the installed tool in its new panel section, under its guid', async () => {
    const panel = await h.api.get('/api/tools');
    const section = (panel.body as Array<{ id: string; name: string; elems?: Array<{ id: string; version: string }> }>).find((entry) => entry.id === 'text_reversal');
    expect(section).toMatchObject({ model_class: 'ToolSection', name: 'Text Reversal' });
    expect(section!.elems!.map((tool) => [tool.id, tool.version])).toEqual([[v2, '2.0.0']]);
    // Clients put the guid in the path as it is, slashes and all (or encoded).
    for (const path of [`/api/tools/${v2}`, `/api/tools/${encodeURIComponent(v2)}`]) {
      const shown = await h.api.get(path);
      expect([path, shown.status, shown.body]).toEqual([path, 200, expect.objectContaining({ id: v2, version: '2.0.0', name: 'Reverse lines', panel_section_id: 'text_reversal' })]);
    }
    expect((await h.api.get(`/api/tools/${v2}/citations`)).body).toEqual([]);
  });

  it('runs the installed tool on an uploaded dataset', async () => {
    historyId = await createHistory(h, h.admin.key, 'reversals');
    const upload = await uploadText(h, h.admin.key, historyId, 'alpha\nbeta\ngamma\n', { fileType: 'txt' });
    inputId = upload.datasetId;
    await waitForJob(h, h.admin.key, upload.jobId);
    const run = await runTool(h, h.admin.key, historyId, v2, { input: { src: 'hda', id: inputId } });
    const job = await waitForJob(h, h.admin.key, run.jobs[0].id);
    expect(job).toMatchObject({ state: 'ok', tool_id: v2 });
    expect(await datasetText(h, h.admin.key, run.outputs[0].id)).toBe('GAMMA\nBETA\nALPHA\n');
  });

  it('after installing the first revision too, lists both versions and runs either', async () => {
    const installed = await installRevision(h, depot, 'author', 'text_reverse', changesets[0], { tool_panel_section_id: 'text_reversal' });
    expect(installed.map((repository) => [repository.installed_changeset_revision, repository.status])).toEqual([[changesets[0], 'Installed']]);
    for (const toolId of [v1, v2, 'reverse_lines']) {
      const versions = await h.api.get('/api/tools').query({ tool_id: toolId });
      expect([toolId, versions.body]).toEqual([toolId, ['1.0.0', '2.0.0']]);
    }
    // The panel keeps showing the newest version only.
    const panel = await h.api.get('/api/tools');
    const section = (panel.body as Array<{ id: string; elems?: Array<{ id: string }> }>).find((entry) => entry.id === 'text_reversal');
    expect(section!.elems!.map((tool) => tool.id)).toEqual([v2]);
    const run = await runTool(h, h.admin.key, historyId, v1, { input: { src: 'hda', id: inputId } });
    await waitForJob(h, h.admin.key, run.jobs[0].id);
    expect(await datasetText(h, h.admin.key, run.outputs[0].id)).toBe('gamma\nbeta\nalpha\n');
    const index = await h.api.get('/api/tool_shed_repositories').query({ key: h.admin.key });
    expect(index.body.map((repository: { installed_changeset_revision: string }) => repository.installed_changeset_revision)).toEqual([changesets[1], changesets[0]]);
  });
});
