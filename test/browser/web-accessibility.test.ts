import type { Page } from 'playwright-core';
import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { describeInBrowser, PHONE, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';
import { patient } from '../support/patience';
import { seriousViolations } from './axe-audit';

/**
 * The screens checked by axe-core (WCAG 2 A and AA rules) in the browser: no serious or critical
 * violation on any screen a person opens, signed in or not, at desktop and phone widths.
 */
let ui: WebUiHarness;

/** Opens a screen, waits for its heading, and answers its violations by screen. */
async function audit(page: Page, path: string, heading: string | RegExp): Promise<string[]> {
  await page.goto(path);
  await page.getByRole('heading', { name: heading }).first().waitFor();
  return (await seriousViolations(page)).map((line) => `${path}: ${line}`);
}

describeInBrowser('accessibility of the web UI (axe-core, WCAG 2 A and AA)', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
  }, patient(180_000));
  afterAll(() => ui?.close());

  it("finds no serious violation on a visitor's screens", async () => {
    const { page, consoleErrors } = await ui.newPage();
    const found = [
      ...(await audit(page, '/login', 'Sign in')),
      ...(await audit(page, '/register', 'Register')),
      ...(await audit(page, '/published', /Published/)),
      ...(await audit(page, '/about', /API/)),
    ];
    expect(found).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));

  it("finds no serious violation on a signed-in user's screens, at desktop and phone widths", async () => {
    const uma = await ui.h.newUser('uma');
    const historyId = await createHistory(ui.h, uma.key, 'Audited history');
    const upload = await uploadText(ui.h, uma.key, historyId, '#name\tvalue\nx\t1\n', { name: 'audited.tsv', fileType: 'tabular' });
    await waitForJob(ui.h, uma.key, upload.jobId);
    for (const viewport of [undefined, PHONE]) {
      const { page, consoleErrors } = await ui.newPage(viewport);
      await signIn(page, uma);
      const found = [
        ...(await audit(page, `/histories/${historyId}`, 'Audited history')),
        ...(await audit(page, '/histories', 'Histories')),
        ...(await audit(page, `/datasets/${upload.datasetId}`, /audited\.tsv/)),
        ...(await audit(page, '/upload', 'Upload data')),
        ...(await audit(page, '/tools/cat1', 'Concatenate datasets')),
        ...(await audit(page, '/libraries', /Data libraries/)),
        ...(await audit(page, '/workflows', /Workflows/)),
        ...(await audit(page, '/sharing', /Shar/)),
        ...(await audit(page, '/pages/new', 'Create new page')),
        ...(await audit(page, '/user', /User preferences|Preferences/)),
      ];
      expect(found).toEqual([]);
      expect(consoleErrors).toEqual([]);
      await page.close();
    }
  }, patient(180_000));
});
