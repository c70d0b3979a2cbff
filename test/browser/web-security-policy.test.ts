import type { Page, Response } from 'playwright-core';
import { createHistory, uploadFile, uploadText, waitForJob } from '../support/data-helpers';
import { patient } from '../support/patience';
import { tinyPng } from '../support/tiny-png';
import { uiContentSecurityPolicy } from '../../src/http/security-headers';
import { describeInBrowser, signIn, startWebUiHarness, type WebUiHarness } from './web-ui-harness';

/**
 * The UI's pages under their Content-Security-Policy, in Chromium: every screen a person opens (the
 * web UI signed in or not, /about, GraphiQL as an administrator) works without a single policy
 * violation, each answer carries the policy and the other security headers, and what the policy
 * forbids (an injected inline script, a foreign page framing the UI, a WebSocket elsewhere) is refused.
 */
let ui: WebUiHarness;

/**
 * Collects the page's policy violations: the `securitypolicyviolation` events (an init script, which
 * the DevTools protocol injects past the policy) and Chromium's console lines about the policy.
 */
async function watchPolicy(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportPolicyViolation', (line: string) => violations.push(line));
  await page.addInitScript(() => {
    const target = globalThis as unknown as {
      document: { addEventListener(type: string, listener: (event: { violatedDirective: string; blockedURI: string; sourceFile: string; lineNumber: number }) => void, capture: boolean): void };
      __reportPolicyViolation(line: string): void;
    };
    target.document.addEventListener(
      'securitypolicyviolation',
      (event) => target.__reportPolicyViolation(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`),
      true,
    );
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

/** Waits until the condition holds (a browser's report arrives asynchronously). */
async function until(condition: () => boolean | Promise<boolean>, timeoutMs = patient(10_000)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The headers every UI answer carries, as [name, value] pairs that can be compared at once. */
function securityHeaders(response: Response | null): Record<string, string | undefined> {
  const headers = response?.headers() ?? {};
  return {
    'x-content-type-options': headers['x-content-type-options'],
    'x-frame-options': headers['x-frame-options'],
    'referrer-policy': headers['referrer-policy'],
  };
}

const EXPECTED_HEADERS = { 'x-content-type-options': 'nosniff', 'x-frame-options': 'SAMEORIGIN', 'referrer-policy': 'same-origin' };

/** The directives a UI answer's policy must hold (each compared whole). */
function directivesOf(response: Response | null): Record<string, string> {
  const policy = response?.headers()['content-security-policy'] ?? '';
  return Object.fromEntries(
    policy
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.split(' ')[0], part.slice(part.indexOf(' ') + 1)]),
  );
}

/** Opens a screen, waits for its heading, and checks the headers of its document. */
async function open(page: Page, path: string, heading: string | RegExp): Promise<void> {
  const response = await page.goto(path);
  expect([path, response?.status()]).toEqual([path, 200]);
  expect(securityHeaders(response)).toEqual(EXPECTED_HEADERS);
  const directives = directivesOf(response);
  expect([path, directives['script-src'], directives['style-src'], directives['object-src'], directives['frame-ancestors']]).toEqual([path, "'self'", "'self'", "'none'", "'self'"]);
  await page.getByRole('heading', { name: heading }).first().waitFor();
}

describeInBrowser("the UI under its Content-Security-Policy (Chromium)", () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
    // Pages of this test only, answered after every route of the server (none of them matches):
    // one with the UI's policy naming no host, one that frames /about of the UI's own address.
    ui.h.platform.http.routes.get('/test-only/policy-without-host', (_req, res) => {
      res.setHeader('content-security-policy', uiContentSecurityPolicy(undefined));
      res.type('html').send('<!doctype html><html lang="en"><head><title>probe</title><link rel="icon" href="data:,"></head><body><h1>probe</h1></body></html>');
    });
    ui.h.platform.http.routes.get('/test-only/frame-about', (_req, res) => {
      res.type('html').send(`<!doctype html><html lang="en"><head><title>framing</title><link rel="icon" href="data:,"></head><body><iframe src="${ui.base}/about" title="about"></iframe></body></html>`);
    });
  }, patient(180_000));
  afterAll(() => ui?.close());

  it("opens a visitor's screens and /about with no policy violation, each with the policy and the security headers", async () => {
    const { page, consoleErrors } = await ui.newPage();
    const violations = await watchPolicy(page);
    await open(page, '/login', 'Sign in');
    await open(page, '/register', 'Register');
    await open(page, '/published', /Published/);
    await open(page, '/about', /API/);
    // The about page's style is its own file now: it still applies.
    expect(await page.locator('body').evaluate((body) => (globalThis as unknown as { getComputedStyle(e: unknown): { maxWidth: string } }).getComputedStyle(body).maxWidth)).toBe('736px');
    expect(violations).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));

  it("opens a signed-in user's main screens with no policy violation, the history's live updates coming over the WebSocket", async () => {
    const ivy = await ui.h.newUser('ivy');
    const historyId = await createHistory(ui.h, ivy.key, 'Policed history');
    const table = await uploadText(ui.h, ivy.key, historyId, '#name\tvalue\nx\t1\n', { name: 'policed.tsv', fileType: 'tabular' });
    const image = await uploadFile(ui.h, ivy.key, historyId, tinyPng(), 'dot.png', 'png');
    await waitForJob(ui.h, ivy.key, table.jobId);
    await waitForJob(ui.h, ivy.key, image.jobId);
    const { page, consoleErrors } = await ui.newPage();
    const violations = await watchPolicy(page);
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    await signIn(page, ivy);
    await open(page, `/histories/${historyId}`, 'Policed history');
    await page.getByRole('listitem').filter({ hasText: 'policed.tsv' }).waitFor();
    await open(page, '/histories', 'Histories');
    await open(page, `/histories/${historyId}/extract-workflow`, 'Extract Workflow');
    await open(page, `/datasets/${table.datasetId}`, /policed\.tsv/);
    await open(page, `/datasets/${image.datasetId}`, /dot\.png/);
    const img = page.getByRole('img', { name: 'dot.png (png image)' });
    await img.waitFor();
    expect(await img.evaluate((element) => (element as unknown as { decode(): Promise<void>; naturalWidth: number }).decode().then(() => (element as unknown as { naturalWidth: number }).naturalWidth))).toBe(2);
    await open(page, '/upload', 'Upload data');
    await open(page, '/tools/cat1', 'Concatenate datasets');
    await open(page, `/jobs/${table.jobId}`, 'Job details');
    await open(page, '/libraries', /Data libraries/);
    await open(page, '/workflows', /Workflows/);
    await open(page, '/workflows/new', 'Create new workflow');
    await open(page, '/sharing', /Shar/);
    await open(page, '/visualizations', 'Visualizations');
    await open(page, `/visualizations/new?dataset=${table.datasetId}`, 'New chart');
    await page.locator('.chart-canvas canvas').waitFor();
    await open(page, '/user', /User preferences|Preferences/);
    // The history panel subscribed to its changes over the graph's WebSocket, which the policy let through.
    expect(sockets.some((url) => url.endsWith('/graphql'))).toBe(true);
    expect(violations).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(180_000));

  it('opens GraphiQL for an administrator, browses its docs and runs a query, with no policy violation', async () => {
    const { page, consoleErrors } = await ui.newPage();
    const violations = await watchPolicy(page);
    const response = await page.goto(`/graphiql?key=${ui.h.admin.key}`);
    expect(response?.status()).toBe(200);
    expect(securityHeaders(response)).toEqual(EXPECTED_HEADERS);
    expect(directivesOf(response)['script-src']).toBe("'self'");
    await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
    const explorer = page.locator('.graphiql-doc-explorer');
    await explorer.getByText('Root Types').waitFor({ timeout: patient(15_000) });
    await explorer.getByRole('link', { name: 'Query' }).first().click();
    await explorer.getByText('histories').first().waitFor({ timeout: patient(15_000) });
    // A query typed into the editor and run: its answer shows in the result pane.
    const editor = page.locator('.graphiql-query-editor .CodeMirror').first();
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('{ version { major }');
    await page.getByRole('button', { name: /Execute query/ }).click();
    await page.locator('.result-window').getByText('"15.05"').waitFor({ timeout: patient(15_000) });
    expect(violations).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  }, patient(120_000));

  it('refuses what the policy forbids, and the watch sees it: an injected inline script and a WebSocket to another host', async () => {
    const { page } = await ui.newPage();
    const violations = await watchPolicy(page);
    await open(page, '/about', /API/);
    const ran = await page.evaluate(async () => {
      const target = globalThis as unknown as {
        document: { createElement(tag: string): { textContent: string }; body: { appendChild(node: unknown): void } };
        __injected?: boolean;
      };
      const script = target.document.createElement('script');
      script.textContent = 'globalThis.__injected = true;';
      target.document.body.appendChild(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return target.__injected === true;
    });
    expect(ran).toBe(false);
    await page.evaluate(() => {
      const { WebSocket } = globalThis as unknown as { WebSocket: new (url: string) => unknown };
      try {
        new WebSocket('ws://192.0.2.1:9/graphql');
      } catch {
        // Chromium refuses it by a violation event and a thrown error, depending on the version.
      }
    });
    await until(() => violations.some((line) => /connect-src/.test(line)));
    expect(violations.some((line) => /script-src/.test(line))).toBe(true);
    await page.close();
  }, patient(60_000));

  it("lets 'self' alone reach the page's own WebSocket (CSP Level 3 in Chromium)", async () => {
    const { page } = await ui.newPage();
    const violations = await watchPolicy(page);
    // The UI's policy without the request's host: its connect-src is 'self' alone.
    expect(uiContentSecurityPolicy(undefined)).toMatch(/connect-src 'self';/);
    const response = await page.goto('/test-only/policy-without-host');
    expect(directivesOf(response)['connect-src']).toBe("'self'");
    const opened = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const { WebSocket, location } = globalThis as unknown as { WebSocket: new (url: string, protocol: string) => { onopen: () => void; onerror: () => void; close(): void }; location: { host: string } };
          const socket = new WebSocket(`ws://${location.host}/graphql`, 'graphql-transport-ws');
          socket.onopen = () => {
            socket.close();
            resolve('open');
          };
          socket.onerror = () => resolve('error');
        }),
    );
    expect(opened).toBe('open');
    expect(violations).toEqual([]);
    await page.close();
  }, patient(60_000));

  it('is framed by its own pages and never by a page of another origin', async () => {
    const { page } = await ui.newPage();
    const refusals: string[] = [];
    page.on('console', (message) => /frame-ancestors|X-Frame-Options|Refused to (display|frame)/i.test(message.text()) && refusals.push(message.text()));
    const aboutHeading = async () => {
      const framed = page.frames().find((frame) => frame !== page.mainFrame() && frame.url() === `${ui.base}/about`);
      return framed ? framed.locator('h1').count() : 0;
    };
    // The same framing page, from the UI's own origin: /about shows inside it.
    await page.goto(`${ui.base}/test-only/frame-about`);
    await until(async () => (await aboutHeading()) === 1);
    expect(refusals).toEqual([]);
    // From another origin (localhost is not 127.0.0.1): refused.
    await page.goto(ui.base.replace('127.0.0.1', 'localhost') + '/test-only/frame-about');
    await until(() => refusals.length > 0);
    expect(await aboutHeading()).toBe(0);
    await page.close();
  }, patient(60_000));
});
