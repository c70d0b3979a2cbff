import type { Locator, Page } from 'playwright-core';
import { createCollection, createHistory, uploadText, waitForJob } from '../support/data-helpers';
import type { TestUser } from '../support/test-platform';
import { PHONE, describeInBrowser, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';
import { patient } from '../support/patience';

/** What the history panel does beyond listing: annotations, tags, datatypes, purges, collections. */
let ui: WebUiHarness;

/** Opens a dataset's line of the panel (its details and actions), unless it is open already. */
async function expand(item: Locator, name: RegExp): Promise<void> {
  const title = item.getByRole('button', { name });
  if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
}

/** A history of the user's with finished pasted text datasets, one per name; answers their ids by name. */
async function historyWithDatasets(user: TestUser, historyName: string, names: string[], content = 'a\t1\nb\t2\nc\t3\n'): Promise<{ historyId: string; ids: Record<string, string> }> {
  const historyId = await createHistory(ui.h, user.key, historyName);
  const ids: Record<string, string> = {};
  for (const name of names) {
    const upload = await uploadText(ui.h, user.key, historyId, content, { fileType: 'txt', name });
    await waitForJob(ui.h, user.key, upload.jobId);
    ids[name] = upload.datasetId;
  }
  return { historyId, ids };
}

const panelList = (page: Page, historyName: string) => page.getByRole('list', { name: `Contents of ${historyName}` });

describeInBrowser('the history panel’s actions and collections in the web UI', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
  }, patient(180_000));
  afterAll(() => ui?.close());

  describe('a history: annotation, tags, sharing', () => {
    it('annotates and tags a history in its panel, keeps both over a reload, and shows the tags in the histories list', async () => {
      const user = await ui.h.newUser('actions-hana');
      const historyId = await createHistory(ui.h, user.key, 'March run');
      const { page, consoleErrors, screenshot } = await ui.newPage();
      await signIn(page, user);
      await page.goto(`/histories/${historyId}`);
      await page.getByRole('heading', { name: 'March run' }).waitFor();

      await page.getByRole('button', { name: 'Annotate history March run' }).click();
      await page.getByLabel('Annotation of history March run').fill('Reads of the March sequencing run');
      await page.getByRole('button', { name: 'Save annotation' }).click();
      await page.getByText('Reads of the March sequencing run').waitFor();
      for (const tag of ['group:march', 'keep', 'draft']) {
        await page.getByLabel('New tag of history March run').fill(tag);
        await page.getByRole('button', { name: 'Add tag' }).click();
        await page.getByRole('list', { name: 'Tags of history March run' }).getByRole('listitem').filter({ hasText: tag }).waitFor();
      }
      await page.getByRole('button', { name: 'Remove tag draft' }).click();
      await page.getByRole('button', { name: 'Remove tag draft' }).waitFor({ state: 'detached' });
      expect(await page.getByRole('link', { name: 'Share or publish' }).getAttribute('href')).toBe(`/sharing/histories/${historyId}`);

      await page.reload();
      const tags = page.getByRole('list', { name: 'Tags of history March run' });
      await tags.getByText('group:march').waitFor();
      expect(await tags.getByRole('listitem').allTextContents()).toEqual(['group:march×', 'keep×']);
      await page.getByText('Reads of the March sequencing run').waitFor();
      await screenshot('history-annotated-tagged');

      await page.goto('/histories');
      const listed = page.getByRole('list', { name: 'Tags of history March run' });
      await listed.getByText('group:march').waitFor();
      expect(await listed.getByRole('listitem').allTextContents()).toEqual(['group:march', 'keep']);
      await page.getByRole('link', { name: 'Share or publish' }).waitFor({ state: 'detached' });
      expect(consoleErrors).toEqual([]);
      await page.close();
    }, patient(120_000));

    it('purges a deleted history from the histories list after asking, and offers no undelete afterwards, at 390 pixels wide', async () => {
      const user = await ui.h.newUser('actions-ivo');
      const historyId = await createHistory(ui.h, user.key, 'Old run');
      await ui.h.api.delete(`/api/histories/${historyId}`).query({ key: user.key });
      const { page, consoleErrors, screenshot } = await ui.newPage(PHONE);
      await signIn(page, user);
      await page.goto('/histories?deleted=true');
      await page.getByRole('heading', { name: 'Deleted histories' }).waitFor();
      await page.getByRole('button', { name: 'Purge history Old run' }).click();
      const question = page.getByRole('group', { name: 'Purge history Old run?' });
      await question.getByText('it can no longer be undeleted').waitFor();
      await question.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Purge history Old run' }).click();
      await page.getByRole('button', { name: 'Purge for good' }).click();
      await page.getByText('Purged: cannot be undeleted').waitFor();
      expect(await page.getByRole('button', { name: 'Undelete Old run' }).count()).toBe(0);
      await screenshot('history-purged-phone');

      await page.getByRole('link', { name: 'Old run' }).click();
      await page.getByText('This history is purged').waitFor();
      expect(await page.getByRole('button', { name: 'Undelete history' }).count()).toBe(0);
      expect(consoleErrors).toEqual([]);
      await page.close();
    }, patient(120_000));
  });

  describe('a dataset: tags, annotation, datatype, purge', () => {
    it('tags, annotates and changes the datatype of a dataset, and its line shows the new format', async () => {
      const user = await ui.h.newUser('actions-jon');
      const { historyId } = await historyWithDatasets(user, 'Tables', ['counts']);
      const { page, consoleErrors, screenshot } = await ui.newPage();
      await signIn(page, user);
      await page.goto(`/histories/${historyId}`);
      const item = panelList(page, 'Tables').getByRole('listitem').filter({ hasText: 'counts' });
      await item.locator('[data-state="ok"]').waitFor({ timeout: patient(30_000) });
      await expand(item, /^1: counts/);
      await item.getByTestId('extension').getByText('txt').waitFor();

      await item.getByLabel('New tag of dataset 1: counts').fill('name:counts');
      await item.getByRole('button', { name: 'Add tag' }).click();
      await item.getByRole('list', { name: 'Tags of dataset 1: counts' }).getByText('name:counts').waitFor();
      await item.getByRole('button', { name: 'Annotate dataset 1: counts' }).click();
      await item.getByLabel('Annotation of dataset 1: counts').fill('Counts per sample');
      await item.getByRole('button', { name: 'Save annotation' }).click();
      await item.getByText('Counts per sample').waitFor();

      await item.getByRole('button', { name: 'Change datatype' }).click();
      await item.getByLabel('New datatype of 1: counts').selectOption('tabular');
      await item.getByRole('button', { name: 'Save datatype' }).click();
      await item.getByTestId('extension').getByText('tabular').waitFor();
      await screenshot('dataset-edited');

      await page.reload();
      await item.locator('[data-state="ok"]').waitFor();
      await expand(item, /^1: counts/);
      await item.getByTestId('extension').getByText('tabular').waitFor();
      await item.getByRole('list', { name: 'Tags of dataset 1: counts' }).getByText('name:counts').waitFor();
      await item.getByText('Counts per sample').waitFor();
      expect(consoleErrors).toEqual([]);
      await page.close();
    }, patient(120_000));

    it('deletes a dataset, then purges it after asking: it shows as purged, with no undelete and no download', async () => {
      const user = await ui.h.newUser('actions-kim');
      const { historyId } = await historyWithDatasets(user, 'Scratch', ['temporary']);
      const { page, consoleErrors, screenshot } = await ui.newPage();
      await signIn(page, user);
      await page.goto(`/histories/${historyId}`);
      const item = panelList(page, 'Scratch').getByRole('listitem').filter({ hasText: 'temporary' });
      await item.locator('[data-state="ok"]').waitFor({ timeout: patient(30_000) });
      await expand(item, /^1: temporary/);
      expect(await item.getByRole('button', { name: 'Purge dataset 1: temporary' }).count()).toBe(0);
      await item.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('This history is empty.').waitFor();
      await page.getByLabel('deleted datasets').check();
      await expand(item, /^1: temporary/);
      await item.getByRole('button', { name: 'Undelete' }).waitFor();
      await item.getByRole('button', { name: 'Purge dataset 1: temporary' }).click();
      await item.getByRole('button', { name: 'Purge for good' }).click();
      await item.getByText('(purged)').waitFor();
      await item.getByText('Purged: its file is removed from the disk').waitFor();
      expect(await item.getByRole('button', { name: 'Undelete' }).count()).toBe(0);
      expect(await item.getByRole('link', { name: 'Download' }).count()).toBe(0);
      await screenshot('dataset-purged');
      expect(consoleErrors).toEqual([]);
      await page.close();
    }, patient(120_000));
  });

  describe('collections: element by element', () => {
    it('opens a list collection’s elements and a nested list:paired two ranks deep, and goes back up', async () => {
      const user = await ui.h.newUser('actions-lea');
      const { historyId, ids } = await historyWithDatasets(user, 'Sequencing', ['r1', 'r2', 'r3', 'r4']);
      await createCollection(ui.h, user.key, historyId, 'list', 'samples', [
        { name: 'sample A', src: 'hda', id: ids.r1 },
        { name: 'sample B', src: 'hda', id: ids.r2 },
      ]);
      const pair = (forward: string, reverse: string) => [
        { name: 'forward', src: 'hda' as const, id: forward },
        { name: 'reverse', src: 'hda' as const, id: reverse },
      ];
      await createCollection(ui.h, user.key, historyId, 'list:paired', 'pairs', [
        { name: 'p1', src: 'new_collection', collection_type: 'paired', element_identifiers: pair(ids.r1, ids.r2) },
        { name: 'p2', src: 'new_collection', collection_type: 'paired', element_identifiers: pair(ids.r3, ids.r4) },
      ]);
      const { page, consoleErrors, screenshot } = await ui.newPage();
      await signIn(page, user);
      await page.goto(`/histories/${historyId}`);
      await page.getByRole('heading', { name: 'Sequencing' }).waitFor();

      await page.getByRole('link', { name: '5: samples (list, 2 elements)' }).click();
      await page.getByRole('heading', { name: '5: samples' }).waitFor();
      const samples = page.getByRole('list', { name: 'Elements of 5: samples' });
      await samples.getByRole('listitem').nth(1).waitFor();
      expect(await samples.getByRole('listitem').count()).toBe(2);
      const sampleA = samples.getByRole('listitem').filter({ hasText: 'sample A' });
      expect(await sampleA.locator('[data-state="ok"]').count()).toBe(1);
      await sampleA.getByText('txt · 12 bytes').waitFor();
      expect(await sampleA.getByRole('link', { name: 'sample A' }).getAttribute('href')).toBe(`/datasets/${ids.r1}`);
      await screenshot('collection-elements');
      await page.getByRole('link', { name: 'Back to Sequencing' }).click();
      await page.getByRole('heading', { name: 'Sequencing' }).waitFor();

      await page.getByRole('link', { name: '6: pairs (list:paired, 2 elements)' }).click();
      await page.getByRole('heading', { name: '6: pairs', exact: true }).waitFor();
      await page.getByRole('link', { name: 'p2' }).waitFor();
      await page.getByRole('link', { name: 'p1' }).click();
      await page.getByRole('heading', { name: '6: pairs / p1' }).waitFor();
      const p1 = page.getByRole('list', { name: 'Elements of 6: pairs / p1' });
      expect(await p1.getByRole('link').allTextContents()).toEqual(['forward', 'reverse']);
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: '6: pairs' }).waitFor();
      await screenshot('collection-nested');

      // The nested rank has its own address: a reload lands on it.
      await page.reload();
      await page.getByRole('heading', { name: '6: pairs / p1' }).waitFor();
      await p1.getByRole('link', { name: 'reverse' }).click();
      await page.getByRole('heading', { name: '2: r2' }).waitFor();
      await page.goBack();
      await page.getByRole('heading', { name: '6: pairs / p1' }).waitFor();
      await page.getByRole('link', { name: 'Back to 6: pairs' }).click();
      await page.getByRole('heading', { name: '6: pairs', exact: true }).waitFor();
      await page.getByRole('link', { name: 'Back to Sequencing' }).click();
      await page.getByRole('heading', { name: 'Sequencing' }).waitFor();
      expect(consoleErrors).toEqual([]);
      await page.close();
    }, patient(120_000));
  });
});
