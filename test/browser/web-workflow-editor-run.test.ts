import type { Page } from 'playwright-core';
import { patient } from '../support/patience';
import { seriousViolations } from './axe-audit';
import { DESKTOP, describeInBrowser, PHONE, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';
import { addTool, connect, countIs, node } from './workflow-editor-helpers';

/**
 * The workflow editor's tool form (issue 35, item 1): a workflow drawn in the editor with Sort's column
 * set through the workbench's tool form and Select first's number of lines "Set at runtime", a required
 * parameter left empty listed as a problem, saved, reloaded unchanged, the browser's Back button asking
 * before unsaved changes are lost; then run from the run form on an uploaded table, the run finished.
 */
let ui: WebUiHarness;

type Dict = Record<string, unknown>;

async function uploadPasted(page: Page, text: string, name: string): Promise<void> {
  await page.goto('/upload');
  await page.getByLabel('Paste text (or URLs, one per line)').fill(text);
  await page.getByLabel('Name of the pasted dataset').fill(name);
  await page.getByLabel('Datatype').selectOption('tabular');
  await page.getByRole('button', { name: 'Start upload' }).click();
  await page.getByRole('status').filter({ hasText: 'sent' }).waitFor();
  await page.getByRole('link', { name: 'See the datasets in the history' }).click();
  await page.getByRole('listitem').filter({ hasText: name }).locator('[data-state="ok"]').waitFor({ timeout: patient(30_000) });
}

async function storedSteps(key: string, id: string): Promise<Dict[]> {
  const query = `query ($id: ID!) { workflow(id: $id) { steps { orderIndex type toolId toolInputs label inputConnections { inputName stepIndex outputName } postJobActions workflowOutputs } } }`;
  const res = await ui.h.api.post('/graphql').set('x-api-key', key).send({ query, variables: { id } });
  expect(res.body.errors).toBeUndefined();
  return res.body.data.workflow.steps as Dict[];
}

/** Waits until the condition holds (the page answers a history move asynchronously). */
async function until(what: string, condition: () => boolean): Promise<void> {
  const deadline = Date.now() + patient(10_000);
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const editorReady = (page: Page) => page.waitForFunction(() => performance.getEntriesByName('workflow-editor-ready').length > 0, undefined, { timeout: patient(30_000) });

describeInBrowser('the workflow editor: the tool form, saved and run', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
  }, patient(180_000));
  afterAll(async () => {
    await ui?.close();
  });

  it("sets Sort's column through the tool form and Select first's lines at runtime, lists an empty required parameter as a problem, saves, reloads unchanged, asks before Back, and runs from the run form to the end", async () => {
    const author = await ui.h.newUser('wfr-author');
    const { page, consoleErrors, screenshot } = await ui.newPage(DESKTOP);
    await signIn(page, author);
    await uploadPasted(page, '3\tc\n1\ta\n2\tb\n', 'scores.tsv');

    await page.goto('/workflows/new');
    await page.getByRole('heading', { name: 'Create new workflow' }).waitFor();
    // The canvas takes the window's width (less the page's margins), not the reading width of other screens.
    expect((await page.locator('.wf-editor').boundingBox())?.width).toBeGreaterThan(DESKTOP.width - 60);
    await page.getByLabel('Name', { exact: true }).fill('Edited then run');
    await page.getByRole('button', { name: 'Add input dataset' }).click();
    await addTool(page, 'sort', 'Sort');
    await addTool(page, 'select first', 'Select first');
    await countIs(page.locator('.react-flow__node'), 3);
    await page.getByRole('button', { name: 'Auto layout' }).click();
    await connect(page, '0', 'output', '1', 'input');
    await countIs(page.locator('.react-flow__edge'), 1);
    await connect(page, '1', 'out_file1', '2', 'input');
    await countIs(page.locator('.react-flow__edge'), 2);

    const details = page.getByRole('complementary', { name: 'Step details' });
    const problems = page.getByRole('region', { name: 'Problems' });
    await node(page, '1').locator('.wf-node-title').click();
    await details.getByRole('heading', { name: 'Step 2: Sort' }).waitFor();
    const column = details.getByRole('textbox', { name: 'on column', exact: true });
    // A required parameter left empty (and not set at runtime) is a problem, named by step and field, also at the field.
    await column.fill('');
    await problems.getByText('Step 2 (Sort): the required parameter “on column” has no value').waitFor();
    await details.locator('.field-error').filter({ hasText: 'has no value' }).waitFor();
    await screenshot('workflow-editor-required-empty');
    await column.fill('2');
    await problems.getByText('the required parameter “on column”').waitFor({ state: 'detached' });
    await details.getByRole('combobox', { name: 'in', exact: true }).selectOption('ASC');
    expect(await details.getByRole('checkbox', { name: 'Set at runtime: with flavor' }).isChecked()).toBe(false);

    await node(page, '2').locator('.wf-node-title').click();
    await details.getByRole('heading', { name: 'Step 3: Select first' }).waitFor();
    await details.getByRole('checkbox', { name: 'Set at runtime: Select first' }).check();
    await details.locator('.tool-runtime-note').filter({ hasText: 'Select first: set at runtime' }).waitFor();
    await details.getByRole('checkbox', { name: 'Mark “out_file1” as a workflow output' }).check();
    await details.getByLabel('Add an action').selectOption({ label: 'Rename dataset (out_file1)' });
    await details.getByRole('button', { name: 'Add action' }).click();
    await details.getByLabel('New output name').fill('sorted top');
    expect(await problems.count()).toBe(0);
    await screenshot('workflow-editor-tool-form');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/workflows\/[^/]+\/edit$/);
    const id = new URL(page.url()).pathname.split('/')[2];
    await editorReady(page);

    const saved = await storedSteps(author.key, id);
    expect(saved.map((step) => step.toolId)).toEqual([null, 'sort1', 'Show beginning1']);
    expect(saved[1].toolInputs).toMatchObject({ column: '2', order: 'ASC' });
    expect((saved[2].toolInputs as Dict).lineNum).toEqual({ __class__: 'RuntimeValue' });
    expect(saved[2]).toMatchObject({
      inputConnections: [{ inputName: 'input', stepIndex: 1, outputName: 'out_file1' }],
      postJobActions: [{ actionType: 'RenameDatasetAction', outputName: 'out_file1', arguments: { newname: 'sorted top' } }],
      workflowOutputs: [{ outputName: 'out_file1' }],
    });

    await page.reload();
    await editorReady(page);
    await countIs(page.locator('.react-flow__edge'), 2);
    await node(page, '1').locator('.wf-node-title').click();
    expect(await column.inputValue()).toBe('2');
    expect(await details.getByRole('combobox', { name: 'in', exact: true }).inputValue()).toBe('ASC');
    await node(page, '2').locator('.wf-node-title').click();
    expect(await details.getByRole('checkbox', { name: 'Set at runtime: Select first' }).isChecked()).toBe(true);
    expect(await details.getByLabel('New output name').inputValue()).toBe('sorted top');

    // Unsaved changes: the browser's Back button asks first; declined, the editor stays with the change.
    // (Moves inside the app: the workflow's screen, then its editor by the "Edit" link.)
    await page.getByRole('link', { name: 'Back to the workflow' }).click();
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await editorReady(page);
    await node(page, '2').locator('.wf-node-title').click();
    await details.getByLabel('Label').fill('head of sorted');
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.evaluate('history.back()');
    await until('asked before leaving', () => asked.length > 0);
    expect(asked).toEqual(['The workflow has unsaved changes. Leave the editor and lose them?']);
    await until('back in the editor', () => new URL(page.url()).pathname === `/workflows/${id}/edit`);
    expect(await details.getByLabel('Label').inputValue()).toBe('head of sorted');
    await page.getByRole('status').filter({ hasText: 'Unsaved changes' }).waitFor();
    await screenshot('workflow-editor-back-declined');
    // Accepted, Back leaves the editor.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.evaluate('history.back()');
    await until('the editor left', () => new URL(page.url()).pathname === `/workflows/${id}`);
    await page.getByRole('link', { name: 'Edit', exact: true }).waitFor();
    expect(consoleErrors).toEqual([]);

    await page.goto(`/workflows/${id}/run`);
    await page.getByRole('heading', { name: /^Run Edited then run/ }).waitFor();
    await page.getByLabel('Step 1: Input Dataset').selectOption({ label: '1: scores.tsv (tabular, ok)' });
    const head = page.getByRole('group', { name: 'Step 3: Select first' });
    await head.getByLabel('Select first').fill('2');
    await page.getByRole('button', { name: 'Run workflow' }).click();
    await page.getByRole('heading', { name: 'Workflow run' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Finished: every job is ok.' }).waitFor({ timeout: patient(60_000) });
    await screenshot('workflow-editor-run-finished');
    const outputs = page.getByRole('list', { name: 'Steps of the run' }).getByRole('link', { name: /^\d+: / });
    const headOutput = (await outputs.last().getAttribute('href')) as string;
    const content = await ui.h.api.get(`/api/datasets/${headOutput.split('/').pop()}/display`).query({ key: author.key });
    // Sorted on column 2 ascending (a, b, c), the first two lines kept.
    expect(content.text).toBe('1\ta\n2\tb\n');
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(180_000));

  it("shows the tool form with \"Set at runtime\" without serious accessibility violations, the canvas as wide as the screen, at 1280 and 390 wide; a repeat's blocks and a conditional's cases edited and saved", async () => {
    const author = await ui.h.newUser('wfr-axe');
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, consoleErrors, screenshot } = await ui.newPage(viewport);
      await signIn(page, author);
      await page.goto('/workflows/new');
      await page.getByRole('heading', { name: 'Create new workflow' }).waitFor();
      await addTool(page, 'sort', 'Sort');
      const details = page.getByRole('complementary', { name: 'Step details' });
      await details.getByRole('checkbox', { name: 'Set at runtime: with flavor' }).waitFor();
      const canvas = await page.locator('.wf-editor-canvas').boundingBox();
      expect(canvas?.width).toBeGreaterThan(viewport === PHONE ? viewport.width - 60 : viewport.width - 60 - 36 * 16);
      expect(await seriousViolations(page, `editor tool form ${viewport.width}`)).toEqual([]);
      await screenshot(`workflow-editor-tool-form-${viewport.width}`);
      if (viewport === DESKTOP) {
        // A repeat's blocks added and removed in the form; its data input gets a handle on the canvas for each.
        await addTool(page, 'concatenate', 'Concatenate datasets');
        await details.getByRole('heading', { name: 'Step 2: Concatenate datasets' }).waitFor();
        const targets = node(page, '1').locator('.react-flow__handle.target');
        await countIs(targets, 1);
        await details.getByRole('button', { name: 'Insert Dataset' }).click();
        await details.getByRole('button', { name: 'Insert Dataset' }).click();
        await countIs(targets, 3);
        expect(await node(page, '1').locator('.react-flow__handle.target[data-handleid="queries_1|input2"]').count()).toBe(1);
        await screenshot('workflow-editor-repeat-blocks');
        await details.getByRole('button', { name: 'Remove the last Dataset' }).click();
        await countIs(targets, 2);
        // A conditional's case switches the inputs shown; saved as 15.05 stores a case.
        await addTool(page, 'random', 'Select random lines');
        await details.getByRole('heading', { name: 'Step 3: Select random lines' }).waitFor();
        expect(await details.getByRole('textbox', { name: 'Random seed' }).count()).toBe(0);
        await details.getByRole('combobox', { name: 'Set a random seed' }).selectOption('set_seed');
        await details.getByRole('textbox', { name: 'Random seed' }).fill('7');
        await details.getByRole('checkbox', { name: 'Set at runtime: Random seed' }).waitFor();
        expect(await details.getByRole('checkbox', { name: 'Set at runtime: Set a random seed' }).count()).toBe(0);
        await page.getByLabel('Name', { exact: true }).fill('Cases and blocks');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.waitForURL(/\/workflows\/[^/]+\/edit$/);
        const steps = await storedSteps(author.key, new URL(page.url()).pathname.split('/')[2]);
        expect((steps[1].toolInputs as Dict).queries).toEqual([{ __index__: 0 }]);
        expect((steps[2].toolInputs as Dict).seed_source).toEqual({ seed_source_selector: 'set_seed', seed: '7', __current_case__: 1 });
      }
      expect(consoleErrors).toEqual([]);
      await page.close();
    }
  }, patient(120_000));
});
