import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { describeInBrowser, PHONE, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';
import { patient } from '../support/patience';

/**
 * The screens checked by axe-core (WCAG 2 A and AA rules) in the browser: no serious or critical
 * violation on any screen a person opens, signed in or not, at desktop and phone widths.
 */
let ui: WebUiHarness;

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** The serious and critical violations of the page as it is now, as readable lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the UI's Content-Security-Policy refuses an inline script tag.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    // Runs in the page, typed here without the DOM library.
    const { axe, document } = globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> }; document: unknown };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

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
