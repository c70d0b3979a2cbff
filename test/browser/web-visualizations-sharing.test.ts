import type { Page, Request } from 'playwright-core';
import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { historyAndWorkflowWithSameId } from '../support/same-numbered-items';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { copyHeadWorkflow, importWorkflow } from '../support/workflow-helpers';
import { DESKTOP, PHONE, describeInBrowser, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';
import { patient } from '../support/patience';

/**
 * Visitors and published items, the visualizations screens, sharing statuses of different kinds,
 * and a workflow run followed live. The browser's platform runs no jobs; a second platform on the
 * same database and files runs them when a test starts one.
 */
let ui: WebUiHarness;
let worker: TestPlatform | null = null;

const mainMenu = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

/** A second server process that runs jobs (the browser's runs none). */
const startWorker = async () => (worker = await startTestPlatform({ LOCAL_JOB_WORKERS: '1' }, { reset: false, dataDir: ui.h.platform.config.dataDir }));
async function stopWorker(): Promise<void> {
  await worker?.close();
  worker = null;
}

/** A page made and shared through the REST API by its owner. */
async function pageOf(owner: TestUser, slug: string, title: string, content: string, action?: 'publish' | 'enable_link_access'): Promise<string> {
  const created = await ui.h.api.post('/api/pages').query({ key: owner.key }).send({ slug, title, content });
  expect(created.status).toBe(200);
  if (action) expect((await ui.h.api.put(`/api/pages/${created.body.id}/${action}`).query({ key: owner.key })).status).toBe(200);
  return created.body.id as string;
}

/** Moves the app to another address as its own links do (no reload: the same cache). */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate(`window.history.pushState({}, '', ${JSON.stringify(path)}); window.dispatchEvent(new PopStateEvent('popstate'));`);
}

/** The run screen's reads of its run (the subscription carries the rest). */
const invocationQueries = (requests: Request[]) =>
  requests.filter((request) => request.url().endsWith('/graphql') && request.method() === 'POST' && /"operationName":"WorkflowInvocation"/.test(request.postData() ?? '')).length;

