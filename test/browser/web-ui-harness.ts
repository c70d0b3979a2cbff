import { appendFileSync, existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Logger, type Page } from 'playwright-core';
import { createLogger } from '../../src/logging/logger';
import { ensureWebBuild } from '../../src/web-build/ensure-web-build';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { patient } from '../support/patience';

/**
 * What the web UI's browser tests share: the built UI (rebuilt first when its sources changed, by
 * the same check `npm start` makes), a platform listening on a port, Debian's Chromium driven by
 * playwright-core, a folder for screenshots, and a watch on the console of every page.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const chromiumAvailable = existsSync(CHROMIUM);

/** A describe that is skipped, and says so, where Chromium is missing. */
export function describeInBrowser(name: string, body: () => void): void {
  if (chromiumAvailable) {
    return describe(name, body);
  }
  console.warn(`SKIPPED: the web UI's browser tests need Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH).`);
  describe.skip(`${name} (SKIPPED: no Chromium at ${CHROMIUM})`, body);
}

let screenshotDirPrinted = false;

/** SCREENSHOT_DIR, or a folder under the system's temporary directory; its path is printed once. */
export function screenshotDir(): string {
  const dir = process.env.SCREENSHOT_DIR || join(tmpdir(), 'web-ui-screenshots');
  mkdirSync(dir, { recursive: true });
  if (!screenshotDirPrinted) {
    screenshotDirPrinted = true;
    process.stdout.write(`web UI screenshots: ${dir}\n`);
  }
  return dir;
}

export interface WebUiHarness {
  h: TestPlatform;
  base: string;
  browser: Browser;
  /** A new page at the given viewport whose console errors and uncaught exceptions are collected. */
  newPage(viewport?: { width: number; height: number }): Promise<WatchedPage>;
  close(): Promise<void>;
}

export interface WatchedPage {
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  consoleErrors: string[];
  screenshot(name: string): Promise<string>;
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** `env`: the platform's settings beside the test defaults (e.g. LOCAL_JOB_WORKERS '0': it runs no jobs). */
export async function startWebUiHarness(env: Record<string, string> = {}): Promise<WebUiHarness> {
  await ensureWebBuild(createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'));
  const h = await startTestPlatform(env);
  const server: Server = h.platform.http.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // --no-sandbox: CI runs as root, where Chromium's sandbox cannot start.
  // Playwright's own SIGINT/SIGTERM/SIGHUP handlers would close the browser under the running tests
  // (seen in group runs): the harness closes it itself.
  const launch = async () => {
    const launched = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-dev-shm-usage'],
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      logger: browserLogger(),
    });
    launched.on('disconnected', () => writeBrowserLog(`browser disconnected${closing ? '' : ' (not closed by the harness)'}`));
    return launched;
  };
  let closing = false;
  const openContexts = new Set<BrowserContext>();
  const closeContext = async (context: BrowserContext): Promise<void> => {
    await context.close().catch(() => undefined);
    openContexts.delete(context);
  };
  let browser = await launch();
  const dir = screenshotDir();
  return {
    h,
    base,
    get browser() {
      return browser;
    },
    async newPage(viewport = DESKTOP) {
      // A browser that went away (its process ended) is started again rather than failing every later test.
      if (!browser.isConnected()) browser = await launch();
      const context = await browser.newContext({ viewport, baseURL: base }).catch(async () => {
        browser = await launch();
        return browser.newContext({ viewport, baseURL: base });
      });
      const page = await context.newPage();
      // Playwright's own 30 s for every action and wait, stretched as the tests' other waits are.
      page.setDefaultTimeout(patient(30_000));
      const consoleErrors: string[] = [];
      page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
      page.on('pageerror', (error) => consoleErrors.push(error.message));
      // The page's context goes with it. Not awaited by anyone: a rejection here (the browser closing
      // under it, as the file's afterAll does) would be an unhandled rejection, which jest charges to
      // whatever runs then, an afterAll failing every test of its file.
      openContexts.add(context);
      page.on('close', () => void closeContext(context));
      page.on('crash', () => writeBrowserLog(`page crashed: ${page.url()}`));
      return {
        page,
        consoleErrors,
        async screenshot(name: string) {
          const path = join(dir, `${name}.png`);
          await page.screenshot({ path, fullPage: true });
          return path;
        },
      };
    },
    async close() {
      closing = true;
      // Contexts still open or closing (a test's last page.close()) are closed before the browser goes.
      await Promise.all([...openContexts].map(closeContext));
      await browser.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await h.close();
    },
  };
}

/**
 * BROWSER_LOG=<file>: Playwright's browser and protocol log lines, and the harness's own notes
 * (a browser that went away, a page that crashed), appended with a time and the process id.
 */
function writeBrowserLog(line: string): void {
  const file = process.env.BROWSER_LOG;
  if (file) appendFileSync(file, `${new Date().toISOString()} [${process.pid}] ${line}\n`);
}

function browserLogger(): Logger | undefined {
  if (!process.env.BROWSER_LOG) return undefined;
  return {
    isEnabled: (name) => name === 'browser' || name === 'api',
    log: (name, severity, message) => writeBrowserLog(`${name} ${severity} ${typeof message === 'string' ? message : message.message}`),
  };
}

/** Signs in through the sign-in screen and waits for the top bar to name the user. */
export async function signIn(page: Page, user: { email: string; username: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // 60 s, not Playwright's 30, for CI's loaded lanes. (A sign-in that never showed the user here was the
  // visitor's session answered after it, web/src/account/session-order.ts, not slowness.)
  await page.getByRole('link', { name: `User preferences of ${user.email}` }).waitFor({ timeout: patient(60_000) });
}

/** Makes the named history the signed-in user's current one (through the histories screen), then opens it at `/`. */
export async function makeCurrent(page: Page, name: string): Promise<void> {
  await page.goto('/histories');
  await page.getByText(name).first().waitFor();
  await page.getByText('current', { exact: true }).waitFor();
  const switchTo = page.getByRole('button', { name: `Switch to ${name}` });
  if (await switchTo.count()) await switchTo.click();
  await page.goto('/');
  await page.getByRole('heading', { name }).waitFor({ timeout: patient(30_000) });
}
