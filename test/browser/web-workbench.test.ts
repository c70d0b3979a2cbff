import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import { patient } from '../support/patience';
import { seriousViolations } from './axe-audit';
import { describeInBrowser, makeCurrent, PHONE, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';

/**
 * The workbench (issue 34, item 1): tool panel | centre | current history at desktop widths, the side
 * panels folded and resized and remembered across reloads; one panel at a time with a menu on a phone.
 */
let ui: WebUiHarness;

describeInBrowser('the workbench layout', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
  }, patient(180_000));
  afterAll(() => ui?.close());

  describe('at desktop widths', () => {
    it('shows the tool panel, the tool form and the current history side by side, the history following new items live', async () => {
      const wes = await ui.h.newUser('wes');
      const historyId = await createHistory(ui.h, wes.key, 'Bench history');
      const first = await uploadText(ui.h, wes.key, historyId, 'alpha\n', { name: 'alpha.txt' });
      await waitForJob(ui.h, wes.key, first.jobId);
      const { page, consoleErrors, screenshot } = await ui.newPage();
      await signIn(page, wes);
      await makeCurrent(page, 'Bench history');
      await page.goto('/tools/cat1');

      const tools = page.getByRole('complementary', { name: 'Tool panel' });
      const history = page.getByRole('complementary', { name: 'Current history' });
      await tools.getByRole('link', { name: 'Concatenate datasets' }).waitFor();
      await page.getByRole('heading', { level: 1, name: 'Concatenate datasets' }).waitFor();
      await history.getByRole('heading', { name: 'Bench history' }).waitFor();
      await history.getByRole('button', { name: /^1: alpha\.txt/ }).waitFor();
      // The three columns are side by side: the form between the panels.
      const [toolsBox, formBox, historyBox] = await Promise.all([tools.boundingBox(), page.getByRole('form', { name: 'Concatenate datasets form' }).boundingBox(), history.boundingBox()]);
      expect(toolsBox!.x + toolsBox!.width).toBeLessThanOrEqual(formBox!.x);
      expect(formBox!.x + formBox!.width).toBeLessThanOrEqual(historyBox!.x);
      // The document's title and heading are the centre's, not the panel's.
      expect(await page.title()).toBe('Concatenate datasets · Analysis platform');

      // A dataset arriving in the current history appears in the panel without a reload.
      await uploadText(ui.h, wes.key, historyId, 'beta\n', { name: 'beta.txt' });
      await history.getByRole('button', { name: /^2: beta\.txt/ }).waitFor({ timeout: patient(15_000) });
      // A dataset dragged with the mouse from the history panel onto the form's data input fills it.
      const form = page.getByRole('form', { name: 'Concatenate datasets form' });
      await form.getByLabel('Concatenate Dataset').selectOption({ index: 0 });
      await history.getByRole('button', { name: /^1: alpha\.txt/ }).dragTo(form.locator('[data-field="input1"]'));
      await expect(form.getByLabel('Concatenate Dataset').inputValue()).resolves.toBe(first.datasetId);
      await screenshot('workbench-desktop-tool-form');
      expect(await seriousViolations(page)).toEqual([]);
      expect(consoleErrors).toEqual([]);
      await page.close();
    }, patient(120_000));

    it('folds and resizes the side panels and keeps them so across a reload', async () => {
      const wyn = await ui.h.newUser('wyn');
      const { page, consoleErrors, screenshot } = await ui.newPage();
      await signIn(page, wyn);
      await page.goto('/tools');
      await page.getByRole('heading', { level: 1, name: 'Tools' }).waitFor();

      await page.getByRole('button', { name: 'Hide tool panel' }).click();
      await expect(page.getByRole('button', { name: 'Show tool panel' }).getAttribute('aria-expanded')).resolves.toBe('false');
      expect(await page.getByRole('navigation', { name: 'Tools' }).count()).toBe(0);

      const resize = page.getByRole('separator', { name: 'Resize the history panel' });
      const before = Number(await resize.getAttribute('aria-valuenow'));
      const widthBefore = (await page.getByRole('complementary', { name: 'Current history' }).boundingBox())!.width;
      await resize.focus();
      for (let press = 0; press < 4; press += 1) await page.keyboard.press('ArrowLeft');
      await expect(resize.getAttribute('aria-valuenow')).resolves.toBe(String(before + 64));
      // Dragged with the pointer as well: 40 px further left widens it by 40.
      const bar = (await resize.boundingBox())!;
      await page.mouse.move(bar.x + bar.width / 2, bar.y + 50);
      await page.mouse.down();
      await page.mouse.move(bar.x + bar.width / 2 - 40, bar.y + 50, { steps: 4 });
      await page.mouse.up();
      await expect(resize.getAttribute('aria-valuenow')).resolves.toBe(String(before + 104));
      expect((await page.getByRole('complementary', { name: 'Current history' }).boundingBox())!.width).toBeCloseTo(widthBefore + 104, -1);
      await screenshot('workbench-desktop-folded-resized');

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Tools' }).waitFor();
      await page.getByRole('button', { name: 'Show tool panel' }).waitFor();
      await expect(page.getByRole('separator', { name: 'Resize the history panel' }).getAttribute('aria-valuenow')).resolves.toBe(String(before + 104));
      await page.getByRole('button', { name: 'Show tool panel' }).click();
      await page.getByRole('navigation', { name: 'Tools' }).waitFor();
      expect(consoleErrors).toEqual([]);
      await page.close();
    }, patient(120_000));

    it('draws the current history once: at / it is the centre, with the tool panel beside it', async () => {
      const wil = await ui.h.newUser('wil');
      const { page, consoleErrors } = await ui.newPage();
      await signIn(page, wil);
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('complementary', { name: 'Tool panel' }).waitFor();
      expect(await page.getByRole('complementary', { name: 'Current history' }).count()).toBe(0);
      expect(consoleErrors).toEqual([]);
      await page.close();
    }, patient(60_000));
  });

  describe('at phone widths', () => {
    it('shows one panel at a time, chosen from the Panels menu, and opens the centre when a tool is picked', async () => {
      const wim = await ui.h.newUser('wim');
      const historyId = await createHistory(ui.h, wim.key, 'Phone history');
      const upload = await uploadText(ui.h, wim.key, historyId, 'gamma\n', { name: 'gamma.txt' });
      await waitForJob(ui.h, wim.key, upload.jobId);
      const { page, consoleErrors, screenshot } = await ui.newPage(PHONE);
      await signIn(page, wim);
      await makeCurrent(page, 'Phone history');
      await page.goto('/tools');

      const menu = page.getByRole('group', { name: 'Panels' });
      // Choosing a tool is what /tools is for: the tool panel is shown first.
      await expect(menu.getByRole('button', { name: 'Tool panel' }).getAttribute('aria-pressed')).resolves.toBe('true');
      await page.getByRole('navigation', { name: 'Tools' }).getByRole('link', { name: 'Concatenate datasets' }).waitFor();
      expect(await page.getByRole('complementary', { name: 'Current history' }).count()).toBe(0);
      await screenshot('workbench-phone-tools');
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('navigation', { name: 'Tools' }).getByRole('link', { name: 'Concatenate datasets' }).click();
      await page.getByRole('form', { name: 'Concatenate datasets form' }).waitFor();
      await expect(menu.getByRole('button', { name: 'Main view' }).getAttribute('aria-pressed')).resolves.toBe('true');
      expect(await page.getByRole('navigation', { name: 'Tools' }).count()).toBe(0);
      await screenshot('workbench-phone-form');

      await menu.getByRole('button', { name: 'Current history' }).click();
      const history = page.getByRole('complementary', { name: 'Current history' });
      await history.getByRole('button', { name: /^1: gamma\.txt/ }).waitFor();
      expect(await page.getByRole('form', { name: 'Concatenate datasets form' }).isVisible()).toBe(false);
      await screenshot('workbench-phone-history');
      expect(await seriousViolations(page)).toEqual([]);

      // Back to the form: what was chosen in it is still there.
      await menu.getByRole('button', { name: 'Main view' }).click();
      await page.getByRole('form', { name: 'Concatenate datasets form' }).waitFor();
      expect(consoleErrors).toEqual([]);
      await page.close();
    }, patient(120_000));
  });
});
