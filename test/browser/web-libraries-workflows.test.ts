import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { copyHeadWorkflow } from '../support/workflow-helpers';
import { PHONE, describeInBrowser, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';

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
  await page.getByRole('listitem').filter({ hasText: name }).locator('[data-state="ok"]').waitFor({ timeout: 30_000 });
}

describeInBrowser('data libraries and workflows in the web UI', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
    tempDir = mkdtempSync(join(tmpdir(), 'web-ui-workflows-'));
  }, 180_000);
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
    await admin.page.getByRole('table', { name: 'Contents of genomes' }).locator('[data-state="ok"]').waitFor({ timeout: 30_000 });
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
    // Back and forward through the folders by the browser's history.
    await page.goBack();
    await page.getByRole('heading', { name: 'Reference data' }).waitFor();
    await page.goForward();
    await page.getByRole('heading', { name: 'genomes' }).waitFor();
    await mainMenu(page, 'Current history').click();
    await page.getByRole('listitem').filter({ hasText: 'Pasted Entry' }).locator('[data-state="ok"]').waitFor({ timeout: 30_000 });
    await screenshot('library-import-history');
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, 150_000);

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
    await page.getByLabel('Input 0: data').selectOption({ label: '1: lines.txt (txt, ok)' });
    await page.getByLabel('lineNum').fill('3');
    await screenshot('workflow-run-form');
    await page.getByRole('button', { name: 'Run workflow' }).click();
    await page.getByRole('heading', { name: 'Workflow run' }).waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Copy and head (imported from API)' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Finished: every job is ok.' }).waitFor({ timeout: 60_000 });
    const steps = page.getByRole('list', { name: 'Steps of the run' });
    expect(await steps.locator('[data-state="ok"]').count()).toBe(2);
    await screenshot('workflow-run-finished');

    await page.getByRole('link', { name: 'Open its history' }).click();
    const list = page.getByRole('list', { name: /^Contents of / });
    await list.locator('[data-state="ok"]').nth(2).waitFor({ timeout: 30_000 });
    expect(await list.getByRole('listitem').count()).toBe(3);
    await page.goBack();
    await page.getByRole('status').filter({ hasText: 'Finished' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, 150_000);

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
  }, 60_000);
});
