import { describeInBrowser, PHONE, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';

/** Accounts in the web UI: register, sign in, the API key in user preferences, sign out. */
let ui: WebUiHarness;

describeInBrowser('an account in the web UI', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
  }, 180_000);
  afterAll(() => ui?.close());

  it("shows a visitor's refused registration as the graph's message (the graph lets only administrators create users today)", async () => {
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await page.goto('/register');
    await page.getByLabel('Email').fill('visitor@example.org');
    await page.getByLabel('Public name').fill('visitor');
    await page.getByLabel('Password').fill('visitor-password');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('alert').filter({ hasText: 'Could not register' }).waitFor();
    await screenshot('account-registration-refused');
    // The graph's refusal is a GraphQL error; the browser logs nothing itself.
    expect(consoleErrors.filter((text) => !text.includes('Failed to load resource'))).toEqual([]);
    await page.close();
  }, 60_000);

  it('registers a user from the register screen (as an administrator) and is then signed in as them', async () => {
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, ui.h.admin);
    await page.goto('/register');
    await page.getByLabel('Email').fill('carol@example.org');
    await page.getByLabel('Public name').fill('carol');
    await page.getByLabel('Password').fill('carol-password');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('link', { name: 'User preferences of carol@example.org' }).waitFor();
    await screenshot('account-registered');
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, 60_000);

  it('signs in, shows a new API key that the REST API accepts, and signs out', async () => {
    const { page, consoleErrors, screenshot } = await ui.newPage();
    await signIn(page, ui.h.admin);
    await page.getByRole('link', { name: `User preferences of ${ui.h.admin.email}` }).click();
    await page.getByRole('heading', { name: 'User preferences' }).waitFor();
    await page.getByRole('button', { name: 'Create a new API key' }).click();
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
  }, 60_000);

  it("shows a user who is not an administrator the graph's refusal of a new key, at 390 pixels wide", async () => {
    const dave = await ui.h.newUser('dave');
    const { page, screenshot } = await ui.newPage(PHONE);
    await signIn(page, dave);
    await page.goto('/user');
    await page.getByText(dave.email).waitFor();
    await page.getByRole('button', { name: 'Create a new API key' }).click();
    await page.getByRole('alert').filter({ hasText: 'Could not create a key' }).waitFor();
    await screenshot('account-key-refused-phone');
    await page.close();
  }, 60_000);
});
