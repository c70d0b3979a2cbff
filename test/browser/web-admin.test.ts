import { patient } from '../support/patience';
import { seriousViolations } from './axe-audit';
import { describeInBrowser, PHONE, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';

/**
 * The administration's frame (issue 36): reachable from the menu for administrators only, the
 * refusal for anyone else, and the audit log of every administrative action.
 */
let ui: WebUiHarness;

describeInBrowser('the administration', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
  }, patient(180_000));
  afterAll(() => ui?.close());

  describe('who may open /admin', () => {
    it('refuses a user and an anonymous visitor with the UI\'s message, and shows them no Admin menu entry', async () => {
      const ursula = await ui.h.newUser('ursula');
      const { page, consoleErrors, screenshot } = await ui.newPage();
      await page.goto('/admin/audit-log');
      await page.getByRole('alert').filter({ hasText: 'You must be an administrator to access this page.' }).waitFor();
      await signIn(page, ursula);
      await page.goto('/admin');
      await page.getByRole('alert').filter({ hasText: 'You must be an administrator to access this page.' }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).count()).toBe(0);
      expect(await page.getByRole('navigation', { name: 'Administration' }).count()).toBe(0);
      await screenshot('admin-refused');
      expect(consoleErrors.filter((message) => !/administrator/.test(message))).toEqual([]);
      await page.close();
    }, patient(60_000));
  });

  describe('the audit log', () => {
    it('lists an action taken through REST with who, what, on what and from where, filters it, and passes axe at 1280 and 390', async () => {
      const made = await ui.h.api.post('/api/roles').set('x-api-key', ui.h.admin.key).send({ name: 'imaging core', description: 'microscopy staff' });
      expect(made.status).toBe(200);
      const violations: string[] = [];
      for (const viewport of [undefined, PHONE]) {
        const { page, consoleErrors, screenshot } = await ui.newPage(viewport);
        await signIn(page, ui.h.admin);
        await page.goto('/');
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
        await page.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
        await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Audit log' }).click();
        await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
        const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'role.create' }) }).filter({ hasText: 'imaging core' });
        await row.waitFor();
        await expect(row.textContent()).resolves.toContain(ui.h.admin.email);
        const filters = page.getByRole('search', { name: 'Filter the audit log' });
        await filters.getByLabel('Action').fill('group');
        await filters.getByRole('button', { name: 'Filter' }).click();
        await page.getByText('No action on record matches the filter.').waitFor();
        expect(page.url()).toContain('action=group');
        await filters.getByLabel('Action').fill('role');
        await filters.getByRole('button', { name: 'Filter' }).click();
        await row.waitFor();
        await screenshot(viewport ? 'admin-audit-log-phone' : 'admin-audit-log');
        violations.push(...(await seriousViolations(page, viewport ? 'audit log 390' : 'audit log 1280')));
        expect(consoleErrors).toEqual([]);
        await page.close();
      }
      expect(violations).toEqual([]);
    }, patient(90_000));
  });
});
