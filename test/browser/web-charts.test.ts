import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import type { TestUser } from '../support/test-platform';
import { patient } from '../support/patience';
import { DESKTOP, describeInBrowser, PHONE, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';

/**
 * Visualizations that draw (issue 34, item 6): the chart builder over a tabular dataset's columns
 * (Bar, Line, Scatter, Histogram, Box plot) drawn on a canvas, saved as a visualization and drawn
 * again from the list with its options, edited into a new revision; a large dataset read as a
 * sample that the screen names; a published chart for visitors; a private one refused.
 */
let ui: WebUiHarness;

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** A tabular dataset with a header: gene and group (text), count (int), ratio (float). */
const GENES = [
  '#gene\tgroup\tcount\tratio',
  ...Array.from({ length: 40 }, (_, index) => `gene${index % 8}\t${index % 3 === 0 ? 'control' : 'treated'}\t${(index * 7) % 23}\t${((index * 13) % 17) / 4}`),
].join('\n');

async function tabularDataset(owner: TestUser, content: string, name: string): Promise<string> {
  const historyId = await createHistory(ui.h, owner.key, `${name} history`);
  const upload = await uploadText(ui.h, owner.key, historyId, `${content}\n`, { name, fileType: 'tabular' });
  expect((await waitForJob(ui.h, owner.key, upload.jobId)).state).toBe('ok');
  return upload.datasetId;
}

/** The chart's canvas pixels in its series colour (or the box plot's fill): a drawn chart has many, an empty canvas none. */
async function seriesPixels(page: Page): Promise<number> {
  return page.locator('.chart-canvas canvas').first().evaluate((element) => {
    const canvas = element as unknown as { width: number; height: number; getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } };
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let index = 0; index < data.length; index += 4) {
      const [r, g, b, a] = [data[index], data[index + 1], data[index + 2], data[index + 3]];
      const series = Math.abs(r - 44) < 24 && Math.abs(g - 111) < 24 && Math.abs(b - 187) < 24;
      const boxFill = Math.abs(r - 219) < 10 && Math.abs(g - 233) < 10 && Math.abs(b - 247) < 10;
      if (a > 200 && (series || boxFill)) count += 1;
    }
    return count;
  });
}

/** Waits until the chart of `kind` is on screen and drawn (its canvas holds the series). */
async function drawn(page: Page, kind: string): Promise<void> {
  await page.locator(`.chart-canvas[data-chart-kind="${kind}"] canvas`).first().waitFor();
  const deadline = Date.now() + patient(15_000);
  while ((await seriesPixels(page)) < 200) {
    if (Date.now() > deadline) throw new Error(`the ${kind} chart was never drawn`);
    await page.waitForTimeout(100);
  }
}

