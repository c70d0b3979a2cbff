import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { describeInBrowser, PHONE, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';
import { patient } from '../support/patience';

/** The tools screen: the panel, a form generated from the tool's inputs, Run, and the output in the history. */
let ui: WebUiHarness;

describeInBrowser('tools in the web UI', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
  }, patient(180_000));
  afterAll(() => ui?.close());

  it('runs Concatenate datasets (cat1) from its form on two uploaded datasets and sees the output turn ok', async () => {
    const ida = await ui.h.newUser('ida');
    const historyId = await createHistory(ui.h, ida.key, 'Tools history');
    await uploadText(ui.h, ida.key, historyId, 'first line\n', { name: 'first.txt' });
    await uploadText(ui.h, ida.key, historyId, 'second line\n', { name: 'second.txt' });
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, ida);
    await page.goto('/histories');
    await page.getByText('Tools history').first().waitFor();
    // The current history is known (its badge shows) before asking whether it is this one yet.
    await page.getByText('current', { exact: true }).waitFor();
    const switchTo = page.getByRole('button', { name: 'Switch to Tools history' });
    if (await switchTo.count()) await switchTo.click();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Tools history' }).waitFor();
    await page.locator('[data-state="ok"]').nth(1).waitFor({ timeout: patient(30_000) });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tools', exact: true }).click();
    await page.getByLabel('Search tools').fill('concatenate');
    await page.getByRole('navigation', { name: 'Tools' }).getByRole('link', { name: 'Concatenate datasets' }).click();
    await page.getByRole('heading', { name: 'Concatenate datasets' }).waitFor();
    const form = page.getByRole('form', { name: 'Concatenate datasets form' });

    // The newest suitable dataset is preselected (issue 34); emptied, Run gets the form's own check, at the field.
    await form.locator('[data-field="input1"] select option:checked', { hasText: '2: second.txt' }).waitFor({ state: 'attached' });
    await form.getByLabel('Concatenate Dataset').selectOption({ value: '' });
    await form.getByRole('button', { name: 'Run tool' }).click();
    await form.locator('[data-field="input1"]').getByRole('alert').filter({ hasText: 'Choose a dataset.' }).waitFor();

    await form.getByLabel('Concatenate Dataset').selectOption({ label: '1: first.txt (txt)' });
    await form.getByRole('button', { name: 'Insert Dataset' }).click();
    await form.locator('[data-field="queries_0|input2"]').getByLabel('Select').selectOption({ label: '2: second.txt (txt)' });
    await screenshot('tool-form-cat1');
    await form.getByRole('button', { name: 'Run tool' }).click();
    // The form stays and says what was queued (issue 34); the history shows the output.
    await form.getByRole('status').filter({ hasText: /^1 job queued; output 3: / }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Current history' }).click();
    await page.getByRole('heading', { name: 'Tools history' }).waitFor();
    const output = page.getByRole('listitem').filter({ hasText: /^3: / });
    await output.locator('[data-state="ok"]').waitFor({ timeout: patient(30_000) });
    await output.getByRole('button').first().click();
    await output.getByLabel('Peek').filter({ hasText: 'second line' }).waitFor();
    await screenshot('tool-output-ok');
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));

  it("runs Sort with its column chosen by name from the chosen dataset's header, and sees the sorted output", async () => {
    const kai = await ui.h.newUser('kai');
    const historyId = await createHistory(ui.h, kai.key, 'Sort history');
    const upload = await uploadText(ui.h, kai.key, historyId, '#gene\tcount\nb\t2\na\t10\nc\t1\n', { name: 'counts.tsv', fileType: 'tabular' });
    await waitForJob(ui.h, kai.key, upload.jobId);
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, kai);
    await page.goto('/histories');
    await page.getByText('Sort history').first().waitFor();
    // The current history is known (its badge shows) before asking whether it is this one yet.
    await page.getByText('current', { exact: true }).waitFor();
    const switchTo = page.getByRole('button', { name: 'Switch to Sort history' });
    if (await switchTo.count()) await switchTo.click();
    await page.goto('/tools/sort1');
    const form = page.getByRole('form', { name: 'Sort form' });
    await form.getByLabel('Sort Dataset').selectOption({ label: '1: counts.tsv (tabular)' });
    // The column list is the dataset's own columns, by the names of its '#' header line.
    const column = form.getByLabel('on column');
    await column.locator('option', { hasText: '2: count' }).waitFor({ state: 'attached' });
    expect(await column.locator('option').allTextContents()).toEqual(expect.arrayContaining(['1: gene', '2: count']));
    await column.selectOption({ label: '2: count' });
    await form.getByLabel('in', { exact: true }).selectOption({ label: 'Ascending order' });
    await screenshot('tool-form-sort-columns');
    await form.getByRole('button', { name: 'Run tool' }).click();
    await form.getByRole('status').filter({ hasText: /^1 job queued; output 2: / }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Current history' }).click();
    await page.getByRole('heading', { name: 'Sort history' }).waitFor();
    const output = page.getByRole('listitem').filter({ hasText: /^2: / });
    await output.locator('[data-state="ok"]').waitFor({ timeout: patient(30_000) });
    // The tabular output's peek is headed by the names of its '#' header line (issue 34).
    await output.getByRole('button').first().click();
    const peek = output.getByRole('table', { name: 'Peek' });
    await peek.getByRole('columnheader', { name: 'count' }).waitFor();
    expect(await peek.getByRole('columnheader').allInnerTexts()).toEqual(['gene', 'count']);
    const job = (await ui.h.api.get(`/api/histories/${historyId}/contents`).query({ key: kai.key })).body as Array<{ id: string; hid: number }>;
    const sorted = job.find((item) => item.hid === 2);
    const text = (await ui.h.api.get(`/api/datasets/${sorted?.id}/display`).query({ key: kai.key })).text;
    expect(text.split('\n').filter((line) => line && !line.startsWith('#')).map((line) => line.split('\t')[0])).toEqual(['c', 'b', 'a']);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));

  it('lists a BED dataset among the suitable ones of a tabular input, and a text one under "Other formats" (issue 34)', async () => {
    const liv = await ui.h.newUser('liv');
    const historyId = await createHistory(ui.h, liv.key, 'Formats history');
    for (const [content, name, fileType] of [['chr1\t10\t20\tgene1\n', 'peaks.bed', 'bed'], ['a\t1\n', 'table.tsv', 'tabular'], ['plain words\n', 'notes.txt', 'txt']]) {
      await waitForJob(ui.h, liv.key, (await uploadText(ui.h, liv.key, historyId, content, { name, fileType })).jobId);
    }
    const { page, consoleErrors } = await ui.newPage();
    await signIn(page, liv);
    await page.goto('/histories');
    await page.getByText('current', { exact: true }).waitFor();
    const switchTo = page.getByRole('button', { name: 'Switch to Formats history' });
    if (await switchTo.count()) await switchTo.click();
    await page.goto('/tools/sort1');
    const select = page.getByRole('form', { name: 'Sort form' }).getByLabel('Sort Dataset');
    await select.locator('option', { hasText: 'peaks.bed' }).waitFor({ state: 'attached' });
    const suitable = await select.locator(':scope > option').allTextContents();
    const others = await select.locator('optgroup[label="Other formats"] > option').allTextContents();
    expect(suitable).toEqual(expect.arrayContaining(['1: peaks.bed (bed)', '2: table.tsv (tabular)']));
    expect(others).toEqual(['3: notes.txt (txt)']);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));

  it('shows the tool panel and a form with a repeat at 390 pixels wide', async () => {
    const jon = await ui.h.newUser('jon');
    const { page, consoleErrors, screenshot } = await ui.newPage(PHONE);
    await signIn(page, jon);
    await page.goto('/tools/cat1');
    await page.getByRole('heading', { name: 'Concatenate datasets' }).waitFor();
    await page.getByRole('button', { name: 'Insert Dataset' }).click();
    await page.getByRole('group', { name: '1: Dataset' }).waitFor();
    await page.getByRole('button', { name: 'Remove the last Dataset' }).click();
    await page.getByRole('group', { name: '1: Dataset' }).waitFor({ state: 'detached' });
    await screenshot('tool-form-phone');
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(60_000));
});
