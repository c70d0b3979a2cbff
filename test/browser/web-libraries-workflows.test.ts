import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { copyHeadWorkflow, headOverListWorkflow } from '../support/workflow-helpers';
import { PHONE, describeInBrowser, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';
import { patient } from '../support/patience';

/** Data libraries and workflows in the web UI: an administrator fills a library, a user imports from it; a .ga import and its run. */
let ui: WebUiHarness;
let tempDir: string;

const mainMenu = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

/** Pasted text uploaded through the upload screen into the current history; waits until it is ok. */
async function uploadPasted(page: Page, text: string, name: string): Promise<void> {
  await page.goto('/upload');
  await page.getByLabel('Paste text (or URLs, one per line)').fill(text);
  await page.getByLabel('Name of the pasted dataset').fill(name);
  await page.getByRole('button', { name: 'Start upload' }).click();
  await page.getByRole('status').filter({ hasText: 'sent' }).waitFor();
  await page.getByRole('link', { name: 'See the datasets in the history' }).click();
  await page.getByRole('listitem').filter({ hasText: name }).locator('[data-state="ok"]').waitFor({ timeout: patient(30_000) });
}

describeInBrowser('data libraries and workflows in the web UI', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
    tempDir = mkdtempSync(join(tmpdir(), 'web-ui-workflows-'));
  }, patient(180_000));
  afterAll(async () => {
    await ui?.close();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  });

  it('an administrator creates a library, a folder and uploads into it; a user imports the dataset into their current history', async () => {
    const admin = await ui.newPage();
    await signIn(admin.page, ui.h.admin);
    await mainMenu(admin.page, 'Libraries').click();
    await admin.page.getByLabel('Library name').fill('Reference data');
    await admin.page.getByLabel('Description').fill('shared inputs');
    await admin.page.getByRole('button', { name: 'Create library' }).click();
    await admin.page.getByRole('heading', { name: 'Reference data' }).waitFor();
    await admin.page.getByLabel('Folder name').fill('genomes');
    await admin.page.getByRole('button', { name: 'Create folder' }).click();
    await admin.page.getByRole('link', { name: 'genomes' }).click();
    await admin.page.getByRole('heading', { name: 'genomes' }).waitFor();
    await admin.page.getByLabel('Or paste its content').fill('chr1\t100\nchr2\t200\n');
    await admin.page.getByLabel('Datatype').fill('tabular');
    await admin.page.getByRole('button', { name: 'Upload to library' }).click();
    await admin.page.getByRole('status').filter({ hasText: 'Added' }).waitFor();
    // The upload's job runs; the folder reads its state again until the dataset is ok.
    await admin.page.getByRole('table', { name: 'Contents of genomes' }).locator('[data-state="ok"]').waitFor({ timeout: patient(30_000) });
    // A file, sent as a GraphQL multipart request.
    await admin.page.getByLabel('File to upload').setInputFiles({ name: 'regions.bed', mimeType: 'text/plain', buffer: Buffer.from('chr1\t10\t20\nchr1\t30\t40\n') });
    await admin.page.getByLabel('Datatype').fill('bed');
    await admin.page.getByRole('button', { name: 'Upload to library' }).click();
    await admin.page.getByRole('status').filter({ hasText: 'Added regions.bed' }).waitFor();
    await admin.page.getByRole('table', { name: 'Contents of genomes' }).locator('[data-state="ok"]').nth(1).waitFor({ timeout: patient(30_000) });
    await admin.screenshot('library-folder-admin');
    expect(admin.consoleErrors).toEqual([]);
    await admin.page.close();

    const hana = await ui.h.newUser('hana');
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, hana);
    await mainMenu(page, 'Libraries').click();
    await page.getByRole('link', { name: 'Reference data' }).click();
    await page.getByRole('link', { name: 'genomes' }).click();
    await page.getByRole('heading', { name: 'genomes' }).waitFor();
    await page.getByRole('button', { name: /^Import .* into the current history$/ }).first().click();
    const imported = page.getByRole('status').filter({ hasText: 'Imported as' });
    await imported.waitFor();
    await screenshot('library-import');
    // The dataset's own page, and back to its folder by the breadcrumb.
    await page.getByRole('link', { name: 'Pasted Entry', exact: true }).click();
    await page.getByRole('heading', { name: 'Pasted Entry' }).waitFor();
    await page.getByText('tabular', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Download' }).getAttribute('href')).toMatch(/^\/api\/libraries\/datasets\/download\/uncompressed\?ld_ids=\w+$/);
    await screenshot('library-dataset');
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'genomes' }).click();
    await page.getByRole('heading', { name: 'genomes' }).waitFor();
    // Back and forward by the browser's history.
    await page.goBack();
    await page.getByRole('heading', { name: 'Pasted Entry' }).waitFor();
    await page.goForward();
    await page.getByRole('heading', { name: 'genomes' }).waitFor();
    await mainMenu(page, 'Current history').click();
    await page.getByRole('listitem').filter({ hasText: 'Pasted Entry' }).locator('[data-state="ok"]').waitFor({ timeout: patient(30_000) });
    await screenshot('library-import-history');
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(150_000));

  it('imports a 3-step .ga workflow, runs it on a history dataset and follows the run until it finishes', async () => {
    const ivan = await ui.h.newUser('ivan');
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, ivan);
    await uploadPasted(page, 'one\ntwo\nthree\nfour\n', 'lines.txt');

    const gaFile = join(tempDir, 'copy-head.ga');
    writeFileSync(gaFile, JSON.stringify(copyHeadWorkflow('Copy and head', 2)));
    await mainMenu(page, 'Workflows').click();
    await page.getByLabel('Workflow file (.ga)').setInputFiles(gaFile);
    await page.getByRole('button', { name: 'Import workflow' }).click();
    await page.getByRole('heading', { name: /Copy and head/ }).waitFor();
    await page.getByText('Not run yet.').waitFor();
    await screenshot('workflow-imported');

    await page.getByRole('link', { name: 'Run workflow' }).click();
    await page.getByRole('heading', { name: /^Run Copy and head/ }).waitFor();
    await page.getByLabel('Step 1: data').selectOption({ label: '1: lines.txt (txt, ok)' });
    await page.getByRole('group', { name: 'Step 3: Select first' }).getByLabel('Select first').fill('3');
    // Left before the full-page screenshot (Chromium scrolls a field focused across its resize back into view at the next press).
    await page.getByRole('group', { name: 'Step 3: Select first' }).getByLabel('Select first').blur();
    await screenshot('workflow-run-form');
    await page.getByRole('button', { name: 'Run workflow' }).click();
    await page.getByRole('heading', { name: 'Workflow run' }).waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Copy and head (imported from API)' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Finished: every job is ok.' }).waitFor({ timeout: patient(60_000) });
    const steps = page.getByRole('list', { name: 'Steps of the run' });
    expect(await steps.locator('[data-state="ok"]').count()).toBe(2);
    await screenshot('workflow-run-finished');

    await page.getByRole('link', { name: 'Open its history' }).click();
    const list = page.getByRole('list', { name: /^Contents of / });
    await list.locator('[data-state="ok"]').nth(2).waitFor({ timeout: patient(30_000) });
    expect(await list.getByRole('listitem').count()).toBe(3);
    await page.goBack();
    await page.getByRole('status').filter({ hasText: 'Finished' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(150_000));

  it('runs a workflow over a list collection of the history', async () => {
    const pia = await ui.h.newUser('pia');
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, pia);
    await uploadPasted(page, 'a1\na2\n', 'a.txt');
    await uploadPasted(page, 'b1\nb2\n', 'b.txt');
    const historyId = new URL(page.url()).pathname.split('/').pop() as string;
    const contents = await ui.h.api.get(`/api/histories/${historyId}/contents`).query({ key: pia.key });
    const elements = (contents.body as Array<{ id: string; name: string }>).map((dataset) => ({ name: dataset.name, src: 'hda', id: dataset.id }));
    const made = await ui.h.api
      .post(`/api/histories/${historyId}/contents`)
      .query({ key: pia.key })
      .send({ type: 'dataset_collection', collection_type: 'list', name: 'pair of lines', element_identifiers: elements });
    expect(made.status).toBe(200);

    const gaFile = join(tempDir, 'head-over-list.ga');
    writeFileSync(gaFile, JSON.stringify(headOverListWorkflow('Head of each', 1)));
    await page.goto('/workflows');
    await page.getByLabel('Workflow file (.ga)').setInputFiles(gaFile);
    await page.getByRole('button', { name: 'Import workflow' }).click();
    await page.getByRole('link', { name: 'Run workflow' }).click();
    await page.getByLabel('Step 1: samples').selectOption({ label: '3: pair of lines (list, 2 elements)' });
    await page.getByRole('button', { name: 'Run workflow' }).click();
    await page.getByRole('status').filter({ hasText: 'Finished: every job is ok.' }).waitFor({ timeout: patient(60_000) });
    expect(await page.getByRole('list', { name: 'Steps of the run' }).locator('[data-state="ok"]').count()).toBe(2);
    await screenshot('workflow-run-collection');
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(150_000));

  it('lists own, shared and published workflows at 390 pixels wide', async () => {
    const { page, consoleErrors, screenshot } = await ui.newPage(PHONE);
    const jody = await ui.h.newUser('jody');
    await signIn(page, jody);
    await page.goto('/workflows?list=published');
    await page.getByRole('link', { name: 'Published', exact: true }).first().waitFor();
    await page.getByText('No workflows here.').waitFor();
    await page.goto('/workflows');
    await page.getByLabel('Workflow file (.ga)').waitFor();
    await screenshot('workflows-phone');
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(60_000));
});
