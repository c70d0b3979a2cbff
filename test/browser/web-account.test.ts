import { describeInBrowser, PHONE, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';
import { eventually } from '../support/history-helpers';
import { patient } from '../support/patience';

/** Accounts in the web UI: register, sign in, the API key in user preferences, sign out. */
let ui: WebUiHarness;

describeInBrowser('an account in the web UI', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
  }, patient(180_000));
  afterAll(() => ui?.close());

  it('registers a visitor from the register screen, who is then signed in, and keeps the history they started as a visitor', async () => {
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await page.goto('/');
    // The visitor's current history (the server gives one with the session).
    await page.getByText('This history is empty.').waitFor();
    const visitorHistory = await page.getByRole('heading', { level: 1 }).textContent();
    await page.getByRole('banner').getByRole('link', { name: 'Register' }).click();
    await page.getByLabel('Email').fill('carol@example.org');
    await page.getByLabel('Public name').fill('carol');
    await page.getByLabel('Password').fill('carol-password');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('link', { name: 'User preferences of carol@example.org' }).waitFor();
    await page.getByRole('heading', { level: 1, name: visitorHistory ?? '' }).waitFor();
    await screenshot('account-registered');
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(60_000));

  it("shows a refused registration as the graph's message (the email is taken)", async () => {
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await page.goto('/register');
    await page.getByLabel('Email').fill(ui.h.admin.email);
    await page.getByLabel('Public name').fill('another-admin');
    await page.getByLabel('Password').fill('visitor-password');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('alert').filter({ hasText: 'Could not register' }).waitFor();
    await screenshot('account-registration-refused');
    expect(consoleErrors.filter((text) => !text.includes('Failed to load resource'))).toEqual([]);
    await page.close();
  }, patient(60_000));

  it('signs in, shows a new API key that the REST API accepts, and signs out', async () => {
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, ui.h.admin);
    await page.getByRole('link', { name: `User preferences of ${ui.h.admin.email}` }).click();
    await page.getByRole('heading', { name: 'User preferences' }).waitFor();
    // The key the test platform gave the administrator is shown; replacing it shows another.
    await page.getByLabel('API key').filter({ hasText: ui.h.admin.key }).waitFor();
    await page.getByRole('button', { name: 'Replace your API key' }).click();
    await page.getByLabel('API key').filter({ hasNotText: ui.h.admin.key }).waitFor();
    const key = (await page.getByLabel('API key').textContent()) ?? '';
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    const current = await ui.h.api.get('/api/users/current').query({ key });
    expect(current.body.email).toBe(ui.h.admin.email);
    await screenshot('account-api-key');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Register' }).waitFor();
    await page.goto('/user');
    await page.getByText('You are not signed in.').waitFor();
    await screenshot('account-signed-out');
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(60_000));

  it("keeps a user signed in who signs in while the visitor's session is still being made, and gives them the visitor's history", async () => {
    // The visitor's session comes with the first answer of ensureCurrentHistory; on a slow server the
    // sign-in could be sent and answered first, and the visitor's cookie, answered later, replaced the
    // user's: signed out again, silently (CI's loaded lanes did it). Holding the history table makes
    // that answer slow here.
    const erin = await ui.h.newUser('erin');
    const { page, consoleErrors } = await ui.newPage();
    const sent: string[] = [];
    page.on('request', (request) => {
      const operation = /"operationName":"(\w+)"/.exec(request.postData() ?? '')?.[1];
      if (operation) sent.push(`sent ${operation}`);
    });
    const visitorHistory: string[] = [];
    page.on('response', (response) => {
      const operation = /"operationName":"(\w+)"/.exec(response.request().postData() ?? '')?.[1];
      if (operation) sent.push(`answered ${operation}`);
      if (operation === 'EnsureCurrentHistory' && visitorHistory.length === 0) {
        void response.json().then((body: { data: { ensureCurrentHistory: { id: string } } }) => visitorHistory.push(body.data.ensureCurrentHistory.id));
      }
    });
    const held = await ui.h.platform.services.db.orm.em.getKnex().transaction();
    try {
      await held.raw('lock table history in share row exclusive mode');
      await page.goto('/login');
      await eventually(async () => sent.includes('sent EnsureCurrentHistory'), 30_000, "the visitor's ensureCurrentHistory");
      await page.getByLabel('Email').fill(erin.email);
      await page.getByLabel('Password').fill(erin.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(sent).not.toContain('sent Login');
    } finally {
      await held.commit();
    }
    await page.getByRole('link', { name: `User preferences of ${erin.email}` }).waitFor();
    expect(sent.indexOf('sent Login')).toBeGreaterThan(sent.indexOf('answered EnsureCurrentHistory'));
    await page.reload();
    await page.getByRole('link', { name: `User preferences of ${erin.email}` }).waitFor();
    // The sign-in carried the visitor's session: the history made for the visitor is now Erin's.
    expect(visitorHistory).toHaveLength(1);
    const histories = await ui.h.api.get('/api/histories').set('x-api-key', erin.key);
    expect(histories.body.map((history: { id: string }) => history.id)).toEqual(visitorHistory);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(60_000));

  it('shows a user who is not an administrator their own key and lets them replace it, at 390 pixels wide', async () => {
    const dave = await ui.h.newUser('dave');
    const { page, consoleErrors, screenshot } = await ui.newPage(PHONE);
    await signIn(page, dave);
    await page.goto('/user');
    await page.getByText(dave.email).waitFor();
    await page.getByLabel('API key').filter({ hasText: dave.key }).waitFor();
    await page.getByRole('button', { name: 'Replace your API key' }).click();
    await page.getByLabel('API key').filter({ hasNotText: dave.key }).waitFor();
    const key = (await page.getByLabel('API key').textContent()) ?? '';
    const current = await ui.h.api.get('/api/users/current').query({ key });
    expect(current.body.email).toBe(dave.email);
    await screenshot('account-own-key-phone');
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(60_000));
});
