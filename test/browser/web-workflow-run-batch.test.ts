import type { Page } from 'playwright-core';
import { createCollection, datasetText, uploadText, waitForJob } from '../support/data-helpers';
import { patient } from '../support/patience';
import { sortWorkflow } from '../support/sort-workflow';
import type { TestUser } from '../support/test-platform';
import { importWorkflow } from '../support/workflow-helpers';
import { seriousViolations } from './axe-audit';
import { describeInBrowser, makeCurrent, PHONE, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';

/**
 * The run form's batch over a collection (issue 35, item 4): a dataset input given "a collection: one
 * run per element" maps the workflow over a list of the history (the graph's mapOverCollections), and
 * the run's screen shows each step's jobs by element and the mapped outputs' collections by name, with
 * links; the same form still runs on one dataset.
 */
let ui: WebUiHarness;
let bea: TestUser;
let workflowId: string;
let historyId: string;
let firstRun: string;

/** The signed-in session's current history (the one the run form takes its inputs from). */
async function currentHistoryId(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const answer = await fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'mutation { ensureCurrentHistory { id } }' }) });
    return ((await answer.json()) as { data: { ensureCurrentHistory: { id: string } } }).data.ensureCurrentHistory.id;
  });
}


async function openRunForm(page: Page): Promise<void> {
  await page.goto(`/workflows/${workflowId}/run`);
  await page.getByRole('group', { name: 'Step 2: Sort' }).waitFor();
}

