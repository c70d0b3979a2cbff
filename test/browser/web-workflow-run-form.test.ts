import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { patient } from '../support/patience';
import { sortWorkflow } from '../support/sort-workflow';
import { seriousViolations } from './axe-audit';
import { describeInBrowser, PHONE, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';

/**
 * The run form of a workflow (issue 35, item 4): tool steps as their tools' forms with names and the
 * platform's step numbers, values checked by the graph before the run with the refusal at the field,
 * results sent to a new history, the run screen with the same numbers and linked jobs and outputs.
 */
let ui: WebUiHarness;
let tempDir: string;

async function uploadPasted(page: Page, text: string, name: string, type: string): Promise<void> {
  await page.goto('/upload');
  await page.getByLabel('Paste text (or URLs, one per line)').fill(text);
  await page.getByLabel('Name of the pasted dataset').fill(name);
  await page.getByLabel('Datatype').selectOption(type);
  await page.getByRole('button', { name: 'Start upload' }).click();
  await page.getByRole('status').filter({ hasText: 'sent' }).waitFor();
  await page.getByRole('link', { name: 'See the datasets in the history' }).click();
  await page.getByRole('listitem').filter({ hasText: name }).locator('[data-state="ok"]').waitFor({ timeout: patient(30_000) });
}

async function importGa(page: Page, file: string, workflow: Record<string, unknown>): Promise<void> {
  const gaFile = join(tempDir, file);
  writeFileSync(gaFile, JSON.stringify(workflow));
  await page.goto('/workflows');
  await page.getByLabel('Workflow file (.ga)').setInputFiles(gaFile);
  await page.getByRole('button', { name: 'Import workflow' }).click();
  await page.getByRole('heading', { name: new RegExp(String(workflow.name)) }).waitFor();
}

describeInBrowser('the workflow run form', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
    tempDir = mkdtempSync(join(tmpdir(), 'web-run-form-'));
  }, patient(180_000));
  afterAll(async () => {
    await ui?.close();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  });

  it("shows tool forms by name and step number, refuses 'descending' at the field, then runs into a new history and links the run's jobs and outputs", async () => {
    const rosa = await ui.h.newUser('rosa');
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, rosa);
    await uploadPasted(page, '3\tc\n1\ta\n2\tb\n', 'scores.tsv', 'tabular');
    // A workflow from elsewhere whose Sort step stores a value the tool does not offer.
    await importGa(page, 'sort-head.ga', sortWorkflow('Sort and head', { runtimeLines: true, order: 'descending' }));
    await page.getByRole('link', { name: 'Run workflow' }).click();
    await page.getByRole('heading', { name: /^Run Sort and head/ }).waitFor();

    const sort = page.getByRole('group', { name: 'Step 2: Sort' });
    const head = page.getByRole('group', { name: 'Step 3: Select first' });
    await sort.getByText('(Sort 1.0.1)').waitFor();
    await sort.getByText('Sort Dataset: output of Step 1: table').waitFor();
    await head.getByText('Set at runtime: Select first.').waitFor();
    await page.getByLabel('Step 1: table').selectOption({ label: '1: scores.tsv (tabular, ok)' });
    // Sort's options as the tool gives them; the stored 'descending' shows as not one of them.
    const order = sort.getByLabel('in', { exact: true });
    expect(await order.locator('option').allTextContents()).toEqual(['descending (not one of the options)', 'Descending order', 'Ascending order']);
    expect(await sort.getByLabel('with flavor').inputValue()).toBe('num');
    await head.getByLabel('Select first').fill('2');
    // Left before the full-page screenshot: Chromium scrolls a field focused across the screenshot's resize back
    // into view at the next mouse press, which moved the Run button from under the click once the form grew.
    await head.getByLabel('Select first').blur();
    await screenshot('run-form-steps');

    await page.getByRole('button', { name: 'Run workflow' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The workflow was not run' });
    await alert.getByText("Step 2: Sort, field 'in': an invalid option was selected: 'descending' is not one of 'DESC', 'ASC'.").waitFor();
    await sort.locator('.field-error').filter({ hasText: "'descending' is not one of 'DESC', 'ASC'" }).waitFor();
    expect(await order.getAttribute('aria-invalid')).toBe('true');
    const runs = await ui.h.api.get('/api/workflows').query({ key: rosa.key });
    const workflowId = (runs.body as Array<{ id: string; name: string }>).find((workflow) => workflow.name.startsWith('Sort and head'))?.id as string;
    expect((await ui.h.api.get(`/api/workflows/${workflowId}/invocations`).query({ key: rosa.key })).body).toEqual([]);
    await screenshot('run-form-refused');

    await order.selectOption('ASC');
    // Edited, the field's refusal goes until the next Run answers again.
    await sort.locator('.field-error').waitFor({ state: 'detached' });
    expect(await alert.count()).toBe(0);
    await page.getByLabel('Send results to a new history').check();
    await page.getByLabel('New history name').fill('Sorted scores');
    await screenshot('run-form-new-history');
    await page.getByRole('button', { name: 'Run workflow' }).click();
    await page.getByRole('heading', { name: 'Workflow run' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Finished: every job is ok.' }).waitFor({ timeout: patient(60_000) });
    const steps = page.getByRole('list', { name: 'Steps of the run' });
    await steps.getByText('Step 1: table').waitFor();
    await steps.getByText('Step 2: Sort').waitFor();
    await steps.getByText('Step 3: Select first').waitFor();
    expect(await steps.getByRole('link', { name: 'The input dataset' }).getAttribute('href')).toMatch(/^\/datasets\/[0-9a-f]+$/);
    const sortJob = steps.getByRole('link', { name: 'Job of Sort' });
    expect(await sortJob.getAttribute('href')).toMatch(/^\/jobs\/[0-9a-f]+$/);
    const outputs = steps.getByRole('link', { name: /^\d+: / });
    expect(await outputs.count()).toBe(2);
    expect(await outputs.first().getAttribute('href')).toMatch(/^\/datasets\/[0-9a-f]+$/);
    await screenshot('run-finished-linked');
    expect(await seriousViolations(page, 'run screen')).toEqual([]);
    const invocation = await ui.h.api.get(`/api/workflows/${workflowId}/invocations`).query({ key: rosa.key });
    const history = await ui.h.api.get(`/api/histories/${(invocation.body as Array<{ history_id: string }>)[0].history_id}`).query({ key: rosa.key });
    expect(history.body.name).toBe('Sorted scores');
    // The sorted lines, ascending: the head keeps the first two.
    const headOutput = (await outputs.last().getAttribute('href')) as string;
    const content = await ui.h.api.get(`/api/datasets/${headOutput.split('/').pop()}/display`).query({ key: rosa.key });
    expect(content.text).toBe('1\ta\n2\tb\n');
    await outputs.last().click();
    await page.waitForURL((url) => url.pathname === headOutput);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(180_000));

  it('runs once per dataset in batch mode, each run linked', async () => {
    const tess = await ui.h.newUser('tess');
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, tess);
    await uploadPasted(page, '2\tb\n1\ta\n', 'first.tsv', 'tabular');
    await uploadPasted(page, '9\tz\n8\ty\n', 'second.tsv', 'tabular');
    await importGa(page, 'sort-batch.ga', sortWorkflow('Sort in batch', { order: 'ASC' }));
    await page.getByRole('link', { name: 'Run workflow' }).click();
    await page.getByRole('group', { name: 'Step 2: Sort' }).waitFor();
    await page.getByLabel('How Step 1 is given').selectOption({ label: 'Several datasets: one run each (batch mode)' });
    await page.getByLabel('Step 1: table').selectOption([{ label: '1: first.tsv (tabular, ok)' }, { label: '2: second.tsv (tabular, ok)' }]);
    await screenshot('run-form-batch');
    await page.getByRole('button', { name: 'Run workflow' }).click();
    const queued = page.getByRole('status').filter({ hasText: '2 runs queued' });
    await queued.waitFor({ timeout: patient(30_000) });
    await queued.getByRole('link', { name: 'Run 1 of 2: first.tsv' }).waitFor();
    await queued.getByRole('link', { name: 'Run 2 of 2: second.tsv' }).click();
    await page.getByRole('status').filter({ hasText: 'Finished: every job is ok.' }).waitFor({ timeout: patient(60_000) });
    await screenshot('run-batch-second-finished');
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(150_000));

  it('has no serious accessibility violation at 1280 and 390 pixels wide', async () => {
    const sam = await ui.h.newUser('sam');
    for (const viewport of [undefined, PHONE]) {
      const { page, consoleErrors, screenshot } = await ui.newPage(viewport);
      await signIn(page, sam);
      if (!viewport) {
        await uploadPasted(page, '1\tx\n', 'one.tsv', 'tabular');
        await importGa(page, 'sort-axe.ga', sortWorkflow('Sort for axe'));
      } else {
        await page.goto('/workflows');
        await page.getByRole('link', { name: /Sort for axe/ }).first().click();
      }
      await page.getByRole('link', { name: 'Run workflow' }).click();
      await page.getByRole('group', { name: 'Step 2: Sort' }).waitFor();
      expect(await seriousViolations(page, 'run form')).toEqual([]);
      await screenshot(viewport ? 'run-form-phone' : 'run-form-desktop');
      expect(consoleErrors).toEqual([]);
      await page.close();
    }
  }, patient(150_000));
});
