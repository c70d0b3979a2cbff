import type { Page } from 'playwright-core';
import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { guidOf, reverseToolXml } from '../support/depot-install-helpers';
import { createRepository, publish } from '../support/depot-helpers';
import { patient } from '../support/patience';
import { startTestDepot, type TestDepot } from '../support/test-depot';
import { type ToolDataFixture, toolDataFixture } from '../support/tool-data-helpers';
import { seriousViolations } from './axe-audit';
import { describeInBrowser, makeCurrent, PHONE, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';

/**
 * The administrator's Repositories, Tools and data, and Data tables screens (issue 36, items 5 and
 * 6): the depot searched, a repository installed with its progress shown, its tool run from
 * /tools/<id> until the job finishes, the repository deactivated (its tool leaves the panel), both
 * actions in the audit log; a tool data table reloaded and the tools reloaded; each screen
 * axe-clean at 1280 and 390.
 */
let ui: WebUiHarness;
let depot: TestDepot;
let tables: ToolDataFixture;
let guid: string;

/** How wide the document is (wider than the window: the screen scrolls sideways as a whole). */
const pageWidth = (page: Page) => page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);

describeInBrowser('the administration of tools, data and repositories', () => {
  beforeAll(async () => {
    tables = toolDataFixture();
    depot = await startTestDepot({}, { listen: true });
    const author = await depot.newUser('author');
    const repository = await createRepository(depot, author, 'text_reverse', { type: 'unrestricted', synopsis: 'Reverses the lines of texts' });
    await publish(depot, author, repository, { 'reverse.xml': reverseToolXml('1.0.0') }, 'Version 1.0.0');
    await depot.settled();
    guid = guidOf(depot, 'author', 'text_reverse', 'reverse_lines', '1.0.0');
    ui = await startWebUiHarness({ DEPOT_URLS: depot.url!, ...tables.env });
  }, patient(180_000));
  afterAll(async () => {
    await ui?.close();
    await depot?.close();
    tables?.remove();
  });

  it('searches the depot, installs a repository showing its progress, runs its tool, deactivates it; the audit log lists both', async () => {
    const historyId = await createHistory(ui.h, ui.h.admin.key, 'Reversals');
    const upload = await uploadText(ui.h, ui.h.admin.key, historyId, 'alpha\nbeta\ngamma\n', { name: 'lines.txt', fileType: 'txt' });
    await waitForJob(ui.h, ui.h.admin.key, upload.jobId);
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, ui.h.admin);
    await makeCurrent(page, 'Reversals');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Repositories' }).click();
    await page.getByRole('heading', { level: 1, name: 'Repositories' }).waitFor();
    const search = page.getByRole('search', { name: "Search the depot's repositories" });
    await search.getByLabel('Search repositories').fill('reverse');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('rowheader', { name: 'text_reverse' }).getByRole('button', { name: 'text_reverse' }).click();
    await page.getByRole('heading', { name: 'Repository author/text_reverse' }).waitFor();
    await page.getByRole('table', { name: 'Tools of author/text_reverse in the depot' }).getByRole('rowheader', { name: 'Reverse lines' }).waitFor();
    await page.getByText('None.').waitFor();
    await screenshot('admin-repositories-1-found');
    const install = page.getByRole('form', { name: 'Install author/text_reverse' });
    await install.getByLabel('New tool panel section (optional)').fill('Text Reversal');
    await install.getByRole('button', { name: 'Install' }).click();
    await page.getByRole('progressbar', { name: 'Install progress' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'The install is done.' }).waitFor({ timeout: patient(30_000) });
    const installed = page.getByRole('table', { name: 'Repositories installed from the depots' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'author/text_reverse' }) });
    await installed.getByRole('cell', { name: 'Installed', exact: true }).waitFor();
    await screenshot('admin-repositories-2-installed');
    const violations = await seriousViolations(page, 'repositories 1280');

    await installed.getByRole('link', { name: 'Reverse lines 1.0.0' }).click();
    await page.getByRole('heading', { name: 'Reverse lines' }).waitFor();
    expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(`/tools/${guid}`);
    const form = page.getByRole('form', { name: 'Reverse lines form' });
    await form.getByRole('button', { name: 'Run tool' }).click();
    await form.getByRole('status').filter({ hasText: /^1 job queued; output 2: / }).waitFor();
    await page.getByRole('listitem').filter({ hasText: /^2: / }).locator('[data-state="ok"]').waitFor({ timeout: patient(30_000) });
    await screenshot('admin-repositories-3-tool-run');

    await page.goto('/admin/repositories');
    await installed.getByRole('button', { name: /^Deactivate author\/text_reverse/ }).click();
    await page.getByRole('status').filter({ hasText: 'Deactivate: author/text_reverse is now Deactivated.' }).waitFor();
    await installed.getByRole('cell', { name: 'Deactivated', exact: true }).waitFor();
    await screenshot('admin-repositories-4-deactivated');
    await page.goto('/tools');
    const panel = page.getByRole('navigation', { name: 'Tools' });
    await panel.getByRole('link', { name: 'Concatenate datasets' }).first().waitFor();
    expect(await panel.getByRole('link', { name: 'Reverse lines' }).count()).toBe(0);

    await page.goto('/admin/audit-log');
    for (const action of ['repository.install', 'repository.deactivate']) {
      await page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: action }) }).filter({ hasText: 'text_reverse' }).first().waitFor();
    }
    expect(violations).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));

  it('reloads a tool data table, removes an entry, and reloads the tools; every screen passes axe at 1280 and 390', async () => {
    const violations: string[] = [];
    for (const viewport of [undefined, PHONE]) {
      const suffix = viewport ? '-phone' : '';
      const { page, consoleErrors, screenshot } = await ui.newPage(viewport);
      await signIn(page, ui.h.admin);
      await page.goto('/admin/tool-data');
      await page.getByRole('heading', { level: 1, name: 'Data tables' }).waitFor();
      await page.getByRole('link', { name: 'testalpha' }).click();
      const entries = page.getByRole('table', { name: 'Entries of the data table testalpha' });
      await entries.getByRole('rowheader', { name: 'data2' }).waitFor();
      if (!viewport) {
        tables.append(tables.alphaLoc, 'data3\tdata3name\t/data/data3/entry.txt\n');
        await page.getByRole('button', { name: 'Reload' }).click();
        await page.getByRole('status').filter({ hasText: 'Data table testalpha reloaded: 3 entries.' }).waitFor();
        await entries.getByRole('rowheader', { name: 'data3' }).waitFor();
        await entries.getByRole('button', { name: 'Delete entry data3' }).click();
        await entries.getByRole('button', { name: 'Confirm removal of data3' }).click();
        await page.getByRole('status').filter({ hasText: 'Entry data3 removed from testalpha.' }).waitFor();
        expect(await entries.getByRole('rowheader', { name: 'data3' }).count()).toBe(0);
        expect(tables.read(tables.alphaLoc)).not.toContain('data3');
      }
      await screenshot(`admin-tools-data-tables${suffix}`);
      if (viewport) expect(await pageWidth(page)).toBe(PHONE.width);
      violations.push(...(await seriousViolations(page, `data tables ${viewport ? 390 : 1280}`)));

      await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Tools and data' }).click();
      await page.getByRole('heading', { level: 1, name: 'Tools and data' }).waitFor();
      await page.getByRole('table', { name: "The tool panel's tools by section" }).getByRole('rowheader', { name: 'Concatenate datasets' }).waitFor();
      await page.getByRole('table', { name: 'Datatypes with their classes and converters' }).getByRole('rowheader', { name: 'tabular' }).waitFor();
      if (!viewport) {
        await page.getByRole('button', { name: 'Reload tools' }).click();
        await page.getByRole('status').filter({ hasText: /^Tools reloaded: 0 added, 0 removed, 0 changed\./ }).waitFor();
      }
      await screenshot(`admin-tools${suffix}`);
      if (viewport) expect(await pageWidth(page)).toBe(PHONE.width);
      violations.push(...(await seriousViolations(page, `tools and data ${viewport ? 390 : 1280}`)));

      if (viewport) {
        await page.goto('/admin/repositories?q=reverse&owner=author&name=text_reverse');
        await page.getByRole('heading', { name: 'Repository author/text_reverse' }).waitFor();
        await page.getByRole('table', { name: 'Repositories installed from the depots' }).getByRole('rowheader', { name: 'author/text_reverse' }).waitFor();
        await screenshot('admin-repositories-phone');
        expect(await pageWidth(page)).toBe(PHONE.width);
        violations.push(...(await seriousViolations(page, 'repositories 390')));
      }
      expect(consoleErrors).toEqual([]);
      await page.close();
    }
    expect(violations).toEqual([]);
  }, patient(120_000));
});
