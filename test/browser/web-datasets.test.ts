import type { Page } from 'playwright-core';
import { createHistory, uploadFile, uploadText, waitForJob, type Uploaded } from '../support/data-helpers';
import type { TestUser } from '../support/test-platform';
import { tinyPng } from '../support/tiny-png';
import { PHONE, describeInBrowser, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';
import { patient } from '../support/patience';

/** A dataset's page in the web UI: its content as a table, numbered lines or an image, and its download. */
let ui: WebUiHarness;

/** A user with a history holding one finished dataset (set up through REST, which is quicker than the upload screen). */
async function userWithDataset(name: string, upload: (user: TestUser, historyId: string) => Promise<Uploaded>): Promise<{ user: TestUser; datasetId: string }> {
  const user = await ui.h.newUser(name);
  const historyId = await createHistory(ui.h, user.key, `${name}'s data`);
  const uploaded = await upload(user, historyId);
  expect((await waitForJob(ui.h, user.key, uploaded.jobId)).state).toBe('ok');
  return { user, datasetId: uploaded.datasetId };
}

const pasted = (content: string, fileType: string, name: string) => (user: TestUser, historyId: string) => uploadText(ui.h, user.key, historyId, content, { fileType, name });

/** The bytes the page's Download link answers, fetched with the page's own cookies (its session). */
async function downloaded(page: Page, linkName: string): Promise<Buffer> {
  const href = await page.getByRole('link', { name: linkName }).getAttribute('href');
  expect(href).toMatch(/^\/api\/datasets\/\w+\/display\?to_ext=\w+$/);
  const res = await page.request.get(href ?? '');
  expect(res.status()).toBe(200);
  return res.body();
}

describeInBrowser("a dataset's content in the web UI", () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
  }, patient(180_000));
  afterAll(() => ui?.close());

  it("shows a tabular dataset with a '#' header line as a table headed by those column names", async () => {
    const content = '#gene\tsample\tscore\nBRCA1\tS1\t0.25\nTP53\tS2\t0.75\nEGFR\tS3\t1.5\n';
    const { user, datasetId } = await userWithDataset('ds-tabular', pasted(content, 'tabular', 'genes.tabular'));
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, user);
    await page.goto(`/datasets/${datasetId}`);
    const table = page.getByRole('table', { name: 'Contents of genes.tabular' });
    await table.waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['gene', 'sample', 'score']);
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(3);
    expect(await rows.first().getByRole('cell').allTextContents()).toEqual(['BRCA1', 'S1', '0.25']);
    await page.getByRole('status').filter({ hasText: 'Lines 1–4 shown, the whole dataset.' }).waitFor();
    expect(await page.getByRole('button', { name: 'Show more rows' }).count()).toBe(0);
    expect((await downloaded(page, 'Download (tabular)')).toString('utf8')).toBe(content);
    await screenshot('dataset-tabular');
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));

  it('shows a 450-line text as numbered lines, 200 at a time, until the end', async () => {
    const text = `${Array.from({ length: 450 }, (_, i) => `line ${i + 1}`).join('\n')}\n`;
    const { user, datasetId } = await userWithDataset('ds-text', pasted(text, 'txt', 'lines.txt'));
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, user);
    await page.goto(`/datasets/${datasetId}`);
    const list = page.getByRole('list', { name: 'Lines of lines.txt' });
    const items = list.getByRole('listitem');
    await items.nth(199).waitFor();
    expect(await items.count()).toBe(200);
    // An ordered list from 1: each line's number is its place in the file.
    expect(await list.evaluate((ol) => (ol as unknown as { start: number }).start)).toBe(1);
    expect(await items.first().textContent()).toBe('line 1');
    expect(await items.nth(199).textContent()).toBe('line 200');

    const more = page.getByRole('button', { name: 'Show more lines' });
    await more.click();
    await page.getByRole('status').filter({ hasText: 'Lines 1–400 shown.' }).waitFor();
    expect(await items.count()).toBe(400);
    expect(await items.nth(399).textContent()).toBe('line 400');

    await more.click();
    await page.getByRole('status').filter({ hasText: 'Lines 1–450 shown, the whole dataset.' }).waitFor();
    expect(await items.count()).toBe(450);
    expect(await items.last().textContent()).toBe('line 450');
    expect(await more.count()).toBe(0);
    await screenshot('dataset-text-more');
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));

  it('shows a PNG inline, and its Download link answers its bytes with the session cookie', async () => {
    const png = tinyPng();
    const { user, datasetId } = await userWithDataset('ds-image', (owner, historyId) => uploadFile(ui.h, owner.key, historyId, png, 'dot.png', 'png'));
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, user);
    await page.goto(`/datasets/${datasetId}`);
    const image = page.getByRole('img', { name: 'dot.png (png image)' });
    await image.waitFor();
    // Decoded: the browser fetched it from the display route with the session cookie.
    type Img = { complete: boolean; naturalWidth: number; naturalHeight: number; decode(): Promise<void> };
    await image.evaluate((img) => (img as unknown as Img).decode());
    expect(await image.evaluate((img) => [(img as unknown as Img).complete, (img as unknown as Img).naturalWidth, (img as unknown as Img).naturalHeight])).toEqual([true, 2, 2]);
    expect(Buffer.compare(await downloaded(page, 'Download (png)'), png)).toBe(0);
    await screenshot('dataset-image');
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));

  it("shows another user's private dataset as the refusal, not a blank page", async () => {
    const { user: owner, datasetId } = await userWithDataset('ds-owner', pasted('for the owner only\n', 'txt', 'secret.txt'));
    expect((await ui.h.api.put(`/api/datasets/${datasetId}/permissions`).query({ key: owner.key }).send({ action: 'make_private' })).status).toBe(200);
    const stranger = await ui.h.newUser('ds-stranger');
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, stranger);
    await page.goto(`/datasets/${datasetId}`);
    await page.getByRole('alert').filter({ hasText: 'Could not open the dataset: Dataset is not accessible by the current user' }).waitFor();
    expect(await page.getByText('for the owner only').count()).toBe(0);
    await screenshot('dataset-refused');
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));

  it('keeps a wide table inside its own sideways-scrolling region at 390 pixels wide', async () => {
    const header = `#${Array.from({ length: 12 }, (_, i) => `column_${i + 1}`).join('\t')}`;
    const rows = Array.from({ length: 30 }, (_, r) => Array.from({ length: 12 }, (_, c) => `value ${r + 1}.${c + 1}`).join('\t'));
    const { user, datasetId } = await userWithDataset('ds-phone', pasted(`${[header, ...rows].join('\n')}\n`, 'tabular', 'wide.tabular'));
    const { page, consoleErrors, screenshot } = await ui.newPage(PHONE);
    await signIn(page, user);
    await page.goto(`/datasets/${datasetId}`);
    await page.getByRole('columnheader', { name: 'column_12' }).waitFor();
    const region = page.getByRole('region', { name: 'Table of wide.tabular' });
    const [scrollWidth, clientWidth] = await region.evaluate((element) => [element.scrollWidth, element.clientWidth]);
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    expect(clientWidth).toBeLessThanOrEqual(PHONE.width);
    // The page itself does not scroll sideways: only the table's region does.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('link', { name: 'Download (tabular)' }).waitFor();
    await screenshot('dataset-phone');
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));
});