describeInBrowser('the run form runs a workflow in batch over a collection', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
    bea = await ui.h.newUser('bea');
    workflowId = (await importWorkflow(ui.h, bea.key, sortWorkflow('Sort each table'))).id;
  }, patient(180_000));
  afterAll(() => ui?.close());

  it('maps the workflow over a list of three tables: three jobs a step, named by element, and the output collections linked', async () => {
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, bea);
    historyId = await currentHistoryId(page);
    expect((await ui.h.api.put(`/api/histories/${historyId}`).send({ key: bea.key, name: 'Batch tables' })).status).toBe(200);
    const tables = [
      ['one', '2\tb\n1\ta\n3\tc\n'],
      ['two', '20\tt\n10\tu\n30\tv\n'],
      ['three', '200\tx\n300\ty\n100\tz\n'],
    ];
    // One after the other: hids 1, 2 and 3 in this order.
    const uploads = [];
    for (const [name, text] of tables) uploads.push(await uploadText(ui.h, bea.key, historyId, text, { fileType: 'tabular', name: `${name}.tsv` }));
    await Promise.all(uploads.map((upload) => waitForJob(ui.h, bea.key, upload.jobId)));
    await createCollection(ui.h, bea.key, historyId, 'list', 'three tables', uploads.map((upload, index) => ({ name: tables[index][0], src: 'hda', id: upload.datasetId })));

    await openRunForm(page);
    const mode = page.getByLabel('How Step 1 is given');
    expect(await mode.locator('option').allTextContents()).toEqual(['One dataset', 'Several datasets: one run each (batch mode)', 'A collection: one run per element (batch mode)']);
    expect(await mode.inputValue()).toBe('one');
    await mode.selectOption({ label: 'A collection: one run per element (batch mode)' });
    const input = page.getByLabel('Step 1: table');
    expect(await input.locator('option').allTextContents()).toEqual(['4: three tables (list, 3 elements)']);
    await screenshot('workflow-run-batch-form');
    expect(await seriousViolations(page, 'run form, batch over a collection')).toEqual([]);

    await page.getByRole('button', { name: 'Run workflow' }).click();
    await page.getByRole('heading', { name: 'Workflow run' }).waitFor();
    firstRun = page.url().split('/').pop() as string;
    await page.getByRole('status').filter({ hasText: 'Finished: every job is ok.' }).waitFor({ timeout: patient(90_000) });
    const steps = page.getByRole('list', { name: 'Steps of the run' });
    expect(await steps.getByRole('link', { name: 'The input collection' }).getAttribute('href')).toMatch(new RegExp(`^/histories/${historyId}/collections/[0-9a-f]+$`));
    for (const tool of ['Sort', 'Select first']) {
      const jobs = steps.getByRole('link', { name: new RegExp(`^Job of ${tool} for element `) });
      expect((await jobs.allTextContents()).sort()).toEqual(['one', 'three', 'two'].map((element) => `Job of ${tool} for element ${element}`));
      expect(await jobs.first().getAttribute('href')).toMatch(/^\/jobs\/[0-9a-f]+$/);
    }
    expect(await steps.locator('[data-state]').evaluateAll((states) => states.map((state) => state.textContent))).toEqual(Array(6).fill('ok'));
    // Each mapped step's output: a list of three, by hid and name, linked to its elements.
    for (const number of [2, 3]) {
      const outputs = page.getByRole('list', { name: `Output collections of Step ${number}` });
      await outputs.getByText('(a list of 3 datasets)').waitFor();
      expect(await outputs.getByRole('link').getAttribute('href')).toMatch(new RegExp(`^/histories/${historyId}/collections/[0-9a-f]+$`));
    }
    await screenshot('workflow-run-batch-finished');
    expect(await seriousViolations(page, 'run screen of a batch over a collection')).toEqual([]);

    // The gathered output of the last step: each table sorted descending, its first two lines.
    const gathered = String(await page.getByRole('list', { name: 'Output collections of Step 3' }).getByRole('link').getAttribute('href')).split('/').pop();
    const elements = await ui.h.api
      .post('/graphql')
      .set('x-api-key', bea.key)
      .send({ query: 'query ($id: ID!) { datasetCollection(id: $id) { elements { elementIdentifier dataset { id } } } }', variables: { id: gathered } });
    const byElement = elements.body.data.datasetCollection.elements as Array<{ elementIdentifier: string; dataset: { id: string } }>;
    expect(byElement.map((element) => element.elementIdentifier)).toEqual(['one', 'two', 'three']);
    expect(await Promise.all(byElement.map((element) => datasetText(ui.h, bea.key, element.dataset.id)))).toEqual(['3\tc\n2\tb\n', '30\tv\n20\tt\n', '300\ty\n200\tx\n']);
    await page.getByRole('list', { name: 'Output collections of Step 3' }).getByRole('link').click();
    await page.getByText('three', { exact: true }).first().waitFor();
    await screenshot('workflow-run-batch-output-collection');

    // The same form still runs on one dataset.
    await openRunForm(page);
    await page.getByLabel('Step 1: table').selectOption({ label: '2: two.tsv (tabular, ok)' });
    await page.getByRole('button', { name: 'Run workflow' }).click();
    await page.getByRole('heading', { name: 'Workflow run' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Finished: every job is ok.' }).waitFor({ timeout: patient(60_000) });
    const single = page.getByRole('list', { name: 'Steps of the run' });
    expect(await single.getByRole('link', { name: /^Job of / }).allTextContents()).toEqual(['Job of Sort', 'Job of Select first']);
    expect(await single.getByRole('link', { name: 'The input dataset' }).count()).toBe(1);
    expect(await page.getByRole('list', { name: /^Output collections/ }).count()).toBe(0);
    await screenshot('workflow-run-batch-single-run');
    const invocations = await ui.h.api.get(`/api/workflows/${workflowId}/invocations`).query({ key: bea.key });
    expect(invocations.body).toHaveLength(2);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(240_000));

  it('has no serious accessibility violation at 390 pixels wide (the form in batch over a collection, the run screen)', async () => {
    const { page, consoleErrors, screenshot } = await ui.newPage(PHONE);
    await signIn(page, bea);
    // A sign-in brings the visitor's new history along as the current one: back to the tables.
    await makeCurrent(page, 'Batch tables');
    await openRunForm(page);
    await page.getByLabel('How Step 1 is given').selectOption({ label: 'A collection: one run per element (batch mode)' });
    await page.getByLabel('Step 1: table').locator('option').first().waitFor({ state: 'attached' });
    expect(await seriousViolations(page, 'run form, batch over a collection, phone')).toEqual([]);
    await screenshot('workflow-run-batch-form-phone');
    await page.goto(`/workflows/invocations/${firstRun}`);
    await page.getByRole('list', { name: 'Output collections of Step 2' }).waitFor();
    expect(await seriousViolations(page, 'run screen of a batch, phone')).toEqual([]);
    await screenshot('workflow-run-batch-finished-phone');
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));
});