describeInBrowser('published items, visualizations and live runs in the web UI', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness({ LOCAL_JOB_WORKERS: '0' });
  }, patient(180_000));
  afterAll(async () => {
    await stopWorker();
    await ui?.close();
  });

  it('lets a visitor read a published page by its address, at 390 pixels wide; a private page is refused with the platform\'s message', async () => {
    const sam = await ui.h.newUser('sam-pages');
    const published = await pageOf(sam, 'field-notes', 'Field notes', '<h2>Sampling</h2><p>Taken at <strong>dawn</strong>.</p>', 'publish');
    const byLink = await pageOf(sam, 'draft-notes', 'Draft notes', '<p>Only for those with the link.</p>', 'enable_link_access');
    const hidden = await pageOf(sam, 'private-notes', 'Private notes', '<p>Mine alone.</p>');

    const { page, consoleErrors, screenshot } = await ui.newPage(PHONE);
    await page.goto(`/pages/${published}`);
    await page.getByRole('heading', { name: 'Field notes' }).waitFor();
    await page.getByRole('heading', { name: 'Sampling' }).waitFor();
    await page.getByText('By sam-pages').waitFor();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    await screenshot('visitor-published-page');
    await page.goto(`/pages/${byLink}`);
    await page.getByText('Only for those with the link.').waitFor();
    expect(consoleErrors).toEqual([]);

    await page.goto(`/pages/${hidden}`);
    const refusal = page.getByRole('alert').filter({ hasText: 'Could not open the page' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('User does not own specified item.');
    expect(await page.getByText('Mine alone.').count()).toBe(0);
    await page.close();
  }, patient(120_000));

  it("shows a visitor every kind of published item with its owner's name, never an email", async () => {
    const tao = await ui.h.newUser('tao-publisher');
    await pageOf(tao, 'tao-methods', 'Tao methods', '<p>m</p>', 'publish');
    await importWorkflow(ui.h, tao.key, copyHeadWorkflow('Tao pipeline'), { publish: true });
    const visualization = await ui.h.api.post('/api/visualizations').query({ key: tao.key }).send({ type: 'trackster', title: 'Tao tracks' });
    expect(visualization.status).toBe(200);
    expect((await ui.h.api.put(`/api/visualizations/${visualization.body.id}/publish`).query({ key: tao.key })).status).toBe(200);
    const historyId = await createHistory(ui.h, tao.key, 'Tao history');
    expect((await ui.h.api.put(`/api/histories/${historyId}/publish`).query({ key: tao.key })).status).toBe(200);

    const { page, consoleErrors, screenshot } = await ui.newPage();
    await page.goto('/published');
    for (const [heading, title] of [
      ['Histories', 'Tao history'],
      ['Workflows', 'Tao pipeline (imported from API)'],
      ['Pages', 'Tao methods'],
      ['Visualizations', 'Tao tracks'],
    ]) {
      const item = page.getByRole('region', { name: heading }).getByRole('listitem').filter({ hasText: title });
      await item.waitFor();
      expect(await item.innerText()).toContain('by tao-publisher');
    }
    expect(await page.getByText('@example.org').count()).toBe(0);
    await screenshot('published-owners');
    // A visitor opens the published workflow and visualization too.
    await page.getByRole('link', { name: 'Tao pipeline (imported from API)' }).click();
    await page.getByRole('heading', { name: 'Tao pipeline (imported from API)' }).waitFor();
    await page.goBack();
    await page.getByRole('link', { name: 'Tao tracks' }).click();
    await page.getByRole('heading', { name: 'Tao tracks' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));

  it('creates a visualization, lists it, opens its configuration and revisions, and reaches its sharing screen', async () => {
    const uma = await ui.h.newUser('uma-vis');
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, uma);
    await mainMenu(page, 'Visualizations').click();
    await page.getByRole('heading', { name: 'Visualizations' }).waitFor();
    const form = page.getByRole('form', { name: 'New visualization' });
    await form.getByLabel('Title').fill('Coverage of chr1');
    await form.getByLabel('Type').fill('trackster');
    await form.getByLabel('Genome build (dbkey)').fill('hg19');
    // A configuration that is not a JSON object is refused before anything is sent.
    await form.getByLabel('Configuration (JSON, optional)').fill('[1, 2');
    await form.getByRole('button', { name: 'Create visualization' }).click();
    await form.getByRole('alert').filter({ hasText: 'must be a JSON object' }).waitFor();
    await form.getByLabel('Configuration (JSON, optional)').fill('{"view": {"tracks": [{"name": "coverage"}]}}');
    await form.getByRole('button', { name: 'Create visualization' }).click();

    await page.getByRole('heading', { name: 'Coverage of chr1' }).waitFor();
    const config = page.getByLabel('Configuration of the latest revision');
    expect(JSON.parse(await config.innerText())).toEqual({ view: { tracks: [{ name: 'coverage' }] } });
    const revisions = page.getByRole('list', { name: 'Revisions' }).getByRole('listitem');
    expect(await revisions.count()).toBe(1);
    expect(await revisions.first().innerText()).toContain('latest');
    await page.getByText('trackster · hg19 · by uma-vis').waitFor();
    await screenshot('visualization-open');

    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Visualizations' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Coverage of chr1' });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/trackster\s+hg19\s+you/);
    await screenshot('visualizations-list');

    await row.getByRole('link', { name: 'Coverage of chr1', exact: true }).click();
    await page.getByRole('link', { name: 'Share or publish' }).click();
    await page.getByRole('heading', { name: 'Share visualization “Coverage of chr1”' }).waitFor();
    await page.getByRole('link', { name: 'Open the visualization' }).click();
    await page.getByRole('heading', { name: 'Coverage of chr1' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));

  it('keeps the sharing statuses of a history and a workflow with the same id apart', async () => {
    const vic = await ui.h.newUser('vic-twins');
    const id = await historyAndWorkflowWithSameId(ui.h, vic.key, { history: 'Twin history', workflow: 'Twin workflow' });
    const { page, consoleErrors } = await ui.newPage();
    await signIn(page, vic);
    await page.goto(`/sharing/histories/${id}`);
    await page.getByRole('heading', { name: 'Share history “Twin history”' }).waitFor();
    // The workflow is published from its screen, in the same app (the same cache).
    await navigateInApp(page, `/sharing/workflows/${id}`);
    await page.getByRole('heading', { name: 'Share workflow “Twin workflow (imported from API)”' }).waitFor();
    await page.getByLabel('Published (listed for everyone)').click();
    await page.getByText('Anyone with this link may see it').waitFor();
    await navigateInApp(page, `/sharing/histories/${id}`);
    await page.getByRole('heading', { name: 'Share history “Twin history”' }).waitFor();
    expect(await page.getByLabel('Published (listed for everyone)').isChecked()).toBe(false);
    await navigateInApp(page, `/sharing/workflows/${id}`);
    await page.getByRole('heading', { name: 'Share workflow “Twin workflow (imported from API)”' }).waitFor();
    expect(await page.getByLabel('Published (listed for everyone)').isChecked()).toBe(true);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));

  it('follows a run live: jobs a second server process runs reach the run screen without polling', async () => {
    const wes = await ui.h.newUser('wes-runs');
    const historyId = await createHistory(ui.h, wes.key, 'Live run');
    // The input is uploaded by a worker that then stops: the run's jobs wait until the test starts another.
    const uploader = await startWorker();
    const upload = await uploadText(uploader, wes.key, historyId, 'one\ntwo\nthree\n', { fileType: 'txt', name: 'lines.txt' });
    expect((await waitForJob(uploader, wes.key, upload.jobId)).state).toBe('ok');
    await stopWorker();
    const workflow = await importWorkflow(ui.h, wes.key, copyHeadWorkflow('Live pipeline', 2));
    const invoked = await ui.h.api.post(`/api/workflows/${workflow.id}/invocations`).send({ key: wes.key, history_id: historyId, inputs: { 0: { src: 'hda', id: upload.datasetId } } });
    expect(invoked.status).toBe(200);

    const { page, consoleErrors, screenshot } = await ui.newPage(DESKTOP);
    await signIn(page, wes);
    await page.goto(`/workflows/invocations/${invoked.body.id}`);
    const steps = page.getByRole('list', { name: 'Steps of the run' });
    // Scheduled, both jobs waiting for a runner.
    await steps.locator('[data-state="queued"]').nth(1).waitFor({ timeout: patient(30_000) });
    await page.getByRole('status').filter({ hasText: 'Running…' }).waitFor();
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));

    await startWorker();
    await page.getByRole('status').filter({ hasText: 'Finished: every job is ok.' }).waitFor({ timeout: patient(60_000) });
    expect(await steps.locator('[data-state="ok"]').count()).toBe(2);
    await screenshot('workflow-run-live');
    // The states came over the WebSocket: the run was not read again.
    expect(invocationQueries(requests)).toBe(0);
    expect(consoleErrors).toEqual([]);
    await page.close();
    await stopWorker();
  }, patient(150_000));
});
