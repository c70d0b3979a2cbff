import type { Page } from 'playwright-core';
import { createHistory } from '../support/data-helpers';
import { decoded, sql } from '../support/job-helpers';
import { seedNamedDatasets } from '../support/named-datasets';
import { seriousViolations } from './axe-audit';
import { countOperations } from './graph-requests';
import { describeInBrowser, PHONE, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';
import { patient } from '../support/patience';

/**
 * Building collections from the history panel's selection, in 15.05's words: "Build Dataset List",
 * "Build Dataset Pair", "Build List of Dataset Pairs" (pairing by name with editable patterns,
 * leftovers shown unpaired, pairs undone or made by hand); each collection is one request.
 */
let ui: WebUiHarness;

const select = (page: Page, hid: number, name: string) => page.getByRole('checkbox', { name: `Select ${hid}: ${name}` });

/** The elements of a collection of the history as REST shows them: identifiers, and a pair's forward/reverse dataset names. */
async function elementsOf(historyId: string, collectionHid: number, key: string): Promise<unknown[]> {
  const contents = await ui.h.api.get(`/api/histories/${historyId}/contents`).query({ key });
  const collection = (contents.body as Array<{ hid: number; id: string; history_content_type: string }>).find((item) => item.hid === collectionHid && item.history_content_type === 'dataset_collection');
  if (!collection) throw new Error(`no collection of hid ${collectionHid}`);
  const shown = await ui.h.api.get(`/api/histories/${historyId}/contents/dataset_collections/${collection.id}`).query({ key });
  return (shown.body.elements as Array<{ element_identifier: string; object: { name?: string; elements?: Array<{ element_identifier: string; object: { name: string } }> } }>).map((element) =>
    element.object.elements ? [element.element_identifier, element.object.elements.map((inner) => `${inner.element_identifier}=${inner.object.name}`)] : [element.element_identifier, element.object.name],
  );
}

describeInBrowser('building collections from a selection in the web UI', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
  }, patient(180_000));
  afterAll(() => ui?.close());

  describe('Build Dataset List, Build Dataset Pair, Build List of Dataset Pairs', () => {
    it('builds a list with edited names, a pair, and a list of pairs by _1/_2 and _R1/_R2 with a leftover unpaired', async () => {
      const user = await ui.h.newUser('builder-bea');
      const historyId = await createHistory(ui.h, user.key, 'Reads');
      await seedNamedDatasets(ui.h, decoded(ui.h, historyId), ['x_1.fastq', 'x_2.fastq', 'y_R1', 'y_R2', 'z_1.fastq'], 'fastqsanger');
      const { page, consoleErrors, screenshot } = await ui.newPage();
      await signIn(page, user);
      const builds = countOperations(page, 'BuildCollectionFromSelection');
      await page.goto(`/histories/${historyId}`);
      await page.locator('[data-hid="5"]').waitFor();
      await page.getByRole('button', { name: 'Select items' }).click();

      // A list of x_1 and x_2, element names edited, the originals kept in view.
      await select(page, 1, 'x_1.fastq').check();
      await select(page, 2, 'x_2.fastq').check();
      await page.getByRole('button', { name: 'Build Dataset List' }).click();
      const list = page.getByRole('region', { name: 'Build Dataset List' });
      await list.getByLabel('Element name of 1: x_1.fastq').fill('first');
      await list.getByLabel('Name', { exact: true }).fill('x list');
      await list.getByLabel('Hide original elements').uncheck();
      await screenshot('builder-list');
      await list.getByRole('button', { name: 'Create list' }).click();
      await page.getByRole('status').filter({ hasText: 'Created 6: x list (2 elements)' }).waitFor();
      expect(await elementsOf(historyId, 6, user.key)).toEqual([
        ['first', 'x_1.fastq'],
        ['x_2.fastq', 'x_2.fastq'],
      ]);

      // A pair of y_R1 and y_R2.
      await select(page, 3, 'y_R1').check();
      await select(page, 4, 'y_R2').check();
      await page.getByRole('button', { name: 'Build Dataset Pair' }).click();
      const pair = page.getByRole('region', { name: 'Build Dataset Pair' });
      expect(await pair.getByLabel('Forward').inputValue()).not.toBe(await pair.getByLabel('Reverse').inputValue());
      await pair.getByLabel('Name', { exact: true }).fill('y pair');
      await pair.getByLabel('Hide original elements').uncheck();
      await screenshot('builder-pair');
      await pair.getByRole('button', { name: 'Create pair' }).click();
      await page.getByRole('status').filter({ hasText: 'Created 7: y pair (2 elements)' }).waitFor();
      expect(await elementsOf(historyId, 7, user.key)).toEqual([
        ['forward', 'y_R1'],
        ['reverse', 'y_R2'],
      ]);

      // A list of pairs of all five: _1/_2 pairs x, leaving z_1 and the y files unpaired.
      for (const [hid, name] of [
        [1, 'x_1.fastq'],
        [2, 'x_2.fastq'],
        [3, 'y_R1'],
        [4, 'y_R2'],
        [5, 'z_1.fastq'],
      ] as const) {
        await select(page, hid, name).check();
      }
      await page.getByRole('button', { name: 'Build List of Dataset Pairs' }).click();
      const pairs = page.getByRole('region', { name: 'Build List of Dataset Pairs' });
      await pairs.getByText('1 pair, 3 unpaired').waitFor();
      expect(await pairs.getByLabel('Name of the pair x_1.fastq and x_2.fastq').inputValue()).toBe('x');
      const unpaired = pairs.getByRole('list', { name: 'Unpaired datasets' });
      expect(await unpaired.getByRole('listitem').allTextContents()).toEqual(['3: y_R1', '4: y_R2', '5: z_1.fastq']);
      await screenshot('builder-pairs-1-2');
      // The _R1/_R2 preset pairs y instead; back to _1/_2, and y paired by hand.
      await pairs.getByRole('button', { name: '_R1 and _R2' }).click();
      await pairs.getByText('1 pair, 3 unpaired').waitFor();
      expect(await pairs.getByLabel('Name of the pair y_R1 and y_R2').inputValue()).toBe('y');
      await pairs.getByRole('button', { name: '_1 and _2' }).click();
      await pairs.getByRole('combobox', { name: /^Forward/ }).selectOption({ label: '3: y_R1' });
      await pairs.getByRole('combobox', { name: /^Reverse/ }).selectOption({ label: '4: y_R2' });
      await pairs.getByRole('button', { name: 'Pair these datasets' }).click();
      await pairs.getByText('2 pairs, 1 unpaired').waitFor();
      expect(await unpaired.getByRole('listitem').allTextContents()).toEqual(['5: z_1.fastq']);
      // Undone and made again by hand.
      await pairs.getByRole('button', { name: 'Unpair y' }).click();
      await pairs.getByText('1 pair, 3 unpaired').waitFor();
      await pairs.getByRole('combobox', { name: /^Forward/ }).selectOption({ label: '3: y_R1' });
      await pairs.getByRole('combobox', { name: /^Reverse/ }).selectOption({ label: '4: y_R2' });
      await pairs.getByRole('button', { name: 'Pair these datasets' }).click();
      await pairs.getByText('2 pairs, 1 unpaired').waitFor();
      await pairs.getByLabel('Name', { exact: true }).fill('paired reads');
      await screenshot('builder-pairs-by-hand');
      await pairs.getByRole('button', { name: 'Create list' }).click();
      await page.getByRole('status').filter({ hasText: 'Created 8: paired reads (2 elements)' }).waitFor();
      expect(await elementsOf(historyId, 8, user.key)).toEqual([
        ['x', ['forward=x_1.fastq', 'reverse=x_2.fastq']],
        ['y', ['forward=y_R1', 'reverse=y_R2']],
      ]);
      // "Hide original elements" (on by default) hid the four paired datasets, not the leftover.
      const visible = await sql<{ hid: number }>(ui.h, 'select hid from history_dataset_association where history_id = ? and visible order by hid', [decoded(ui.h, historyId)]);
      expect(visible.map((row) => row.hid)).toEqual([5]);
      await page.locator('[data-hid="1"]').waitFor({ state: 'detached' });
      await screenshot('builder-pairs-created');
      expect(builds.count()).toBe(3);
      expect(consoleErrors).toEqual([]);
      await page.close();
    }, patient(120_000));
  });

  describe('500 pairs in one action', () => {
    it('pairs 1,000 datasets by _R1/_R2 at once and creates the list in one request', async () => {
      const user = await ui.h.newUser('builder-ben');
      const historyId = await createHistory(ui.h, user.key, 'Five hundred pairs');
      const names = Array.from({ length: 500 }, (_, i) => [`s${i + 1}_R1.fastq`, `s${i + 1}_R2.fastq`]).flat();
      await seedNamedDatasets(ui.h, decoded(ui.h, historyId), names, 'fastqsanger');
      const { page, consoleErrors, screenshot } = await ui.newPage();
      await signIn(page, user);
      const builds = countOperations(page, 'BuildCollectionFromSelection');
      await page.goto(`/histories/${historyId}`);
      await page.locator('[data-hid="1000"]').waitFor();
      await page.getByRole('button', { name: 'Select items' }).click();
      await page.getByRole('button', { name: 'Select all' }).click();
      await page.getByText('All 1000 selected').waitFor();
      await page.getByRole('button', { name: 'Build List of Dataset Pairs' }).click();
      const pairs = page.getByRole('region', { name: 'Build List of Dataset Pairs' });
      await pairs.getByRole('button', { name: '_R1 and _R2' }).click();
      await pairs.getByText('500 pairs, 0 unpaired').waitFor();
      await pairs.getByLabel('Name', { exact: true }).fill('all samples');
      await screenshot('builder-500-pairs');
      const answered = page.waitForResponse((response) => response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('BuildCollectionFromSelection('));
      const clicked = Date.now();
      await pairs.getByRole('button', { name: 'Create list' }).click();
      await answered;
      const requestMs = Date.now() - clicked;
      await page.getByRole('status').filter({ hasText: 'Created 1001: all samples (500 elements)' }).waitFor();
      process.stdout.write(`a list of 500 pairs built from the panel in one request: ${requestMs} ms (${Date.now() - clicked} ms until shown)\n`);
      const elements = await elementsOf(historyId, 1001, user.key);
      expect(elements).toHaveLength(500);
      expect(elements[499]).toEqual(['s500', ['forward=s500_R1.fastq', 'reverse=s500_R2.fastq']]);
      expect(builds.count()).toBe(1);
      expect(requestMs).toBeLessThan(patient(5000));
      expect(consoleErrors).toEqual([]);
      await page.close();
    }, patient(150_000));
  });

  describe('the builders at phone width and their accessibility', () => {
    it('shows each builder at 390 px, and axe finds no serious or critical violation at 1280 and 390', async () => {
      const user = await ui.h.newUser('builder-bo');
      const historyId = await createHistory(ui.h, user.key, 'Builders');
      await seedNamedDatasets(ui.h, decoded(ui.h, historyId), ['a_1.fastq', 'a_2.fastq', 'left over.fastq'], 'fastqsanger');
      const violations: string[] = [];
      for (const viewport of [undefined, PHONE]) {
        const { page, consoleErrors, screenshot } = await ui.newPage(viewport);
        await signIn(page, user);
        await page.goto(`/histories/${historyId}`);
        await page.locator('[data-hid="3"]').waitFor();
        await page.getByRole('button', { name: 'Select items' }).click();
        await page.getByRole('button', { name: 'Select all' }).click();
        for (const title of ['Build Dataset List', 'Build Dataset Pair', 'Build List of Dataset Pairs']) {
          await page.getByRole('button', { name: title }).click();
          await page.getByRole('region', { name: title }).getByRole('heading', { name: title }).waitFor();
          if (viewport) await screenshot(`builder-phone-${title.toLowerCase().replace(/ /g, '-')}`);
          violations.push(...(await seriousViolations(page)).map((line) => `${viewport ? 'phone' : 'desktop'} ${title}: ${line}`));
          await page.getByRole('region', { name: title }).getByRole('button', { name: 'Cancel' }).click();
        }
        expect(consoleErrors).toEqual([]);
        await page.close();
      }
      expect(violations).toEqual([]);
    }, patient(90_000));
  });
});
