import type { Page } from 'playwright-core';
import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { patient } from '../support/patience';
import type { TestUser } from '../support/test-platform';
import { catHeadWorkflow, importWorkflow } from '../support/workflow-helpers';
import { describeInBrowser, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';

/**
 * The web UI offers each caller only what they may do (the graph's `viewerCan`): on a history shared
 * with them or published, other users and visitors were offered Rename, Delete, Hide, Make current and
 * Upload, which then failed. Each role opens the same history and workflow.
 */
let ui: WebUiHarness;
let owner: TestUser;
let reader: TestUser;
let historyId: string;
let workflowId: string;

const HISTORY = 'Sequencing run 12';
const WORKFLOW = 'Trim and count';

/** The history's actions and its dataset's, as the page offers them (after opening the dataset's line). */
async function offeredOnHistory(page: Page): Promise<{ history: string[]; dataset: string[] }> {
  await page.goto(`/histories/${historyId}`);
  await page.getByRole('heading', { name: HISTORY }).waitFor();
  const list = page.getByRole('list', { name: `Contents of ${HISTORY}` });
  await list.getByRole('button', { name: /1: reads\.txt/ }).click();
  await list.getByRole('link', { name: 'Details', exact: true }).waitFor();
  const names = async (scope: ReturnType<Page['locator']>) =>
    (await scope.locator('button, a').evaluateAll((nodes) => nodes.map((node) => (node.textContent ?? '').trim()))).filter((name) => name !== '');
  const history = await names(page.locator('.page-header'));
  const dataset = await names(list.locator('.item-details .actions'));
  return { history, dataset };
}

async function offeredOnWorkflow(page: Page): Promise<string[]> {
  await page.goto(`/workflows/${workflowId}`);
  await page.getByRole('heading', { name: WORKFLOW }).waitFor();
  const all = ['Run workflow', 'Share or publish', 'Copy to my workflows'];
  const offered: string[] = [];
  for (const name of all) if ((await page.getByRole('link', { name }).count()) + (await page.getByRole('button', { name }).count()) > 0) offered.push(name);
  return offered;
}

describeInBrowser('the web UI offers each caller only what they may do', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
    [owner, reader] = [await ui.h.newUser('offer-owner'), await ui.h.newUser('offer-reader')];
    historyId = await createHistory(ui.h, owner.key, HISTORY);
    const upload = await uploadText(ui.h, owner.key, historyId, 'ACGT\n', { fileType: 'txt', name: 'reads.txt' });
    await waitForJob(ui.h, owner.key, upload.jobId);
    // The owner's newest history is their current one: the shared one is not.
    await createHistory(ui.h, owner.key, 'Scratch');
    for (const kind of ['histories', 'workflows'] as const) {
      const id = kind === 'histories' ? historyId : (workflowId = (await importWorkflow(ui.h, owner.key, catHeadWorkflow(WORKFLOW))).id);
      expect((await ui.h.api.put(`/api/${kind}/${id}/share_with_users`).query({ key: owner.key }).send({ user_ids: [reader.id] })).status).toBe(200);
      expect((await ui.h.api.put(`/api/${kind}/${id}/publish`).query({ key: owner.key })).status).toBe(200);
    }
  }, patient(180_000));
  afterAll(() => ui?.close());

  it('offers the owner every change of their history and its datasets, its sharing, and to make it current', async () => {
    const { page, consoleErrors } = await ui.newPage();
    await signIn(page, owner);
    const offered = await offeredOnHistory(page);
    expect(offered.history).toEqual(expect.arrayContaining(['Make current', 'Rename history', 'Upload data', 'Share or publish']));
    expect(offered.dataset).toEqual(expect.arrayContaining(['Details', 'Download', 'Rename', 'Change datatype', 'Hide', 'Delete']));
    expect(await offeredOnWorkflow(page)).toEqual(['Run workflow', 'Share or publish']);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));

  it('offers an administrator the changes and sharing of another user’s history, not to make it their current one', async () => {
    const { page, consoleErrors } = await ui.newPage();
    await signIn(page, ui.h.admin);
    const offered = await offeredOnHistory(page);
    expect(offered.history).toEqual(expect.arrayContaining(['Rename history', 'Upload data', 'Share or publish']));
    expect(offered.history).not.toContain('Make current');
    expect(offered.dataset).toEqual(expect.arrayContaining(['Rename', 'Change datatype', 'Hide', 'Delete']));
    expect(await offeredOnWorkflow(page)).toEqual(['Run workflow', 'Share or publish', 'Copy to my workflows']);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));

  it('offers a user the history is shared with only to read, download and import it; its upload page says they may not add data', async () => {
    const { page, consoleErrors } = await ui.newPage();
    await signIn(page, reader);
    const offered = await offeredOnHistory(page);
    // "Import history" makes a copy of their own (issue 34); the history itself stays the owner's.
    expect(offered.history).toEqual(['Import history']);
    expect(offered.dataset).toEqual(['Details', 'Download']);
    expect(await offeredOnWorkflow(page)).toEqual(['Run workflow', 'Copy to my workflows']);
    await page.goto(`/upload?history=${historyId}`);
    await page.getByRole('alert').filter({ hasText: `You may not add data to the history “${HISTORY}”` }).waitFor();
    expect(await page.getByRole('button', { name: 'Start upload' }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));

  it('offers a visitor of the published history and workflow only to read them', async () => {
    const { page, consoleErrors } = await ui.newPage();
    const offered = await offeredOnHistory(page);
    expect(offered.history).toEqual([]);
    expect(offered.dataset).toEqual(['Details', 'Download']);
    expect(await offeredOnWorkflow(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));
});
