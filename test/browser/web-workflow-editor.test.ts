import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { toolDirWith } from '../support/job-helpers';
import { patient } from '../support/patience';
import { catHeadWorkflow, importWorkflow } from '../support/workflow-helpers';
import { seriousViolations } from './axe-audit';
import { addTool, connect, countIs, edgeCount, node } from './workflow-editor-helpers';
import { DESKTOP, PHONE, describeInBrowser, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';

/**
 * The workflow editor (issue 35, item 1): a workflow drawn on the canvas and saved, reloaded
 * unchanged; a connection of datatypes that do not fit refused with the reason; undo and redo of a
 * deleted step with its connections; a 20-step `.ga` with a collection input saved untouched equal
 * to the stored version step by step; a 100-step workflow opened to an interactive canvas, timed.
 */
let ui: WebUiHarness;
let toolDir: string;

/** A tool whose output is fasta: Sort (tabular) must refuse it. */
const FASTA_TOOL = `<tool id="make_fasta" name="Make FASTA" version="1.0.0">
  <command>echo '>a' > $out</command>
  <inputs><param name="title" type="text" value="a" label="Title"/></inputs>
  <outputs><data name="out" format="fasta"/></outputs>
</tool>`;

/** A tool taking a paired collection: a list is refused, a list:paired maps over it. */
const PAIR_TOOL = `<tool id="use_pair" name="Use pair" version="1.0.0">
  <command>cat $pair.forward > $out</command>
  <inputs><param name="pair" type="data_collection" collection_type="paired" format="txt" label="Pair"/></inputs>
  <outputs><data name="out" format="txt"/></outputs>
</tool>`;

type Dict = Record<string, unknown>;

const STEPS_QUERY = `query ($id: ID!) { workflow(id: $id) { name annotation tags versions { id } steps {
  orderIndex type toolId toolVersion toolInputs label uuid annotation position
  inputConnections { inputName stepIndex outputName } postJobActions workflowOutputs } } }`;

interface StoredWorkflow {
  name: string;
  annotation: string | null;
  tags: string[];
  versions: Array<{ id: string }>;
  steps: Dict[];
}

async function stored(key: string, id: string): Promise<StoredWorkflow> {
  const res = await ui.h.api.post('/graphql').set('x-api-key', key).send({ query: STEPS_QUERY, variables: { id } });
  expect(res.body.errors).toBeUndefined();
  return res.body.data.workflow as StoredWorkflow;
}

/** A `.ga` of `count` steps: a dataset input, a list input, then tools in a chain (every other one mapping over the list). */
function chainWorkflow(name: string, count: number, options: { uninstalledAt?: number } = {}): Dict {
  const steps: Dict = {
    '0': { id: 0, type: 'data_input', tool_state: JSON.stringify({ name: 'reads' }), label: 'reads', annotation: 'the reads', input_connections: {}, position: { left: 20, top: 20 }, uuid: null },
    '1': { id: 1, type: 'data_collection_input', tool_state: JSON.stringify({ name: 'samples', collection_type: 'list' }), label: 'samples', input_connections: {}, position: { left: 20, top: 220 } },
  };
  const tools = [
    { id: 'sort1', version: '1.0.1', input: 'input', state: { input: null, column: '1', order: 'ASC', style: 'alpha' } },
    { id: 'Show beginning1', version: '1.0.0', input: 'input', state: { input: null, lineNum: '5' } },
    { id: 'cat1', version: '1.0.0', input: 'input1', state: { input1: null, queries: [] } },
  ];
  for (let index = 2; index < count; index += 1) {
    const tool = index === options.uninstalledAt ? { id: 'vanished_tool', version: '0.9', input: 'input', state: { input: null, depth: '7', mode: { kind: 'deep', __current_case__: 1 } } } : tools[index % tools.length];
    const state: Dict = { __page__: 0, __rerun_remap_job_id__: null };
    for (const [key, value] of Object.entries(tool.state)) state[key] = JSON.stringify(value);
    steps[String(index)] = {
      id: index,
      type: 'tool',
      tool_id: tool.id,
      tool_version: tool.version,
      tool_state: JSON.stringify(state),
      label: index % 4 === 0 ? `step ${index}` : null,
      annotation: index % 3 === 0 ? `note ${index}` : '',
      input_connections: { [tool.input]: { id: index === 2 ? 0 : index % 5 === 0 ? 1 : index - 1, output_name: index === 2 || index % 5 === 0 ? 'output' : 'out_file1' } },
      position: { left: 260 + 230 * ((index - 2) % 10), top: 20 + 180 * Math.floor((index - 2) / 10) },
      post_job_actions:
        index % 6 === 0
          ? { RenameDatasetActionout_file1: { action_type: 'RenameDatasetAction', output_name: 'out_file1', action_arguments: { newname: `renamed ${index}` } }, HideDatasetActionout_file1: { action_type: 'HideDatasetAction', output_name: 'out_file1', action_arguments: {} } }
          : {},
      workflow_outputs: index === count - 1 ? [{ output_name: 'out_file1', label: 'final', uuid: '0f0e0d0c-0b0a-4909-8807-060504030201' }] : [],
    };
  }
  return { a_galaxy_workflow: 'true', 'format-version': '0.1', name, annotation: 'a long chain', tags: ['chain', 'group:big'], steps };
}

/** Opens the editor of a workflow and waits for its canvas to draw every step; answers the time it took (ms since navigation). */
async function openEditor(page: Page, id: string, steps: number): Promise<number> {
  await page.goto(`${ui.base}/workflows/${id}/edit`);
  await page.getByRole('heading', { name: /^Edit workflow/ }).waitFor();
  await page.waitForFunction(() => performance.getEntriesByName('workflow-editor-ready').length > 0, undefined, { timeout: patient(30_000) });
  expect(await page.locator('.react-flow__node').count()).toBe(steps);
  return page.evaluate(() => performance.getEntriesByName('workflow-editor-ready')[0].startTime);
}

/** The steps as compared between versions: every stored fact of each step. */
const comparable = (workflow: StoredWorkflow) => workflow.steps;

describeInBrowser('the workflow editor', () => {
  beforeAll(async () => {
    toolDir = toolDirWith('make_fasta.xml', FASTA_TOOL);
    writeFileSync(join(toolDir, 'use_pair.xml'), PAIR_TOOL);
    ui = await startWebUiHarness({ TOOL_DIRS: toolDir, LOCAL_JOB_WORKERS: '0' });
  }, patient(180_000));
  afterAll(async () => {
    await ui?.close();
    rmSync(toolDir, { recursive: true, force: true });
  });

  it('creates a workflow on the canvas (an input dataset, Sort, Select first; connected; Sort on column 2; an output marked; a rename action), saves it, and sees it unchanged after a reload', async () => {
    const author = await ui.h.newUser('wfe-author');
    const { page, consoleErrors, screenshot } = await ui.newPage(DESKTOP);
    await signIn(page, author);
    await page.goto(`${ui.base}/workflows/new`);
    await page.getByRole('heading', { name: 'Create new workflow' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Sorted head');
    await page.getByRole('button', { name: 'Add input dataset' }).click();
    await addTool(page, 'sort', 'Sort');
    await addTool(page, 'select first', 'Select first');
    await countIs(page.locator('.react-flow__node'), 3);
    await page.getByRole('button', { name: 'Auto layout' }).click();
    await screenshot('workflow-editor-new-steps');
    await connect(page, '0', 'output', '1', 'input');
    await countIs(page.locator('.react-flow__edge'), 1);
    await connect(page, '1', 'out_file1', '2', 'input');
    await countIs(page.locator('.react-flow__edge'), 2);

    await node(page, '1').locator('.wf-node-title').click();
    const details = page.getByRole('complementary', { name: 'Step details' });
    await details.getByRole('heading', { name: 'Step 2: Sort' }).waitFor();
    await details.getByRole('textbox', { name: 'on column', exact: true }).fill('2');
    await details.getByRole('combobox', { name: 'in', exact: true }).selectOption('ASC');
    await details.getByLabel('Add an action').selectOption({ label: 'Change datatype (out_file1)' });
    await details.getByRole('button', { name: 'Add action' }).click();
    await details.getByLabel('New datatype').selectOption('tabular');
    await node(page, '2').locator('.wf-node-title').click();
    await details.getByRole('heading', { name: 'Step 3: Select first' }).waitFor();
    await details.getByLabel('Label').fill('top lines');
    await details.getByRole('checkbox', { name: 'Mark “out_file1” as a workflow output' }).check();
    await details.getByLabel('Add an action').selectOption({ label: 'Rename dataset (out_file1)' });
    await details.getByRole('button', { name: 'Add action' }).click();
    await details.getByLabel('New output name').fill('sorted top');
    await page.getByRole('status').filter({ hasText: 'Unsaved changes' }).waitFor();
    await screenshot('workflow-editor-new-details');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/workflows\/[^/]+\/edit$/);
    const id = new URL(page.url()).pathname.split('/')[2];
    await page.waitForFunction(() => performance.getEntriesByName('workflow-editor-ready').length > 0);

    const saved = await stored(author.key, id);
    expect(saved.name).toBe('Sorted head');
    expect(saved.steps.map((step) => [step.type, step.toolId])).toEqual([['data_input', null], ['tool', 'sort1'], ['tool', 'Show beginning1']]);
    expect(saved.steps[1]).toMatchObject({ toolVersion: '1.0.1', inputConnections: [{ inputName: 'input', stepIndex: 0, outputName: 'output' }] });
    expect((saved.steps[1].toolInputs as Dict).column).toBe('2');
    expect((saved.steps[1].toolInputs as Dict).order).toBe('ASC');
    expect(saved.steps[1].postJobActions).toEqual([{ actionType: 'ChangeDatatypeAction', outputName: 'out_file1', arguments: { newtype: 'tabular' } }]);
    expect(saved.steps[2]).toMatchObject({
      label: 'top lines',
      inputConnections: [{ inputName: 'input', stepIndex: 1, outputName: 'out_file1' }],
      postJobActions: [{ actionType: 'RenameDatasetAction', outputName: 'out_file1', arguments: { newname: 'sorted top' } }],
      workflowOutputs: [{ outputName: 'out_file1' }],
    });

    await page.reload();
    await page.waitForFunction(() => performance.getEntriesByName('workflow-editor-ready').length > 0);
    await countIs(page.locator('.react-flow__node'), 3);
    await countIs(page.locator('.react-flow__edge'), 2);
    await node(page, '2').locator('.wf-node-title').click();
    expect(await details.getByLabel('Label').inputValue()).toBe('top lines');
    expect(await details.getByLabel('New output name').inputValue()).toBe('sorted top');
    expect(await details.getByRole('checkbox', { name: 'Mark “out_file1” as a workflow output' }).isChecked()).toBe(true);
    await node(page, '1').locator('.wf-node-title').click();
    expect(await details.getByRole('textbox', { name: 'on column', exact: true }).inputValue()).toBe('2');
    await screenshot('workflow-editor-reloaded');
    // Saved untouched once more: nothing of any step changes.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const again = await stored(author.key, id);
    expect(again.versions).toHaveLength(saved.versions.length + 1);
    expect(comparable(again)).toEqual(comparable(saved));
    expect(consoleErrors).toEqual([]);
  });

  it('refuses a connection whose datatypes do not fit (FASTA into Sort) and shows the reason', async () => {
    const author = await ui.h.newUser('wfe-refused');
    const { page, consoleErrors, screenshot } = await ui.newPage(DESKTOP);
    await signIn(page, author);
    await page.goto(`${ui.base}/workflows/new`);
    await page.getByRole('heading', { name: 'Create new workflow' }).waitFor();
    await addTool(page, 'fasta', 'Make FASTA');
    await addTool(page, 'sort', 'Sort');
    await page.getByRole('button', { name: 'Auto layout' }).click();
    await page.getByRole('button', { name: 'Auto layout' }).click();
    await connect(page, '0', 'out', '1', 'input');
    await page.getByRole('alert').filter({ hasText: 'Connection refused: Incompatible datatypes: fasta is not tabular.' }).waitFor({ timeout: patient(10_000) });
    expect(await edgeCount(page)).toBe(0);
    await screenshot('workflow-editor-refused');

    // Collections: a dataset into a collection input, and a list where a paired collection is wanted, are refused;
    // a list:paired maps over the paired input.
    await page.getByRole('button', { name: 'Add input collection' }).click();
    await page.getByRole('button', { name: 'Add input dataset' }).click();
    await addTool(page, 'pair', 'Use pair');
    await page.getByRole('button', { name: 'Auto layout' }).click();
    await connect(page, '3', 'output', '4', 'pair');
    await page.getByRole('alert').filter({ hasText: 'Connection refused: “Pair” takes a collection; “output” gives a dataset.' }).waitFor({ timeout: patient(10_000) });
    await connect(page, '2', 'output', '4', 'pair');
    await page.getByRole('alert').filter({ hasText: 'Connection refused: “Pair” takes a paired collection; this is a list collection.' }).waitFor({ timeout: patient(10_000) });
    expect(await edgeCount(page)).toBe(0);
    await node(page, '2').locator('.wf-node-title').click();
    await page.getByRole('complementary', { name: 'Step details' }).getByLabel('Collection type').selectOption('list:paired');
    await connect(page, '2', 'output', '4', 'pair');
    await countIs(page.locator('.react-flow__edge'), 1);
    await screenshot('workflow-editor-collection-mapped');
    expect(consoleErrors).toEqual([]);
  });

  it('undoes and redoes the deletion of a step with its connections (Delete key, Ctrl+Z, Ctrl+Shift+Z, buttons) and saves what undo restored', async () => {
    const author = await ui.h.newUser('wfe-undo');
    const imported = await importWorkflow(ui.h, author.key, catHeadWorkflow('Undo me', { renameTo: 'kept' }));
    const before = await stored(author.key, imported.id);
    const { page, consoleErrors, screenshot } = await ui.newPage(DESKTOP);
    await signIn(page, author);
    await openEditor(page, imported.id, 4);
    expect(await edgeCount(page)).toBe(3);
    await node(page, '2').locator('.wf-node-title').click();
    await page.keyboard.press('Delete');
    await countIs(page.locator('.react-flow__node'), 3);
    await countIs(page.locator('.react-flow__edge'), 0);
    await screenshot('workflow-editor-deleted');
    await page.keyboard.press('Control+z');
    await countIs(page.locator('.react-flow__node'), 4);
    await countIs(page.locator('.react-flow__edge'), 3);
    await page.keyboard.press('Control+Shift+z');
    await countIs(page.locator('.react-flow__node'), 3);
    await countIs(page.locator('.react-flow__edge'), 0);
    // Unsaved changes: following a link asks first; declining stays in the editor.
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Workflows', exact: true }).click();
    expect(asked).toBe('The workflow has unsaved changes. Leave the editor and lose them?');
    expect(new URL(page.url()).pathname).toBe(`/workflows/${imported.id}/edit`);
    await page.getByRole('button', { name: 'Undo' }).click();
    await countIs(page.locator('.react-flow__node'), 4);
    await countIs(page.locator('.react-flow__edge'), 3);
    await screenshot('workflow-editor-undone');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const after = await stored(author.key, imported.id);
    expect(after.versions).toHaveLength(before.versions.length + 1);
    expect(comparable(after)).toEqual(comparable(before));
    expect(consoleErrors).toEqual([]);
  });

  it('loads a .ga of 20 steps with a collection input (mapped over), saves it untouched, and the new version equals the stored one step by step; the name, annotation and tags are kept', async () => {
    const author = await ui.h.newUser('wfe-twenty');
    const imported = await importWorkflow(ui.h, author.key, chainWorkflow('Twenty steps', 20, { uninstalledAt: 8 }));
    const before = await stored(author.key, imported.id);
    expect(before.steps).toHaveLength(20);
    const { page, consoleErrors, screenshot } = await ui.newPage(DESKTOP);
    await signIn(page, author);
    await openEditor(page, imported.id, 20);
    await countIs(page.locator('.react-flow__edge'), 18);
    // The uninstalled tool shows as such, its connections drawn and its state kept.
    await node(page, '8').getByText('Not installed: vanished_tool').waitFor();
    await page.getByRole('region', { name: 'Problems' }).getByText('Tool vanished_tool is not installed.', { exact: false }).waitFor();
    await page.locator('.react-flow__edge-text').filter({ hasText: 'maps over list' }).first().waitFor({ state: 'attached' });
    await screenshot('workflow-editor-twenty');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const after = await stored(author.key, imported.id);
    expect(after.versions).toHaveLength(before.versions.length + 1);
    expect({ name: after.name, annotation: after.annotation, tags: after.tags }).toEqual({ name: before.name, annotation: before.annotation, tags: before.tags });
    after.steps.forEach((step, index) => expect([index, step]).toEqual([index, before.steps[index]]));
    expect(consoleErrors).toEqual([]);
  });

  it('opens a 100-step workflow to an interactive canvas in under 1.5 s (measured and printed)', async () => {
    const author = await ui.h.newUser('wfe-hundred');
    const imported = await importWorkflow(ui.h, author.key, chainWorkflow('Hundred steps', 100));
    const { page, consoleErrors, screenshot } = await ui.newPage(DESKTOP);
    await signIn(page, author);
    // A first opening loads the editor's script into the cache, as any visit after the first.
    const cold = await openEditor(page, imported.id, 100);
    const ms = await openEditor(page, imported.id, 100);
    await node(page, '50').locator('.wf-node-title').click({ force: true });
    await page.getByRole('complementary', { name: 'Step details' }).getByRole('heading', { name: /^Step 51:/ }).waitFor();
    process.stdout.write(`workflow editor: 100 steps to an interactive canvas in ${Math.round(ms)} ms (from navigation start; first opening, the editor's script not cached: ${Math.round(cold)} ms; the issue wants < 1500 ms)\n`);
    await screenshot('workflow-editor-hundred');
    expect(ms).toBeLessThan(patient(1500));
    expect(consoleErrors).toEqual([]);
  });

  it('has no serious accessibility violation with a workflow on the canvas, at 1280 and 390 wide', async () => {
    const author = await ui.h.newUser('wfe-axe');
    const imported = await importWorkflow(ui.h, author.key, catHeadWorkflow('Accessible'));
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, consoleErrors, screenshot } = await ui.newPage(viewport);
      await signIn(page, author);
      await openEditor(page, imported.id, 4);
      await node(page, '3').locator('.wf-node-title').click({ force: true });
      expect(await seriousViolations(page, `editor ${viewport.width}`)).toEqual([]);
      await screenshot(`workflow-editor-axe-${viewport.width}`);
      expect(consoleErrors).toEqual([]);
    }
  });
});
