import type { Page } from 'playwright-core';
import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { addDataset, createFolder, createLibrary, createRole, setFolderRoles } from '../support/library-helpers';
import { patient } from '../support/patience';
import type { TestUser } from '../support/test-platform';
import { seriousViolations } from './axe-audit';
import { PHONE, describeInBrowser, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';

/**
 * Data libraries in the web UI (issue 34, item 9): several datasets and a folder selected and
 * imported into a new history at once; datasets of a history added to a folder by whoever may add
 * to it.
 */
let ui: WebUiHarness;
let lina: TestUser;
let libraryId: string;
let contributions: string;

/** The names of a history panel's rows ("2: b.txt"), once `count` rows show and are ok. */
async function rowNames(page: Page, historyName: string, count: number): Promise<string[]> {
  const rows = page.getByRole('list', { name: `Contents of ${historyName}` }).getByRole('listitem');
  await rows.nth(count - 1).locator('[data-state="ok"]').waitFor({ timeout: patient(30_000) });
  const texts = await rows.locator('.item-title').allTextContents();
  return texts.map((text) => text.replace(/, state \w+/, '').replace(/\s+/g, ' ').trim());
}

describeInBrowser('library datasets and folders to histories and back in the web UI', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
    lina = await ui.h.newUser('lina');
    const library = await createLibrary(ui.h, 'Shared data');
    libraryId = library.id;
    const root = library.root_folder_id;
    for (const name of ['a.txt', 'b.txt', 'c.txt']) await addDataset(ui.h, root, name);
    const reads = (await createFolder(ui.h, root, 'reads')).id;
    await addDataset(ui.h, reads, 'r1.txt');
    const nested = (await createFolder(ui.h, reads, 'nested')).id;
    await addDataset(ui.h, nested, 'r2.txt');
    contributions = (await createFolder(ui.h, root, 'contributions')).id;
    const contributors = await createRole(ui.h, 'contributors', { users: [lina] });
    await setFolderRoles(ui.h, contributions, { add: [contributors.name] });
  }, patient(180_000));
  afterAll(() => ui?.close());

  describe('Import selected into history', () => {
    it('imports two datasets and a folder (its subfolders included) into a new history at once, then opens it', async () => {
      const { page, consoleErrors, screenshot } = await ui.newPage();
      await signIn(page, lina);
      await page.goto(`/libraries/${libraryId}`);
      await page.getByRole('checkbox', { name: 'Select a.txt' }).check();
      await page.getByRole('checkbox', { name: 'Select b.txt' }).check();
      await page.getByRole('checkbox', { name: 'Select reads' }).check();
      const form = page.getByRole('form', { name: 'Import selected into history' });
      await form.getByText('3 items selected').waitFor();
      await form.getByRole('radio', { name: 'New history' }).check();
      await form.getByLabel('New history name').fill('From the library');
      await screenshot('library-import-selected');
      expect(await seriousViolations(page, 'library folder with its selection')).toEqual([]);
      await form.getByRole('button', { name: 'Import selected into history' }).click();
      await form.getByRole('status').filter({ hasText: 'Imported 4 datasets into From the library.' }).waitFor();
      await screenshot('library-import-selected-done');
      await form.getByRole('link', { name: 'From the library' }).click();
      await page.getByRole('heading', { name: 'From the library', level: 1 }).waitFor();
      expect(await rowNames(page, 'From the library', 4)).toEqual(['4: r2.txt', '3: r1.txt', '2: b.txt', '1: a.txt']);
      await screenshot('library-import-selected-history');

      // "Select all" picks every row; the current history receives them.
      await page.goto(`/libraries/${libraryId}`);
      await page.getByRole('checkbox', { name: 'Select all' }).check();
      expect(await page.getByRole('checkbox', { name: 'Select c.txt' }).isChecked()).toBe(true);
      await page.getByRole('checkbox', { name: 'Select all' }).uncheck();
      expect(await page.getByRole('checkbox', { name: 'Select c.txt' }).isChecked()).toBe(false);
      expect(consoleErrors).toEqual([]);
      await page.close();
    }, patient(120_000));
  });

  describe('Add datasets from history', () => {
    it('adds two datasets of a history to a folder the user may add to, and is not offered where they may not', async () => {
      const historyId = await createHistory(ui.h, lina.key, 'Results of Lina');
      for (const name of ['x.txt', 'y.txt', 'z.txt']) {
        const upload = await uploadText(ui.h, lina.key, historyId, `${name}\n`, { name, fileType: 'txt' });
        await waitForJob(ui.h, lina.key, upload.jobId);
      }
      const { page, consoleErrors, screenshot } = await ui.newPage();
      await signIn(page, lina);
      await page.goto(`/libraries/${libraryId}`);
      await page.getByRole('checkbox', { name: 'Select a.txt' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Add datasets from history' }).count()).toBe(0);

      await page.goto(`/libraries/${libraryId}/folders/${contributions}`);
      const form = page.getByRole('form', { name: 'Add datasets from history' });
      await form.getByLabel('History').selectOption({ label: 'Results of Lina' });
      await form.getByRole('checkbox', { name: /^1: x\.txt/ }).check();
      await form.getByRole('checkbox', { name: /^3: z\.txt/ }).check();
      await screenshot('library-add-from-history');
      expect(await seriousViolations(page, 'folder with Add datasets from history')).toEqual([]);
      await form.getByRole('button', { name: 'Add selected datasets to this folder' }).click();
      await form.getByRole('status').filter({ hasText: 'Added 2 datasets to this folder.' }).waitFor();
      const table = page.getByRole('table', { name: 'Contents of contributions' });
      await table.getByRole('link', { name: 'x.txt' }).waitFor();
      await table.getByRole('link', { name: 'z.txt' }).waitFor();
      expect(await table.getByRole('link', { name: 'y.txt' }).count()).toBe(0);
      await screenshot('library-add-from-history-done');
      expect(consoleErrors).toEqual([]);
      await page.close();

      const phone = await ui.newPage(PHONE);
      await signIn(phone.page, lina);
      await phone.page.goto(`/libraries/${libraryId}/folders/${contributions}`);
      await phone.page.getByRole('checkbox', { name: 'Select x.txt' }).check();
      await phone.page.getByRole('form', { name: 'Import selected into history' }).getByText('1 item selected').waitFor();
      await phone.screenshot('library-folder-phone');
      expect(await seriousViolations(phone.page, 'library folder at 390')).toEqual([]);
      expect(phone.consoleErrors).toEqual([]);
      await phone.page.close();
    }, patient(120_000));
  });
});
