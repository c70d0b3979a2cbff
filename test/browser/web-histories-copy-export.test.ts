import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { patient } from '../support/patience';
import type { TestUser } from '../support/test-platform';
import { seriousViolations } from './axe-audit';
import { PHONE, describeInBrowser, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';

/**
 * Histories in the web UI (issue 34, item 5): Copy History (all datasets or only the active ones),
 * Export History to File followed to its download, Import from File and Import from URL followed
 * until the new history opens, and histories side by side (one at a time on a phone).
 */
let ui: WebUiHarness;
let ada: TestUser;
let experimentA: string;
let experimentB: string;

/** A history of the user with text datasets by name; those named in `deleted` are deleted. */
async function historyWith(user: TestUser, name: string, datasets: string[], deleted: string[] = []): Promise<string> {
  const historyId = await createHistory(ui.h, user.key, name);
  for (const dataset of datasets) {
    const upload = await uploadText(ui.h, user.key, historyId, `${dataset} content\n`, { name: dataset, fileType: 'txt' });
    await waitForJob(ui.h, user.key, upload.jobId);
    if (deleted.includes(dataset)) await ui.h.api.delete(`/api/histories/${historyId}/contents/${upload.datasetId}`).query({ key: user.key });
  }
  return historyId;
}

/** The names of a history panel's rows, as shown ("2: second.txt"), once `count` rows show. */
async function rowNames(page: Page, historyName: string, count: number): Promise<string[]> {
  const rows = page.getByRole('list', { name: `Contents of ${historyName}` }).getByRole('listitem');
  await rows.nth(count - 1).locator('[data-state="ok"]').waitFor({ timeout: patient(30_000) });
  const texts = await rows.locator('.item-title').allTextContents();
  return texts.map((text) => text.replace(/, state \w+/, '').replace(/\s+/g, ' ').trim());
}

/** Serves `body` at /history.tar.gz on 127.0.0.1 (the platform's tests may fetch loopback: ALLOW_PRIVATE_URL_FETCH). */
async function serve(body: Buffer): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/gzip', 'Content-Length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/history.tar.gz`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let archive: Buffer;

describeInBrowser('histories: copy, export, import and side by side in the web UI', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
    ada = await ui.h.newUser('ada');
    experimentA = await historyWith(ada, 'Experiment A', ['first.txt', 'second.txt', 'third.txt'], ['first.txt']);
    experimentB = await historyWith(ada, 'Experiment B', ['other.txt']);
  }, patient(180_000));
  afterAll(() => ui?.close());

  describe('Copy History', () => {
    it('copies all datasets from the histories list and only the active ones from the history panel, each copy opening with its items', async () => {
      const { page, consoleErrors, screenshot } = await ui.newPage();
      await signIn(page, ada);
      await page.goto('/histories');
      await page.getByRole('button', { name: 'Copy Experiment A' }).click();
      const form = page.getByRole('form', { name: 'Copy History' });
      expect(await form.getByLabel('Name of the copy').inputValue()).toBe("Copy of 'Experiment A'");
      await form.getByRole('radio', { name: 'All datasets' }).check();
      await screenshot('history-copy-form');
      await form.getByRole('button', { name: 'Copy', exact: true }).click();
      await page.getByRole('heading', { name: "Copy of 'Experiment A'", level: 1 }).waitFor();
      await page.getByText('Current history ·').waitFor();
      await page.getByRole('checkbox', { name: 'deleted datasets' }).check();
      expect(await rowNames(page, "Copy of 'Experiment A'", 3)).toEqual(['3: third.txt', '2: second.txt', '1: first.txt (deleted)']);
      await screenshot('history-copy-all');

      await page.goto(`/histories/${experimentA}`);
      await page.getByRole('button', { name: 'Copy history' }).click();
      await form.getByLabel('Name of the copy').fill('A, active only');
      expect(await form.getByRole('radio', { name: 'Only active (non-deleted) datasets' }).isChecked()).toBe(true);
      await form.getByRole('checkbox', { name: 'Make the copy the current history' }).uncheck();
      await form.getByRole('button', { name: 'Copy', exact: true }).click();
      await page.getByRole('heading', { name: 'A, active only', level: 1 }).waitFor();
      await page.getByRole('checkbox', { name: 'deleted datasets' }).check();
      expect(await rowNames(page, 'A, active only', 2)).toEqual(['2: third.txt', '1: second.txt']);
      await screenshot('history-copy-active');
      expect(consoleErrors).toEqual([]);
      await page.close();
    }, patient(120_000));
  });

  describe('Export History to File', () => {
    it('follows the export until it is done and downloads the archive', async () => {
      const { page, consoleErrors, screenshot } = await ui.newPage();
      await signIn(page, ada);
      await page.goto(`/histories/${experimentA}`);
      await page.getByRole('button', { name: 'Export History to File' }).click();
      await page.getByRole('button', { name: 'Start the export' }).click();
      await page.getByRole('status').filter({ hasText: 'Done: the archive is ready.' }).waitFor({ timeout: patient(30_000) });
      await screenshot('history-export-done');
      expect(await seriousViolations(page, 'export panel')).toEqual([]);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the history archive' }).click()]);
      expect(download.suggestedFilename()).toBe('Galaxy-History-Experiment_A.tar.gz');
      archive = readFileSync(await download.path());
      // gzip's magic number.
      expect([...archive.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
      expect(consoleErrors).toEqual([]);
      await page.close();
    }, patient(90_000));
  });

  describe('Import from File and Import from URL', () => {
    it('imports the downloaded archive from the file and from a URL, each opening with the same items; a bad archive says why', async () => {
      expect(archive).toBeDefined();
      const { page, consoleErrors, screenshot } = await ui.newPage();
      await signIn(page, ada);
      await page.goto('/histories');
      await page.getByRole('link', { name: 'Import from File or URL' }).click();
      await page.getByRole('heading', { name: 'Import a history', level: 1 }).waitFor();
      await screenshot('history-import-form');
      expect(await seriousViolations(page, '/histories/import')).toEqual([]);
      await page.getByLabel('History archive (.tar.gz or .tar)').setInputFiles({ name: 'experiment-a.tar.gz', mimeType: 'application/gzip', buffer: archive });
      await page.getByRole('button', { name: 'Import from File' }).click();
      await page.getByRole('heading', { name: 'imported from archive: Experiment A', level: 1 }).waitFor({ timeout: patient(30_000) });
      expect(await rowNames(page, 'imported from archive: Experiment A', 2)).toEqual(['2: third.txt', '1: second.txt']);
      await page.getByText('Current history ·').waitFor();
      await screenshot('history-import-file-done');

      const good = await serve(archive);
      const bad = await serve(Buffer.from('this is no archive\n'));
      try {
        await page.goto('/histories/import');
        await page.getByLabel('Archive URL').fill(bad.url);
        await page.getByRole('button', { name: 'Import from URL' }).click();
        await page.getByRole('alert').filter({ hasText: 'Could not import the history:' }).waitFor({ timeout: patient(30_000) });
        await screenshot('history-import-url-failed');

        await page.getByLabel('Archive URL').fill(good.url);
        await page.getByRole('button', { name: 'Import from URL' }).click();
        await page.getByRole('status').filter({ hasText: good.url }).waitFor();
        await page.getByRole('heading', { name: 'imported from archive: Experiment A', level: 1 }).waitFor({ timeout: patient(30_000) });
        expect(await rowNames(page, 'imported from archive: Experiment A', 2)).toEqual(['2: third.txt', '1: second.txt']);
        await screenshot('history-import-url-done');
      } finally {
        await good.close();
        await bad.close();
      }
      expect(consoleErrors).toEqual([]);
      await page.close();
    }, patient(120_000));
  });

  describe('Histories side-by-side', () => {
    it('shows two picked histories in columns at 1280 wide, and one at a time with a picker at 390 wide', async () => {
      const { page, consoleErrors, screenshot } = await ui.newPage();
      await signIn(page, ada);
      await page.goto('/histories');
      await page.getByRole('link', { name: 'View multiple histories' }).click();
      await page.getByRole('heading', { name: 'Histories side-by-side', level: 1 }).waitFor();
      const picker = page.getByRole('group', { name: 'Histories to show' });
      await picker.getByRole('checkbox', { name: 'Experiment A', exact: true }).check();
      await picker.getByRole('checkbox', { name: 'Experiment B', exact: true }).check();
      // Leave the two experiments only.
      for (let checked = picker.getByRole('checkbox', { checked: true }); (await checked.count()) > 2; ) {
        const names = await checked.evaluateAll((boxes) => boxes.map((box) => (box.parentElement?.textContent ?? '').trim()));
        const extra = names.findIndex((name) => name !== 'Experiment A' && name !== 'Experiment B');
        await checked.nth(extra).uncheck();
      }
      const columnA = page.getByRole('region', { name: 'Experiment A' });
      const columnB = page.getByRole('region', { name: 'Experiment B' });
      expect(await rowNames(page, 'Experiment A', 2)).toEqual(['3: third.txt', '2: second.txt']);
      expect(await rowNames(page, 'Experiment B', 1)).toEqual(['1: other.txt']);
      const [boxA, boxB] = [await columnA.boundingBox(), await columnB.boundingBox()];
      // Side by side: the same top, one beside the other (their order is the list's: current first, then by change).
      expect(boxA && boxB && Math.abs(boxA.y - boxB.y) < 2 && (boxA.x + boxA.width <= boxB.x || boxB.x + boxB.width <= boxA.x)).toBe(true);
      await screenshot('histories-side-by-side');
      expect(await seriousViolations(page, '/histories/multiple')).toEqual([]);
      const address = page.url();
      expect(consoleErrors).toEqual([]);
      await page.close();

      const phone = await ui.newPage(PHONE);
      await signIn(phone.page, ada);
      await phone.page.goto(address);
      await phone.page.getByRole('heading', { name: 'Histories side-by-side', level: 1 }).waitFor();
      // One column at a time: the one "Show history" names; the picker brings the other.
      const showing = await phone.page.getByLabel('Show history').evaluate((select) => (select as unknown as { selectedOptions: Array<{ textContent: string }> }).selectedOptions[0].textContent);
      const other = showing === 'Experiment A' ? 'Experiment B' : 'Experiment A';
      await phone.page.getByRole('region', { name: showing }).waitFor();
      expect(await phone.page.getByRole('region', { name: other }).isVisible()).toBe(false);
      await phone.screenshot('histories-side-by-side-phone');
      await phone.page.getByLabel('Show history').selectOption({ label: other });
      await phone.page.getByRole('region', { name: other }).waitFor();
      expect(await phone.page.getByRole('region', { name: showing }).isVisible()).toBe(false);
      expect((await rowNames(phone.page, other, 1)).length).toBeGreaterThan(0);
      await phone.screenshot('histories-side-by-side-phone-second');
      expect(await seriousViolations(phone.page, '/histories/multiple at 390')).toEqual([]);
      await phone.page.goto('/histories/import');
      await phone.page.getByRole('heading', { name: 'Import a history', level: 1 }).waitFor();
      expect(await seriousViolations(phone.page, '/histories/import at 390')).toEqual([]);
      expect(phone.consoleErrors).toEqual([]);
      await phone.page.close();
      expect(experimentB).toBeDefined();
    }, patient(120_000));
  });
});
