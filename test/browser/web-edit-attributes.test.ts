import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { patient } from '../support/patience';
import { seriousViolations } from './axe-audit';
import { describeInBrowser, PHONE, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';

/**
 * A dataset's "Edit attributes" (issue 34, item 2), reached from its line in the history panel: Name,
 * Info, Annotation and Database/Build picked from the installation's builds list, "Auto-detect" of its
 * metadata, and its datatype changed, or detected from the file's content ("auto-detect").
 */
let ui: WebUiHarness;

describeInBrowser("a dataset's Edit attributes", () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
  }, patient(180_000));
  afterAll(() => ui?.close());

  it('edits name, info, annotation and build, detects the datatype, and the history panel shows them', async () => {
    const eve = await ui.h.newUser('eve');
    const historyId = await createHistory(ui.h, eve.key, 'Attributes history');
    const upload = await uploadText(ui.h, eve.key, historyId, 'gene\t10\nother\t20\n', { name: 'counts.txt', fileType: 'txt' });
    await waitForJob(ui.h, eve.key, upload.jobId);
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, eve);
    await page.goto(`/histories/${historyId}`);
    const list = page.getByRole('list', { name: 'Contents of Attributes history' });
    await list.getByRole('button', { name: /^1: counts\.txt/ }).click();
    await list.getByRole('link', { name: 'Edit attributes' }).click();

    await page.getByRole('heading', { level: 1, name: 'Edit attributes of 1: counts.txt' }).waitFor();
    const form = page.getByRole('form', { name: 'Edit attributes' });
    // The builds are the installation's list, by the names people know them by.
    const build = form.getByLabel('Database/Build');
    expect(await build.locator('option').count()).toBeGreaterThan(20);
    await form.getByLabel('Name').fill('gene counts');
    await form.getByLabel('Info').fill('From run 12');
    await form.getByLabel('Annotation').fill('Counts per gene, before normalisation');
    await build.selectOption({ label: 'Mouse Dec. 2011 (GRCm38/mm10) (mm10)' });
    await screenshot('edit-attributes-filled');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('status').filter({ hasText: 'Attributes updated.' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Edit attributes of 1: gene counts' }).waitFor();

    const datatype = page.getByRole('form', { name: 'Change datatype' });
    await datatype.getByLabel('New datatype').selectOption('auto-detect');
    await datatype.getByRole('button', { name: 'Save datatype' }).click();
    await datatype.getByRole('status').filter({ hasText: 'Detected datatype: tabular.' }).waitFor();
    await form.getByRole('button', { name: 'Auto-detect' }).click();
    await form.getByRole('status').filter({ hasText: 'Metadata read again from the file.' }).waitFor();
    await screenshot('edit-attributes-saved');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`/histories/${historyId}`);
    await list.getByRole('button', { name: /^1: gene counts/ }).click();
    const item = list.getByRole('listitem').filter({ hasText: 'gene counts' });
    await item.getByText('format tabular').waitFor();
    await item.getByText('database mm10').waitFor();
    await item.getByText('From run 12').waitFor();
    await item.getByText('Counts per gene, before normalisation').waitFor();
    // A tabular dataset offers to be drawn.
    await item.getByRole('link', { name: 'Visualize' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));

  it("offers a user the history is shared with no Edit attributes, and the form's address says why", async () => {
    const owner = await ui.h.newUser('ona');
    const reader = await ui.h.newUser('rex');
    const historyId = await createHistory(ui.h, owner.key, 'Shared attributes');
    const upload = await uploadText(ui.h, owner.key, historyId, 'a\n', { name: 'shared.txt' });
    await waitForJob(ui.h, owner.key, upload.jobId);
    await ui.h.api.put(`/api/histories/${historyId}`).query({ key: owner.key }).send({ importable: true });
    const { page, consoleErrors } = await ui.newPage(PHONE);
    await signIn(page, reader);
    await page.goto(`/histories/${historyId}`);
    const list = page.getByRole('list', { name: 'Contents of Shared attributes' });
    await list.getByRole('button', { name: /^1: shared\.txt/ }).click();
    await list.getByRole('link', { name: 'Display data' }).waitFor();
    expect(await list.getByRole('link', { name: 'Edit attributes' }).count()).toBe(0);
    await page.goto(`/datasets/${upload.datasetId}/edit`);
    await page.getByText('Only who may change its history may edit the attributes of this dataset.').waitFor();
    expect(await page.getByRole('form', { name: 'Edit attributes' }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));
});
