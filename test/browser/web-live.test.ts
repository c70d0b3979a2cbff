import type { Request } from 'playwright-core';
import { createHistory, uploadText } from '../support/data-helpers';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { describeInBrowser, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';
import { patient } from '../support/patience';

/**
 * Live states: the browser talks to a platform that runs no jobs; a second platform on the same
 * database runs them. Their state changes reach the browser through the historyItemChanged
 * subscription (PostgreSQL NOTIFY between the processes), without a reload and without polling.
 */
let ui: WebUiHarness;
let worker: TestPlatform;

/** The history panel's contents requests (historyItemsPage or historyItems) a page sends. */
function countContentsRequests(requests: Request[]): number {
  return requests.filter((request) => request.url().endsWith('/graphql') && request.method() === 'POST' && /"operationName":"HistoryItems(Page)?"/.test(request.postData() ?? '')).length;
}

describeInBrowser('live dataset states in the web UI', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness({ LOCAL_JOB_WORKERS: '0' });
    // The same files too: an uploaded file staged by the first is read by the second's job.
    worker = await startTestPlatform({ LOCAL_JOB_WORKERS: '1' }, { reset: false, dataDir: ui.h.platform.config.dataDir });
  }, patient(180_000));
  afterAll(async () => {
    await worker?.close();
    await ui?.close();
  });

  it('shows an uploaded dataset turn ok in the open panel without a reload and without polling', async () => {
    const kim = await ui.h.newUser('kim');
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, kim);
    await page.goto('/upload');
    await page.getByLabel('Files (or drop them here)').setInputFiles({ name: 'live.tsv', mimeType: 'text/tab-separated-values', buffer: Buffer.from('x\t1\ny\t2\n') });
    await page.getByRole('button', { name: 'Start upload' }).click();
    await page.getByRole('status').filter({ hasText: 'sent' }).waitFor();
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    await page.getByRole('link', { name: 'See the datasets in the history' }).click();
    // The history's row (it has a state), not the upload list's line "live.tsv sent" still on screen a moment.
    const item = page.getByRole('listitem').filter({ hasText: 'live.tsv' }).filter({ has: page.locator('[data-state]') });
    await item.waitFor();
    await item.locator('[data-state="ok"]').waitFor({ timeout: patient(30_000) });
    await screenshot('live-upload-ok');
    // The panel asked for its first page once; the states came over the WebSocket.
    expect(countContentsRequests(requests)).toBeLessThanOrEqual(1);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));

  it("shows a dataset's state moved by a job the second platform ran, in a browser connected to the first", async () => {
    const lea = await ui.h.newUser('lea');
    const historyId = await createHistory(ui.h, lea.key, 'Live history');
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, lea);
    await page.goto(`/histories/${historyId}`);
    await page.getByText('This history is empty.').waitFor();
    // Give the subscription a moment to be registered on the server before the change.
    await page.waitForTimeout(1000);
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));

    // Through the second platform's REST API: its job runner runs the upload.
    await uploadText(worker, lea.key, historyId, 'made elsewhere\n', { name: 'elsewhere.txt' });
    const item = page.getByRole('listitem').filter({ hasText: 'elsewhere.txt' });
    await item.waitFor({ timeout: patient(30_000) });
    await item.locator('[data-state="ok"]').waitFor({ timeout: patient(30_000) });
    await screenshot('live-second-platform-ok');
    expect(countContentsRequests(requests)).toBe(0);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));
});
