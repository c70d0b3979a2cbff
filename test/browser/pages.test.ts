import { existsSync } from 'node:fs';
import type { AddressInfo, Server } from 'node:net';
import { type Browser, chromium } from 'playwright-core';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { patient } from '../support/patience';

/**
 * The pages a person opens, in a real headless browser: Debian's Chromium driven by playwright-core,
 * started here. Where Chromium is missing (install it with `apt-get install chromium`, or point
 * CHROMIUM_PATH at one) the suite is skipped, and says so.
 */
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available) console.warn(`SKIPPED: the browser tests of /graphiql and /about need Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH).`);
const describeInBrowser = available ? describe : describe.skip;

let h: TestPlatform;
let server: Server;
let base: string;
let browser: Browser;

describeInBrowser(available ? 'pages in a headless browser' : `pages in a headless browser (SKIPPED: no Chromium at ${CHROMIUM})`, () => {
  beforeAll(async () => {
    h = await startTestPlatform();
    server = h.platform.http.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // --no-sandbox: CI runs as root, where Chromium's sandbox cannot start.
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'], handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false });
  }, patient(60_000));
  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await h?.close();
  });

  it("loads /graphiql for an administrator, whose docs explorer lists the schema's Query type", async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${base}/graphiql?key=${h.admin.key}`);
      await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
      const explorer = page.locator('.graphiql-doc-explorer');
      await explorer.getByText('Root Types').waitFor({ timeout: patient(15_000) });
      await explorer.locator('.graphiql-doc-explorer-root-type', { hasText: 'Query' }).first().waitFor();
      // Follow the link into the type: its fields come from the introspected schema.
      await explorer.getByRole('link', { name: 'Query' }).first().click();
      await explorer.getByText('histories').first().waitFor({ timeout: patient(15_000) });
      expect(await explorer.locator('.graphiql-doc-explorer-error').count()).toBe(0);
    } finally {
      await page.close();
    }
  }, patient(60_000));

  it('refuses /graphiql to a caller who is not an administrator', async () => {
    const page = await browser.newPage();
    try {
      const response = await page.goto(`${base}/graphiql`);
      expect(response?.status()).toBe(403);
    } finally {
      await page.close();
    }
  });

  it('shows the About the API page at /about with working links to the API and GraphiQL', async () => {
    const page = await browser.newPage();
    try {
      const response = await page.goto(`${base}/about`);
      expect(response?.status()).toBe(200);
      expect(await page.title()).toMatch(/Analysis platform API 15\.05/);
      await page.getByRole('link', { name: '/api/version' }).click();
      expect(JSON.parse(await page.locator('body').innerText())).toEqual({ version_major: '15.05', version_minor: '1' });
      await page.goBack();
      expect(await page.locator('a[href="/graphiql"]').count()).toBe(1);
      expect(await page.locator('a[href="/api/openapi.json"]').count()).toBe(1);
    } finally {
      await page.close();
    }
  });
});
