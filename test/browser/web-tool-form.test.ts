import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { createCollection, createHistory, runTool, uploadText, waitForJob } from '../support/data-helpers';
import { eventually } from '../support/history-helpers';
import { patient } from '../support/patience';
import { seriousViolations } from './axe-audit';
import { testToolDir } from './job-flow-helpers';
import { describeInBrowser, PHONE, signIn, startWebUiHarness, type WebUiHarness, makeCurrent } from './web-ui-harness';

/**
 * The tool form of issue 34: "Run this job again" fills it in, Run keeps it on screen and says what was
 * queued (the history panel shows the new items live), the help and citations, the newest suitable
 * dataset preselected, a dataset dragged from the history panel, and a failed element of a map over
 * a collection replaced in its collection.
 */
let ui: WebUiHarness;
let tools: ReturnType<typeof testToolDir>;

const DATASET_DRAG_TYPE = 'application/x-history-dataset+json';

/** The page's DataTransfer (evaluated in the page; typed here without the DOM library). */
interface PageDataTransfer {
  setData(type: string, data: string): void;
  getData(type: string): string;
}
const newTransfer = () => new (globalThis as unknown as { DataTransfer: new () => PageDataTransfer }).DataTransfer();

/** Waits until a control shows a value (a data input's choices load after the form). */
const valueBecomes = (control: { inputValue(): Promise<string> }, value: string) =>
  eventually(async () => (await control.inputValue()) === value, patient(20_000), `the value ${value}`).then(() => true, () => control.inputValue());

/** Waits until a control's value is not '' and answers it. */
const chosenValue = (control: { inputValue(): Promise<string> }) => eventually(async () => (await control.inputValue()) || null, patient(20_000), 'a preselected value');

async function graph(key: string, query: string, variables: Record<string, unknown>) {
  const res = await ui.h.api.post('/graphql').set('x-api-key', key).send({ query, variables });
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data;
}

/** Waits for a dataset to be ok (through the graph, as its owner). */
async function datasetOk(key: string, id: string): Promise<void> {
  await eventually(async () => (await graph(key, 'query ($id: ID!) { dataset(id: $id) { state } }', { id })).dataset.state === 'ok', patient(30_000), `dataset ${id} ok`);
}

/** Drags a dataset's line from the history panel (its title's dragstart) and answers what it carries. */
async function dragFromHistoryPanel(page: Page, hid: number): Promise<string> {
  const transfer = await page.evaluateHandle(newTransfer);
  await page.getByRole('listitem').filter({ hasText: new RegExp(`^${hid}: `) }).getByRole('button').first().dispatchEvent('dragstart', { dataTransfer: transfer });
  return transfer.evaluate((dt, type) => dt.getData(type), DATASET_DRAG_TYPE);
}

/** Drops what a drag carried onto a data input (dragenter, then drop); `screenshot` is taken while it is over the input. */
async function dropOnInput(page: Page, label: string, carried: string, whileOver?: () => Promise<unknown>): Promise<void> {
  const transfer = await page.evaluateHandle(newTransfer);
  await transfer.evaluate((dt, [type, data]) => dt.setData(type, data), [DATASET_DRAG_TYPE, carried] as const);
  const target = page.locator(`[data-drop-target="${label}"]`);
  await target.dispatchEvent('dragenter', { dataTransfer: transfer });
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
  await target.getByText(`Drop the dataset here to use it as ${label}`).waitFor();
  if (whileOver) await whileOver();
  await target.dispatchEvent('drop', { dataTransfer: transfer });
}

