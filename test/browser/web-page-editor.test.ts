import { readFileSync } from 'node:fs';
import type { Dialog, Page } from 'playwright-core';
import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { patient } from '../support/patience';
import type { TestUser } from '../support/test-platform';
import { catHeadWorkflow, importWorkflow } from '../support/workflow-helpers';
import { DESKTOP, PHONE, describeInBrowser, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';

/**
 * Pages written in the web UI (issue 34, item 7): the Pages list, "Create new page" and "Edit content"
 * with Markdown, the "Embed …" pickers and the preview; the page's view drawing its embedded items
 * with the viewer's rights (a visitor at its 15.05 address, another user refused a private dataset);
 * and nothing a writer types runs as script or breaks the Content-Security-Policy.
 */
let ui: WebUiHarness;

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const mainMenu = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** axe-core's serious and critical violations (WCAG 2 A and AA) of the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const { axe, document } = globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> }; document: unknown };
    return (await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })).violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** The page's Content-Security-Policy violations (the event, and Chromium's console lines). */
async function watchPolicy(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportPolicyViolation', (line: string) => violations.push(line));
  await page.addInitScript(() => {
    const target = globalThis as unknown as {
      document: { addEventListener(type: string, listener: (event: { violatedDirective: string; blockedURI: string }) => void, capture: boolean): void };
      __reportPolicyViolation(line: string): void;
    };
    target.document.addEventListener('securitypolicyviolation', (event) => target.__reportPolicyViolation(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'}`), true);
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

async function uploaded(owner: TestUser, historyId: string, name: string, content: string, fileType = 'tabular'): Promise<string> {
  const upload = await uploadText(ui.h, owner.key, historyId, content, { fileType, name });
  expect((await waitForJob(ui.h, owner.key, upload.jobId)).state).toBe('ok');
  return upload.datasetId;
}

const embedded = (page: Page, kind: string, name: string) => page.getByRole('region', { name: `Embedded ${kind} ${name}` });

describeInBrowser('pages written in the web UI', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
  }, patient(180_000));
  afterAll(() => ui?.close());

  it('writes a page in Markdown with an embedded history, dataset, workflow and visualization, views it, edits the same source again, publishes it, and a visitor reads it at /u/<user>/p/<slug>', async () => {
    const writer = await ui.h.newUser('page-writer');
    const historyId = await createHistory(ui.h, writer.key, 'RNA-seq run');
    const countsId = await uploaded(writer, historyId, 'counts.tsv', 'gene\tcount\nBRCA1\t42\nTP53\t7\n');
    await importWorkflow(ui.h, writer.key, catHeadWorkflow('Map and count'));
    // A chart of the dataset's columns (the chart builder's record), drawn in the page as on its own screen.
    const chartConfig = { dataset_id: countsId, kind: 'bar', columns: { x: 1, y: 2 }, options: { aggregate: 'sum' } };
    await ui.h.api.post('/api/visualizations').query({ key: writer.key }).send({ type: 'chart_bar', title: 'Counts by gene', dbkey: 'hg38', config: chartConfig }).expect(200);

    const { page, consoleErrors, screenshot } = await ui.newPage(DESKTOP);
    await signIn(page, writer);
    await mainMenu(page, 'Pages').click();
    await page.getByRole('heading', { name: 'Pages' }).waitFor();
    await page.getByText('You have no pages yet.').waitFor();
    await page.getByRole('link', { name: 'Create new page' }).click();
    await page.getByRole('heading', { name: 'Create new page' }).waitFor();
    await page.getByLabel('Page title').fill('Results of run 3');
    expect(await page.getByLabel('Page identifier').inputValue()).toBe('results-of-run-3');
    await page.getByLabel('Page annotation').fill('What run 3 gave');
    const source = page.getByLabel('Content (Markdown)');
    await source.fill('# Run 3\n\nReads were **trimmed** with `cutadapt`; see [the protocol](https://example.org/protocol).\n\n- mapped\n- counted\n');
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByRole('heading', { name: 'Run 3' }).waitFor();
    await preview.getByRole('link', { name: 'the protocol' }).waitFor();

    await page.getByRole('button', { name: 'Embed history' }).click();
    await page.getByRole('region', { name: 'Embed History' }).getByRole('button', { name: 'RNA-seq run' }).click();
    await page.getByRole('button', { name: 'Embed dataset' }).click();
    const datasetPicker = page.getByRole('region', { name: 'Embed Dataset' });
    await datasetPicker.getByLabel('History').selectOption({ label: 'RNA-seq run' });
    await datasetPicker.getByRole('button', { name: '1: counts.tsv' }).click();
    await page.getByRole('button', { name: 'Embed workflow' }).click();
    await page.getByRole('region', { name: 'Embed Workflow' }).getByRole('button', { name: 'Map and count (imported from API)' }).click();
    await preview.getByText("Embedded Workflow 'Map and count (imported from API)'").waitFor();
    await page.getByRole('button', { name: 'Embed visualization' }).click();
    await page.getByRole('region', { name: 'Embed Visualization' }).getByRole('button', { name: 'Counts by gene' }).click();
    await preview.getByText("Embedded Visualization 'Counts by gene'").waitFor();
    const written = await source.inputValue();
    expect(written).toMatch(/\{\{history [0-9a-f]+ \| RNA-seq run\}\}/);
    expect(written).toMatch(/\{\{dataset [0-9a-f]+ \| counts.tsv\}\}/);
    await screenshot('page-editor-create');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create page' }).click();

    // The view: the text, and the embedded items drawn from what the graph read of them.
    await page.getByRole('heading', { name: 'Results of run 3' }).waitFor();
    await page.getByRole('heading', { name: 'Run 3', exact: true }).waitFor();
    const history = embedded(page, 'history', 'RNA-seq run');
    await history.getByRole('link', { name: 'counts.tsv' }).waitFor();
    const dataset = embedded(page, 'dataset', 'counts.tsv');
    await dataset.getByText('BRCA1').waitFor();
    const workflow = embedded(page, 'workflow', 'Map and count (imported from API)');
    await workflow.getByRole('listitem').first().waitFor();
    expect(await workflow.getByRole('listitem').count()).toBeGreaterThan(1);
    await embedded(page, 'visualization', 'Counts by gene').getByText('Type chart_bar, genome build hg38').waitFor();
    await embedded(page, 'visualization', 'Counts by gene').getByRole('img', { name: /^Counts by gene: bar chart/ }).waitFor();
    await screenshot('page-view');
    expect(await seriousViolations(page)).toEqual([]);
    const pageAddress = new URL(page.url()).pathname;

    // Edit content: the same Markdown comes back from the stored HTML.
    await page.getByRole('link', { name: 'Edit content' }).click();
    await page.getByRole('heading', { name: 'Edit content: Results of run 3' }).waitFor();
    expect(await page.getByLabel('Content (Markdown)').inputValue()).toBe(written.trim());
    await screenshot('page-editor-edit');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Content (Markdown)').fill(`${written.trim()}\n\nA second *revision*.`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === pageAddress);
    await page.getByText('A second revision.').waitFor();
    await embedded(page, 'dataset', 'counts.tsv').getByText('BRCA1').waitFor();

    // The list, then publishing through the sharing screen.
    await mainMenu(page, 'Pages').click();
    const row = page.getByRole('row').filter({ hasText: 'Results of run 3' });
    await row.getByRole('link', { name: 'Edit content of Results of run 3' }).waitFor();
    await row.getByRole('link', { name: 'View Results of run 3' }).waitFor();
    await screenshot('pages-list');
    await row.getByRole('link', { name: 'Share or Publish Results of run 3' }).click();
    await page.getByLabel('Published (listed for everyone)').click();
    await page.getByText('Anyone with this link may see it').waitFor();
    expect(await page.getByLabel('Published (listed for everyone)').isChecked()).toBe(true);
    await screenshot('page-published');
    await ui.h.api.put(`/api/histories/${historyId}/publish`).query({ key: writer.key }).expect(200);
    expect(consoleErrors).toEqual([]);
    await page.close();

    // A visitor, at the 15.05 address, on a phone: the published history and its dataset are shown; the
    // workflow, not shared, is refused.
    const visitor = await ui.newPage(PHONE);
    await visitor.page.goto(`/u/page-writer/p/results-of-run-3`);
    await visitor.page.getByRole('heading', { name: 'Results of run 3' }).waitFor();
    await embedded(visitor.page, 'history', 'RNA-seq run').getByRole('link', { name: 'counts.tsv' }).waitFor();
    await embedded(visitor.page, 'dataset', 'counts.tsv').getByText('BRCA1').waitFor();
    await visitor.page.getByRole('region', { name: "Embedded workflow Map and count (imported from API)" }).getByText('This item is not accessible to you.').waitFor();
    await visitor.screenshot('page-view-visitor-390');
    expect(await seriousViolations(visitor.page)).toEqual([]);
    expect(visitor.consoleErrors).toEqual([]);
    await visitor.page.close();
  }, patient(240_000));

  it("shows another user 'This item is not accessible to you' for an embedded private dataset, never its content", async () => {
    const owner = await ui.h.newUser('page-private-owner');
    const reader = await ui.h.newUser('page-private-reader');
    const historyId = await createHistory(ui.h, owner.key, 'Private things');
    const secret = await uploaded(owner, historyId, 'secret.txt', 'SECRET-MARKER line\n', 'txt');
    await ui.h.api.put(`/api/datasets/${secret}/permissions`).query({ key: owner.key }).send({ action: 'make_private' }).expect(200);
    await ui.h.api.put(`/api/histories/${historyId}/publish`).query({ key: owner.key }).expect(200);
    const content =
      `<p>Before</p><div class="embedded-item dataset placeholder" id="HistoryDatasetAssociation-${secret}"><p class="title">Embedded Galaxy Dataset 'secret.txt'</p><p class="content">[Do not edit]</p></div>` +
      `<div class="embedded-item history placeholder" id="History-${historyId}"><p class="title">Embedded Galaxy History 'Private things'</p></div><p>After</p>`;
    const created = await ui.h.api.post('/api/pages').query({ key: owner.key }).send({ slug: 'private-embed', title: 'Private embed', content }).expect(200);
    await ui.h.api.put(`/api/pages/${created.body.id}/publish`).query({ key: owner.key }).expect(200);

    const { page, consoleErrors, screenshot } = await ui.newPage(DESKTOP);
    await signIn(page, reader);
    await page.goto(`/u/page-private-owner/p/private-embed`);
    await page.getByRole('heading', { name: 'Private embed' }).waitFor();
    await page.getByText('After').waitFor();
    await embedded(page, 'dataset', 'secret.txt').getByText('This item is not accessible to you.').waitFor();
    // Listed in its published history, the dataset shows its name only.
    await embedded(page, 'history', 'Private things').getByText('(not accessible to you)').waitFor();
    expect(await embedded(page, 'history', 'Private things').getByRole('link', { name: 'secret.txt' }).count()).toBe(0);
    expect(await page.getByText('SECRET-MARKER').count()).toBe(0);
    await screenshot('page-view-refused');
    // Nor may they edit it.
    await page.goto(`/pages/${created.body.id}/edit`);
    await page.getByRole('alert').filter({ hasText: "Only the owner of 'Private embed' may edit its content." }).waitFor();
    expect(await page.getByLabel('Content (Markdown)').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await page.close();

    // Its owner sees it.
    const mine = await ui.newPage(DESKTOP);
    await signIn(mine.page, owner);
    await mine.page.goto(`/pages/${created.body.id}`);
    await embedded(mine.page, 'dataset', 'secret.txt').getByText('SECRET-MARKER line').waitFor();
    await mine.page.close();
  }, patient(120_000));

  it('runs nothing a writer types (script, onerror, javascript: links, inline style) in the preview or the view, and logs no policy violation', async () => {
    const writer = await ui.h.newUser('page-xss-writer');
    const { page, consoleErrors, screenshot } = await ui.newPage(DESKTOP);
    const violations = await watchPolicy(page);
    const dialogs: string[] = [];
    page.on('dialog', (dialog: Dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss().catch(() => undefined);
    });
    const ran = () => page.evaluate(() => (globalThis as unknown as { __xss?: unknown }).__xss ?? null);
    await signIn(page, writer);
    await page.goto('/pages/new');
    await page.getByLabel('Page title').fill('Payloads');
    const payloads = [
      '<script>window.__xss = "script"; alert(1)</script>',
      '<img src=x onerror="window.__xss = \'onerror\'; alert(2)">',
      '[click me](javascript:window.__xss="link";alert(3))',
      '<span style="color: red">styled</span> <style>body { display: none }</style>',
      '<a href="javascript:alert(4)">raw link</a>',
    ];
    await page.getByLabel('Content (Markdown)').fill(payloads.join('\n\n'));
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByText('<script>window.__xss = "script"; alert(1)</script>').waitFor();
    expect(await preview.getByRole('link').count()).toBe(0);
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.getByRole('heading', { name: 'Payloads' }).waitFor();
    await page.getByText('<img src=x onerror="window.__xss = \'onerror\'; alert(2)">').waitFor();
    expect(await page.locator('article.page-content a').count()).toBe(0);
    expect(await page.locator('article.page-content [style], article.page-content script, article.page-content img').count()).toBe(0);

    // The same payloads as HTML through the API (the server's sanitizer), shown by the view and read by the editor.
    const html = `<p>Raw</p>${payloads.slice(0, 2).join('')}<p><a href="javascript:alert(5)">raw link</a> <span style="color: red" onclick="alert(6)">styled</span></p><style>body{display:none}</style>`;
    const created = await ui.h.api.post('/api/pages').query({ key: writer.key }).send({ slug: 'raw-payloads', title: 'Raw payloads', content: html }).expect(200);
    await page.goto(`/pages/${created.body.id}`);
    await page.getByText('Raw', { exact: true }).waitFor();
    await page.getByText('styled').waitFor();
    expect(await page.locator('article.page-content [style], article.page-content [onclick], article.page-content script, article.page-content a[href^="javascript"]').count()).toBe(0);
    await page.getByRole('link', { name: 'Edit content' }).click();
    const source = await page.getByLabel('Content (Markdown)').inputValue();
    expect(source).toContain('raw link');
    expect(source).not.toContain('javascript');
    await screenshot('page-editor-payloads');
    await page.waitForTimeout(300);
    expect({ dialogs, ran: await ran(), violations, consoleErrors }).toEqual({ dialogs: [], ran: null, violations: [], consoleErrors: [] });
    await page.close();
  }, patient(120_000));

  it('lays the editor out in one column at 390 pixels wide, with no serious accessibility violation', async () => {
    const writer = await ui.h.newUser('page-phone-writer');
    const { page, consoleErrors, screenshot } = await ui.newPage(PHONE);
    await signIn(page, writer);
    await page.goto('/pages/new');
    await page.getByLabel('Content (Markdown)').fill('## On a phone\n\n1. one\n2. two\n\n> quoted');
    await page.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'On a phone' }).waitFor();
    const overflow = await page.evaluate(() => {
      const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot('page-editor-390');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/pages');
    await page.getByRole('heading', { name: 'Pages' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));
});