/** The serious and critical axe-core violations of the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the UI's Content-Security-Policy refuses an inline script tag.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const { axe, document } = globalThis as unknown as {
      axe: { run(context: unknown, options: unknown): Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: string[] }> }> }> };
      document: unknown;
    };
    return (await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })).violations;
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describeInBrowser('charts of tabular datasets in the web UI', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
  }, patient(180_000));
  afterAll(() => ui?.close());

  it('builds each kind of chart from the columns of a tabular dataset and draws it on a canvas, with its values as a table', async () => {
    const ada = await ui.h.newUser('ada-charts');
    const datasetId = await tabularDataset(ada, GENES, 'genes.tabular');
    const { page, consoleErrors, screenshot } = await ui.newPage(DESKTOP);
    await signIn(page, ada);
    await page.goto(`/visualizations/new?dataset=${datasetId}`);
    await page.getByRole('heading', { name: 'New chart' }).waitFor();
    const form = page.getByRole('form', { name: 'Chart settings' });
    // A bar chart of the first numbers by the first text column to start with.
    expect(await form.getByLabel('Bar').isChecked()).toBe(true);
    expect(await form.getByLabel('X column').inputValue()).toBe('1');
    expect(await form.getByLabel('Y column').inputValue()).toBe('3');
    await drawn(page, 'bar');
    await page.getByRole('img', { name: 'genes.tabular: bar chart of count by gene' }).waitFor();
    // Its tooltip is drawn on the canvas (richText): no HTML with style attributes, which the policy would refuse (a console error).
    await page.locator('.chart-canvas').hover();
    await page.waitForTimeout(300);
    await screenshot('chart-builder-bar');
    expect(await seriousViolations(page)).toEqual([]);

    await form.getByLabel('Line').check();
    await form.getByLabel('X column').selectOption({ label: 'count' });
    await form.getByLabel('Y column').selectOption({ label: 'ratio' });
    await drawn(page, 'line');
    await screenshot('chart-builder-line');

    await form.getByLabel('Scatter').check();
    // A scatter plot's X offers the numeric columns only.
    expect(await form.getByLabel('X column').locator('option').allInnerTexts()).toEqual(['count', 'ratio']);
    await drawn(page, 'scatter');
    await page.getByRole('img', { name: 'genes.tabular: scatter plot of ratio by count' }).waitFor();
    await screenshot('chart-builder-scatter');

    await form.getByLabel('Histogram').check();
    await form.getByLabel('Values column').selectOption({ label: 'count' });
    await form.getByLabel('Bins').fill('5');
    await drawn(page, 'histogram');
    await screenshot('chart-builder-histogram');
    // The accessible fallback: the plotted values (5 bins and their rows) as a table.
    await page.getByRole('button', { name: 'Show data as table' }).click();
    const table = page.getByRole('region', { name: 'Values plotted in genes.tabular' }).getByRole('table');
    expect(await table.getByRole('row').count()).toBe(6);
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['count from', 'to', 'Count']);
    const counted = (await table.getByRole('row').allInnerTexts()).slice(1).map((row) => Number(row.split('\t').pop()));
    expect(counted.reduce((sum, value) => sum + value, 0)).toBe(40);
    await page.getByRole('button', { name: 'Hide data table' }).click();

    await form.getByLabel('Box plot').check();
    await form.getByLabel('Values column').selectOption({ label: 'ratio' });
    await form.getByLabel('Group by column').selectOption({ label: 'group' });
    await drawn(page, 'boxplot');
    await page.getByRole('button', { name: 'Show data as table' }).click();
    const boxes = page.getByRole('region', { name: 'Values plotted in genes.tabular' }).getByRole('row');
    expect((await boxes.allInnerTexts()).slice(1).map((row) => row.split('\t')[0])).toEqual(['control', 'treated']);
    await screenshot('chart-builder-boxplot');
    expect(await seriousViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(180_000));

  it('saves a chart, reopens it from the visualizations list drawn with its options, and saves an edit as a new revision', async () => {
    const bea = await ui.h.newUser('bea-charts');
    const datasetId = await tabularDataset(bea, GENES, 'saved genes.tabular');
    const { page, consoleErrors, screenshot } = await ui.newPage(DESKTOP);
    await signIn(page, bea);
    await page.goto(`/visualizations/new?dataset=${datasetId}`);
    const form = page.getByRole('form', { name: 'Chart settings' });
    await form.getByLabel('Histogram').check();
    await form.getByLabel('Values column').selectOption({ label: 'ratio' });
    await form.getByLabel('Bins').fill('7');
    await form.getByLabel('Title').fill('Ratio histogram');
    await drawn(page, 'histogram');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Ratio histogram' }).waitFor();
    await drawn(page, 'histogram');
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    // The contract's record: type, title, dbkey, and a configuration naming the dataset, kind, columns and options.
    const saved = await ui.h.api.get(`/api/visualizations/${id}`).query({ key: bea.key });
    expect(saved.body).toEqual(expect.objectContaining({ type: 'chart_histogram', title: 'Ratio histogram' }));
    expect(saved.body.latest_revision.config).toEqual({ dataset_id: datasetId, kind: 'histogram', columns: { value: 4 }, options: { bins: 7 } });

    await page.goto('/visualizations');
    const row = page.getByRole('row').filter({ hasText: 'Ratio histogram' });
    expect(await row.innerText()).toMatch(/chart_histogram/);
    await row.getByRole('link', { name: 'Ratio histogram', exact: true }).click();
    await page.getByRole('heading', { name: 'Ratio histogram' }).waitFor();
    await drawn(page, 'histogram');
    const reopened = page.getByRole('form', { name: 'Chart settings' });
    expect(await reopened.getByLabel('Histogram').isChecked()).toBe(true);
    expect(await reopened.getByLabel('Values column').inputValue()).toBe('4');
    expect(await reopened.getByLabel('Bins').inputValue()).toBe('7');
    await page.getByRole('button', { name: 'Show data as table' }).click();
    expect(await page.getByRole('region', { name: 'Values plotted in Ratio histogram' }).getByRole('row').count()).toBe(8);
    await screenshot('chart-saved-histogram');
    expect(await seriousViolations(page)).toEqual([]);

    await reopened.getByLabel('Bins').fill('4');
    await reopened.getByRole('button', { name: 'Save' }).click();
    await reopened.getByRole('status').filter({ hasText: 'Saved as a new revision.' }).waitFor();
    await page.getByRole('list', { name: 'Revisions' }).getByRole('listitem').nth(1).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Ratio histogram' }).waitFor();
    expect(await page.getByRole('form', { name: 'Chart settings' }).getByLabel('Bins').inputValue()).toBe('4');
    expect(await page.getByRole('list', { name: 'Revisions' }).getByRole('listitem').count()).toBe(2);
    await drawn(page, 'histogram');

    // At 390 wide the settings go above the chart.
    const phone = await ui.newPage(PHONE);
    await signIn(phone.page, bea);
    await phone.page.goto(`/visualizations/${id}`);
    await phone.page.getByRole('heading', { name: 'Ratio histogram' }).waitFor();
    await drawn(phone.page, 'histogram');
    await phone.screenshot('chart-saved-phone');
    expect(await seriousViolations(phone.page)).toEqual([]);
    expect(phone.consoleErrors).toEqual([]);
    await phone.page.close();
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(180_000));

  it('reads a dataset of 200,000 rows as a sample and says so', async () => {
    const cai = await ui.h.newUser('cai-charts');
    const lines = Array.from({ length: 200_000 }, (_, index) => `${index}\t${Math.round(500 + 300 * Math.sin(index / 15_000) + ((index * 37) % 150))}`);
    const datasetId = await tabularDataset(cai, `#position\tdepth\n${lines.join('\n')}`, 'coverage.tabular');
    const { page, consoleErrors, screenshot } = await ui.newPage(DESKTOP);
    await signIn(page, cai);
    await page.goto(`/visualizations/new?dataset=${datasetId}`);
    const form = page.getByRole('form', { name: 'Chart settings' });
    await form.getByLabel('Scatter').check();
    await page.getByRole('note').filter({ hasText: 'Showing a sample of 50,000 of 200,000 rows' }).waitFor({ timeout: patient(60_000) });
    await drawn(page, 'scatter');
    await page.getByText('(50,000 rows, sampled)').waitFor();
    await screenshot('chart-sampled-scatter');
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(180_000));

  it('opens a published chart for an anonymous visitor at u/<user>/v/<slug>, drawn; another user cannot open a private one', async () => {
    const dee = await ui.h.newUser('dee-charts');
    const datasetId = await tabularDataset(dee, GENES, 'published genes.tabular');
    const { page, consoleErrors } = await ui.newPage(DESKTOP);
    await signIn(page, dee);
    await page.goto(`/visualizations/new?dataset=${datasetId}`);
    const form = page.getByRole('form', { name: 'Chart settings' });
    await form.getByLabel('Title').fill('Gene counts');
    await drawn(page, 'bar');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Gene counts' }).waitFor();
    const publishedId = new URL(page.url()).pathname.split('/').pop() ?? '';
    // Published through the sharing screen, as every item is.
    await page.getByRole('link', { name: 'Share or publish' }).click();
    await page.getByLabel('Published (listed for everyone)').click();
    await page.getByText('Anyone with this link may see it').waitFor();

    await page.goto(`/visualizations/new?dataset=${datasetId}`);
    await form.getByLabel('Title').fill('Private counts');
    await drawn(page, 'bar');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Private counts' }).waitFor();
    const privateId = new URL(page.url()).pathname.split('/').pop() ?? '';
    expect(consoleErrors).toEqual([]);
    await page.close();

    const slug = (await ui.h.api.get(`/api/visualizations/${publishedId}`).query({ key: dee.key })).body.slug as string;
    const visitor = await ui.newPage(PHONE);
    await visitor.page.goto(`/u/dee-charts/v/${slug}`);
    await visitor.page.getByRole('heading', { name: 'Gene counts' }).waitFor();
    expect(new URL(visitor.page.url()).pathname).toBe(`/visualizations/${publishedId}`);
    await drawn(visitor.page, 'bar');
    await visitor.page.getByRole('img', { name: 'Gene counts: bar chart of count by gene' }).waitFor();
    // A visitor sees the chart, not the builder.
    expect(await visitor.page.getByRole('form', { name: 'Chart settings' }).count()).toBe(0);
    await visitor.screenshot('chart-published-visitor-phone');
    // A visitor may chart a public dataset, and is asked to sign in to save it.
    await visitor.page.goto(`/visualizations/new?dataset=${datasetId}`);
    await drawn(visitor.page, 'bar');
    await visitor.page.getByText('Sign in to save the chart.').waitFor();
    expect(await visitor.page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await seriousViolations(visitor.page)).toEqual([]);
    await visitor.screenshot('chart-builder-visitor-phone');
    expect(visitor.consoleErrors).toEqual([]);
    await visitor.page.close();

    const eli = await ui.h.newUser('eli-charts');
    const other = await ui.newPage(DESKTOP);
    await signIn(other.page, eli);
    await other.page.goto(`/visualizations/${privateId}`);
    const refusal = other.page.getByRole('alert').filter({ hasText: 'Could not open the visualization' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('Visualization is not accessible to the current user');
    expect(await other.page.locator('.chart-canvas').count()).toBe(0);
    await other.screenshot('chart-private-refused');
    await other.page.close();
  }, patient(180_000));
});