describeInBrowser('the tool form in the web UI', () => {
  beforeAll(async () => {
    tools = testToolDir();
    ui = await startWebUiHarness({ TOOL_DIRS: tools.dir });
  }, patient(180_000));
  afterAll(async () => {
    await ui?.close();
    tools?.remove();
  });

  it('"Run this job again" opens the form filled in; a changed value runs, the form stays, and the new output shows live in the history panel', async () => {
    const user = await ui.h.newUser('tf-rerun');
    const historyId = await createHistory(ui.h, user.key, 'Rerun history');
    const input = await uploadText(ui.h, user.key, historyId, 'hello\n', { name: 'greeting.txt', fileType: 'txt' });
    await waitForJob(ui.h, user.key, input.jobId);
    const run = await runTool(ui.h, user.key, historyId, 'detail_tool', {
      input1: { src: 'hda', id: input.datasetId },
      flag: true,
      order: 'desc',
      'mode|kind': 'slow',
      'mode|passes': 5,
      'queries_0|term': 'alpha',
      'queries_1|term': 'beta',
    });
    const jobId = run.jobs[0].id;
    await waitForJob(ui.h, user.key, jobId);

    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, user);
    await makeCurrent(page, 'Rerun history');
    const row = page.getByRole('listitem').filter({ hasText: /^2: / });
    await row.locator('[data-state="ok"]').waitFor({ timeout: patient(30_000) });
    await row.getByRole('button').first().click();
    await row.getByRole('link', { name: 'Run this job again' }).click();

    await page.getByRole('heading', { name: 'Detail tool' }).waitFor();
    expect(page.url()).toContain(`/tools/detail_tool?rerun=${jobId}`);
    await page.getByRole('note', { name: 'Run this job again' }).getByText(/Filled in from the job of Detail tool that made 2: /).waitFor();
    const form = page.getByRole('form', { name: 'Detail tool form' });
    expect(await valueBecomes(form.getByLabel('Dataset to read'), input.datasetId)).toBe(true);
    expect(await form.getByLabel('Be verbose').isChecked()).toBe(true);
    expect(await form.getByLabel('Order').inputValue()).toBe('desc');
    expect(await form.getByLabel('Mode').inputValue()).toBe('slow');
    expect(await form.getByLabel('Passes').inputValue()).toBe('5');
    expect(await form.getByRole('group', { name: '1: Query' }).getByLabel('Term').inputValue()).toBe('alpha');
    expect(await form.getByRole('group', { name: '2: Query' }).getByLabel('Term').inputValue()).toBe('beta');
    const shotPath = await screenshot('tool-form-rerun-1-filled-in');

    // The history panel, open in another tab of the same session, follows the run.
    const panelPage = await page.context().newPage();
    const panel = { page: panelPage, consoleErrors: [] as string[], screenshot: (name: string) => panelPage.screenshot({ path: join(dirname(shotPath), `${name}.png`), fullPage: true }) };
    panelPage.on('console', (message) => message.type() === 'error' && panel.consoleErrors.push(message.text()));
    await panel.page.goto('/');
    await panel.page.getByRole('heading', { name: 'Rerun history' }).waitFor();
    await panel.page.getByRole('listitem').filter({ hasText: /^2: / }).waitFor();

    await form.getByLabel('Passes').fill('7');
    await form.getByRole('button', { name: 'Run tool' }).click();
    const queued = form.getByRole('status').filter({ hasText: /^1 job queued; output 3: / });
    await queued.waitFor();
    await page.getByRole('heading', { name: 'Detail tool' }).waitFor();
    expect(await form.getByLabel('Passes').inputValue()).toBe('7');
    const outputId = ((await queued.getByRole('link').first().getAttribute('href')) ?? '').replace('/datasets/', '');
    await screenshot('tool-form-rerun-2-queued');

    await panel.page.getByRole('listitem').filter({ hasText: /^3: / }).waitFor({ timeout: patient(30_000) });
    await panel.page.getByRole('listitem').filter({ hasText: /^3: / }).locator('[data-state="ok"]').waitFor({ timeout: patient(30_000) });
    await panel.screenshot('tool-form-rerun-3-history-live');
    const made = await graph(user.key, 'query ($id: ID!) { dataset(id: $id) { creatingJob { parameters { name value children { name value } } } } }', { id: outputId });
    const mode = made.dataset.creatingJob.parameters.find((parameter: { name: string }) => parameter.name === 'mode|kind');
    expect(mode).toMatchObject({ value: 'Slow', children: [{ name: 'mode|passes', value: '7' }] });
    expect(consoleErrors).toEqual([]);
    expect(panel.consoleErrors).toEqual([]);
    await panel.page.close();
    await page.close();
  }, patient(180_000));

  it('says so when the job ran in another history, and keeps its dataset chosen though the current history does not list it', async () => {
    const user = await ui.h.newUser('tf-elsewhere');
    const first = await createHistory(ui.h, user.key, 'First history');
    const input = await uploadText(ui.h, user.key, first, 'hello\n', { name: 'greeting.txt', fileType: 'txt' });
    await waitForJob(ui.h, user.key, input.jobId);
    const run = await runTool(ui.h, user.key, first, 'detail_tool', { input1: { src: 'hda', id: input.datasetId }, 'mode|kind': 'fast' });
    await waitForJob(ui.h, user.key, run.jobs[0].id);
    await createHistory(ui.h, user.key, 'Second history');
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, user);
    await makeCurrent(page, 'Second history');
    await page.goto(`/tools/detail_tool?rerun=${run.jobs[0].id}`);
    const note = page.getByRole('note', { name: 'Run this job again' });
    await note.getByText('The job ran in another history (First history)', { exact: false }).waitFor();
    const select = page.getByRole('form', { name: 'Detail tool form' }).getByLabel('Dataset to read');
    expect(await valueBecomes(select, input.datasetId)).toBe(true);
    expect(await select.locator('option:checked').innerText()).toBe("The job's dataset (not among the current history's visible datasets)");
    await screenshot('tool-form-rerun-4-another-history');
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));

  it("shows the tool's help and citations, and preselects the newest suitable dataset", async () => {
    const user = await ui.h.newUser('tf-help');
    const historyId = await createHistory(ui.h, user.key, 'Help history');
    await waitForJob(ui.h, user.key, (await uploadText(ui.h, user.key, historyId, 'older\n', { name: 'older.txt', fileType: 'txt' })).jobId);
    const newer = await uploadText(ui.h, user.key, historyId, 'newer\n', { name: 'newer.txt', fileType: 'txt' });
    await waitForJob(ui.h, user.key, newer.jobId);
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, user);
    await makeCurrent(page, 'Help history');
    await page.goto('/tools/detail_tool');
    const form = page.getByRole('form', { name: 'Detail tool form' });
    expect(await chosenValue(form.getByLabel('Dataset to read'))).toBe(newer.datasetId);

    const help = page.getByRole('region', { name: 'Help', exact: true });
    await help.getByText('What it does').waitFor();
    expect(await help.locator('strong').first().innerText()).toBe('What it does');
    expect(await help.locator('em').first().innerText()).toBe('as it is');
    expect(await help.locator('code').first().innerText()).toBe('--passes');
    await help.getByRole('heading', { name: 'Options' }).waitFor();
    expect(await help.getByRole('listitem').allInnerTexts()).toEqual(['Mode: fast or slow', 'Query: any number of terms']);
    expect(await help.locator('pre').innerText()).toBe('chr1  100  200');
    expect(await help.getByRole('link', { name: 'project site' }).getAttribute('href')).toBe('https://example.org/detail');
    expect(await help.getByRole('link', { name: 'no link' }).count()).toBe(0);
    await help.getByText('no link').waitFor();
    const citations = page.getByRole('region', { name: 'Citations' });
    await citations.getByRole('link', { name: 'https://doi.org/10.1093/bioinformatics/btp352' }).waitFor();
    await citations.getByText('Ada Lovelace, Charles Babbage (1843). Notes on the Analytical Engine. Scientific Memoirs.').waitFor();
    await screenshot('tool-form-help-1-help-and-citations');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    await screenshot('tool-form-help-2-phone');
    expect(await seriousViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(150_000));

  it('takes a dataset dragged from the history panel into a data input, and refuses one of a datatype the input does not accept, saying why', async () => {
    const user = await ui.h.newUser('tf-drag');
    const historyId = await createHistory(ui.h, user.key, 'Drag history');
    const one = await uploadText(ui.h, user.key, historyId, 'a\t1\n', { name: 'one.tsv', fileType: 'tabular' });
    await waitForJob(ui.h, user.key, one.jobId);
    await waitForJob(ui.h, user.key, (await uploadText(ui.h, user.key, historyId, 'b\t2\n', { name: 'two.tsv', fileType: 'tabular' })).jobId);
    await waitForJob(ui.h, user.key, (await uploadText(ui.h, user.key, historyId, 'words\n', { name: 'notes.txt', fileType: 'txt' })).jobId);
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, user);
    await makeCurrent(page, 'Drag history');
    await page.getByRole('listitem').filter({ hasText: /^3: / }).waitFor();
    const carriedOne = await dragFromHistoryPanel(page, 1);
    expect(JSON.parse(carriedOne)).toMatchObject({ id: one.datasetId, hid: 1, name: 'one.tsv', extension: 'tabular', historyId });
    const carriedNotes = await dragFromHistoryPanel(page, 3);

    await page.goto('/tools/picky_tool');
    const form = page.getByRole('form', { name: 'Picky tool form' });
    const table = form.getByLabel('Table');
    // The newest tabular dataset (2: two.tsv) is preselected; the drag replaces it with 1: one.tsv.
    expect(await chosenValue(table)).not.toBe(one.datasetId);
    await dropOnInput(page, 'Table', carriedOne, () => screenshot('tool-form-drag-1-over-the-input'));
    await eventually(async () => (await table.inputValue()) === one.datasetId, patient(10_000), 'the dropped dataset chosen');
    await screenshot('tool-form-drag-2-dropped');

    await dropOnInput(page, 'Table', carriedNotes);
    await form.getByRole('alert').filter({ hasText: '3: notes.txt is txt; Table accepts tabular.' }).waitFor();
    expect(await table.inputValue()).toBe(one.datasetId);
    await screenshot('tool-form-drag-3-refused');
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(150_000));

  it('runs a failed element of a map over a collection again, replacing it in its collection', async () => {
    const user = await ui.h.newUser('tf-remap');
    const historyId = await createHistory(ui.h, user.key, 'Remap history');
    const good = await uploadText(ui.h, user.key, historyId, 'good\t1\n', { name: 'good.tsv', fileType: 'tabular' });
    const bad = await uploadText(ui.h, user.key, historyId, 'bad\t2\n', { name: 'bad.tsv', fileType: 'tabular' });
    await waitForJob(ui.h, user.key, good.jobId);
    await waitForJob(ui.h, user.key, bad.jobId);
    const listId = await createCollection(ui.h, user.key, historyId, 'list', 'samples', [
      { name: 'sample1', src: 'hda', id: good.datasetId },
      { name: 'sample2', src: 'hda', id: bad.datasetId },
    ]);
    const mapped = await runTool(ui.h, user.key, historyId, 'picky_tool', { input1: { batch: true, values: [{ src: 'hdca', id: listId }] } });
    const finished = await Promise.all(mapped.jobs.map((job) => waitForJob(ui.h, user.key, job.id)));
    const failedJobId = mapped.jobs[finished.findIndex((job) => job.state === 'error')].id;

    const state = await graph(user.key, 'query ($id: ID!) { job(id: $id) { rerunState { mappedElements { collectionId } } } }', { id: failedJobId });
    const implicitId = state.job.rerunState.mappedElements[0].collectionId as string;

    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, user);
    await makeCurrent(page, 'Remap history');
    await page.goto(`/jobs/${failedJobId}`);
    await page.getByRole('heading', { name: 'Job details' }).waitFor();
    expect(await page.getByLabel('Standard error').innerText()).toContain('bad input');
    await screenshot('tool-form-remap-1-failed-job');
    await page.getByRole('link', { name: 'Run this job again' }).click();

    const note = page.getByRole('note', { name: 'Run this job again' });
    await note.getByText(/its output is element sample2 of \d+: Picky tool on collection \d+/).waitFor();
    const form = page.getByRole('form', { name: 'Picky tool form' });
    expect(await valueBecomes(form.getByLabel('Table'), bad.datasetId)).toBe(true);
    await form.getByLabel('Table').selectOption({ label: '1: good.tsv (tabular)' });
    await note.getByLabel('Replace the failed element in its collection').check();
    await screenshot('tool-form-remap-2-replace');
    await form.getByRole('button', { name: 'Run tool' }).click();
    const queued = form.getByRole('status').filter({ hasText: /^1 job queued; output / });
    await queued.waitFor();
    const outputId = ((await queued.getByRole('link').first().getAttribute('href')) ?? '').replace('/datasets/', '');
    await datasetOk(user.key, outputId);

    await page.goto(`/histories/${historyId}/collections/${implicitId}`);
    const sample2 = page.locator('.element').filter({ hasText: 'sample2' });
    await sample2.locator('xpath=self::*[@data-state="ok"]').waitFor({ timeout: patient(30_000) });
    expect(await sample2.getByRole('link', { name: 'sample2' }).getAttribute('href')).toBe(`/datasets/${outputId}`);
    await screenshot('tool-form-remap-3-collection-replaced');
    expect(await seriousViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(180_000));

  it('passes axe on a filled-in form at 1280 and 390 wide', async () => {
    const user = await ui.h.newUser('tf-axe');
    const historyId = await createHistory(ui.h, user.key, 'Axe history');
    await waitForJob(ui.h, user.key, (await uploadText(ui.h, user.key, historyId, 'x\n', { name: 'x.txt', fileType: 'txt' })).jobId);
    const { page, consoleErrors } = await ui.newPage();
    await signIn(page, user);
    await makeCurrent(page, 'Axe history');
    await page.goto('/tools/detail_tool');
    await page.getByRole('form', { name: 'Detail tool form' }).getByRole('button', { name: 'Insert Query' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await seriousViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));
});
