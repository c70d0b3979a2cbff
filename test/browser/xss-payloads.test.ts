import type { Dialog, Page } from 'playwright-core';
import { corpusDocument, elementProblems, scriptCapableParts, XSS_CORPUS, XSS_MARKER_PATH, xssScript } from '../fixtures/xss-corpus';
import { createHistory, uploadText, waitForJob } from '../support/data-helpers';
import type { TestUser } from '../support/test-platform';
import { patient } from '../support/patience';
import { describeInBrowser, signIn, startWebUiHarness, type WatchedPage, type WebUiHarness } from './web-ui-harness';

/**
 * Nothing one user writes runs in another's browser: pages built from every payload of the XSS corpus
 * (stored as an older release or the importer would have left them, so that the sanitizing on read
 * is what is tested) and html, svg, xml and text datasets carrying script, opened by another signed-in
 * user at /pages/<id>, at every display route (plain, preview, to_ext) and on the UI's dataset page.
 *
 * A payload's script says it ran four ways (`xssScript`): a fetch of /__xss/<name> (watched on the
 * network), `window.__xss` (read in every frame), the document's title and an alert (any dialog fails
 * the test). Each layer is also checked on its own, so the test needs no help from a CSP on the UI's
 * pages: the markup the graph answers has nothing script-capable (htmlparser2), nor has the DOM
 * Chromium built from it (Chromium's own parser), and every display answer is sandboxed.
 */
let ui: WebUiHarness;
let owner: TestUser;
let visitor: TestUser;
let watched: WatchedPage;
/** What payloads did during the current test (reset before each), and during the whole file. */
const seen = { dialogs: [] as string[], markers: [] as string[], popups: [] as string[] };
const seenInFile: string[] = [];

/** The page's title: a heading the test waits for, and the page record's title. */
const titleOf = (name: string) => `Corpus page ${name}`;

async function createPublishedPage(name: string, content: string): Promise<string> {
  const created = await ui.h.api.post('/api/pages').send({ key: owner.key, slug: `xss-${name}`, title: titleOf(name), content });
  expect(created.status).toBe(200);
  expect((await ui.h.api.put(`/api/pages/${created.body.id}/publish`).query({ key: owner.key })).status).toBe(200);
  return created.body.id;
}

/** A latest revision stored unsanitized, as a release before the strict sanitizer or the importer left it. */
async function storeRawRevision(pageId: string, content: string): Promise<void> {
  const id = ui.h.platform.services.ids.decode(pageId);
  const connection = ui.h.platform.services.db.orm.em.fork().getConnection();
  const [revision] = await connection.execute<Array<{ id: number }>>(
    "insert into page_revision (page_id, title, content, create_time, update_time) values (?, 'Imported', ?, now(), now()) returning id",
    [id, content],
  );
  await connection.execute('update page set latest_revision_id = ? where id = ?', [revision.id, id]);
}

const pageIds = new Map<string, string>();
const datasets = { html: '', svg: '', xml: '', txt: '' };
let historyId: string;

const HTML = `<!DOCTYPE html><html><head><title>Report</title><script>${xssScript('dataset-html-head')}</script></head><body onload="${xssScript('dataset-html-body')}"><h1>Report</h1><p>Some findings.</p>\n${corpusDocument()}</body></html>\n`;
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" onload="${xssScript('dataset-svg-onload')}"><script>${xssScript('dataset-svg-script')}</script><rect width="20" height="10" fill="red"/></svg>\n`;
const XML = `<?xml version="1.0"?>\n<root xmlns:h="http://www.w3.org/1999/xhtml"><h:script>${xssScript('dataset-xml-script')}</h:script><h:img src="x" onerror="${xssScript('dataset-xml-img')}"/></root>\n`;
const TXT = `<script>${xssScript('dataset-txt')}</script>\n<img src=x onerror=${xssScript('dataset-txt-img')}>\n`;

async function uploadDataset(content: string, fileType: string, name: string): Promise<string> {
  const uploaded = await uploadText(ui.h, owner.key, historyId, content, { fileType, name });
  expect((await waitForJob(ui.h, owner.key, uploaded.jobId)).state).toBe('ok');
  return uploaded.datasetId;
}

/** Whatever a frame's `window.__xss` holds; null when the frame lets nothing be evaluated (a sandboxed document runs nothing). */
async function xssFlags(page: Page): Promise<string[]> {
  const flags: string[] = [];
  for (const frame of page.frames()) {
    const flag = await frame.evaluate(() => (globalThis as unknown as { __xss?: unknown }).__xss ?? null).catch(() => null);
    if (flag !== null) flags.push(`${frame.url()}: ${String(flag)}`);
  }
  return flags;
}

/**
 * Lets what a payload would do on its own happen: every image loaded or failed (listened to, not
 * through on* properties, which would replace a handler a payload smuggled in), two frames painted.
 * Written as text: it runs in the page, whose DOM types this project's TypeScript does not load.
 */
const SETTLE = `Promise.all([...document.images].filter((image) => !image.complete).map((image) => new Promise((resolve) => {
  image.addEventListener('load', resolve, { once: true });
  image.addEventListener('error', resolve, { once: true });
}))).then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))`;

async function settle(page: Page): Promise<void> {
  await page.evaluate(SETTLE).catch(() => undefined);
}

/** Fails on anything a payload's script did while the test looked. */
async function expectNoScriptRan(page: Page, where: string): Promise<void> {
  const title = await page.title().catch(() => '');
  expect({ where, ...seen, flags: await xssFlags(page), title: title.startsWith('xss-') ? title : '' }).toEqual({ where, dialogs: [], markers: [], popups: [], flags: [], title: '' });
}

/** The elements of a container as Chromium parsed them: their names and attributes. */
async function renderedElements(page: Page, selector: string): Promise<Array<{ tag: string; attributes: Record<string, string> }>> {
  return page.locator(selector).evaluate((root) =>
    [...root.querySelectorAll('*')].map((element) => ({ tag: element.localName, attributes: Object.fromEntries([...element.attributes].map((a) => [a.name, a.value])) })),
  );
}

/**
 * Opens a screen of the web UI as a link inside it does (the history's next entry, which the router
 * follows), or by loading the app when the page is not showing it: the corpus's 66 pages then cost one
 * start of the app instead of 66. The page's content is rendered by the same screen either way.
 */
async function openInApp(page: Page, path: string): Promise<void> {
  const inApp = await page.locator('#root header.top-bar').count().catch(() => 0);
  if (inApp === 0) {
    await page.goto(path);
    return;
  }
  await page.evaluate(`window.history.pushState(null, '', ${JSON.stringify(path)}); window.dispatchEvent(new PopStateEvent('popstate'));`);
}

/** Opens a display route and waits for its load event; a `to_ext` answer is a download, which Chromium does not render (goto reports it). */
async function openDisplay(page: Page, url: string): Promise<void> {
  await page.goto(url).catch((error: Error) => {
    if (!/Download is starting|net::ERR_ABORTED/.test(error.message)) throw error;
  });
}

describeInBrowser('script payloads written by one user, opened by another in the browser', () => {
  beforeAll(async () => {
    ui = await startWebUiHarness();
    owner = await ui.h.newUser('xss-author');
    visitor = await ui.h.newUser('xss-visitor');
    for (const payload of XSS_CORPUS) {
      const content = `<h2>${payload.name}</h2>${payload.html(xssScript(payload.name))}`;
      // Written through the API (sanitized on write), then overwritten as an import would leave it.
      const id = await createPublishedPage(payload.name, content);
      await storeRawRevision(id, content);
      pageIds.set(payload.name, id);
    }
    historyId = await createHistory(ui.h, owner.key, 'Script payloads');
    expect((await ui.h.api.put(`/api/histories/${historyId}/publish`).query({ key: owner.key })).status).toBe(200);
    datasets.html = await uploadDataset(HTML, 'html', 'report.html');
    datasets.svg = await uploadDataset(SVG, 'svg', 'drawing.svg');
    datasets.xml = await uploadDataset(XML, 'xml', 'data.xml');
    datasets.txt = await uploadDataset(TXT, 'txt', 'notes.txt');

    watched = await ui.newPage();
    const { page } = watched;
    const record = (list: string[], what: string) => {
      list.push(what);
      seenInFile.push(what);
    };
    page.on('dialog', (dialog: Dialog) => {
      record(seen.dialogs, `${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss().catch(() => undefined);
    });
    page.on('request', (request) => request.url().includes(XSS_MARKER_PATH) && record(seen.markers, request.url()));
    page.on('popup', (popup) => record(seen.popups, popup.url()));
    await signIn(page, visitor);
  }, patient(300_000));
  afterAll(() => ui?.close());
  beforeEach(() => {
    seen.dialogs = [];
    seen.markers = [];
    seen.popups = [];
  });

  describe('/pages/<id>: a page of each payload, stored unsanitized', () => {
    it.each(XSS_CORPUS.map((payload) => [payload.name, payload.trigger] as const))('%s (%s) runs nothing, in the markup the graph answers and in the DOM Chromium renders', async (name) => {
      const { page } = watched;
      const id = pageIds.get(name) ?? '';
      const answer = await ui.h.api.post('/graphql').set('x-api-key', visitor.key).send({ query: 'query ($id: ID!) { page(id: $id) { content } }', variables: { id } });
      const content: string = answer.body.data.page.content;
      expect(scriptCapableParts(content)).toEqual([]);

      await openInApp(page, `/pages/${id}`);
      await page.getByRole('heading', { name: titleOf(name) }).waitFor();
      await page.locator('article.page-content h2', { hasText: name }).waitFor();
      await settle(page);
      const elements = await renderedElements(page, 'article.page-content');
      expect(elements.map((element) => element.tag)).toContain('h2');
      expect(elements.flatMap((element) => elementProblems(element.tag, element.attributes))).toEqual([]);
      await expectNoScriptRan(page, `/pages/${id}`);
    }, patient(60_000));
  });

  describe('the display routes of html, svg, xml and text datasets with script', () => {
    const kinds = ['html', 'svg', 'xml', 'txt'] as const;
    it.each(kinds.map((kind) => [kind]))('%s: plain, preview and to_ext at /datasets/<id>/display, /api/datasets/<id>/display and /api/histories/<hid>/contents/<id>/display run nothing', async (kind) => {
      const { page } = watched;
      const id = datasets[kind];
      const paths = [`/datasets/${id}/display`, `/api/datasets/${id}/display`, `/api/histories/${historyId}/contents/${id}/display`];
      for (const path of paths) {
        for (const query of ['', '?preview=true', `?to_ext=${kind}`]) {
          const response = await page.request.get(`${path}${query}`);
          expect(response.status()).toBe(200);
          expect(response.headers()['content-security-policy']).toBe('sandbox');
          expect(response.headers()['x-content-type-options']).toBe('nosniff');
          // Loaded: Chromium fired the document's load event (its images loaded or failed). No settle():
          // the answer is a sandboxed document, where no script (the test's neither) runs.
          await openDisplay(page, `${path}${query}`);
          await expectNoScriptRan(page, `${path}${query}`);
        }
      }
    }, patient(120_000));
  });

  describe('/datasets/<id>: the web UI shows what the datasets hold, and runs none of it', () => {
    it('shows the html dataset in a sandboxed frame (no allow-scripts, no allow-same-origin) holding its sanitized markup', async () => {
      const { page, screenshot } = watched;
      await page.goto(`/datasets/${datasets.html}`);
      const frame = page.locator('iframe.dataset-html');
      await frame.waitFor();
      expect(await frame.getAttribute('sandbox')).toBe('');
      expect(await frame.getAttribute('title')).toBe('Contents of report.html');
      const inside = page.frameLocator('iframe.dataset-html');
      await inside.getByRole('heading', { name: 'Report' }).waitFor();
      expect(await inside.getByText('Some findings.').count()).toBe(1);
      // The DOM Chromium built in the frame (the test's synchronous evaluation runs there; the page's scripts would not).
      const elements = await inside.locator('body').evaluate((body) =>
        [...body.querySelectorAll('*')].map((element) => ({ tag: element.localName, attributes: Object.fromEntries([...element.attributes].map((a) => [a.name, a.value])) })),
      );
      expect(elements.map((element) => element.tag)).toContain('h1');
      expect(elements.flatMap((element) => elementProblems(element.tag, element.attributes))).toEqual([]);
      await settle(page);
      await screenshot('xss-dataset-html-frame');
      await expectNoScriptRan(page, `/datasets/${datasets.html}`);
    }, patient(60_000));

    it('shows the svg dataset as an image from a Blob typed image/svg+xml (the display route answers text/plain), its script never run', async () => {
      const { page, screenshot } = watched;
      await page.goto(`/datasets/${datasets.svg}`);
      const image = page.getByRole('img', { name: 'drawing.svg (svg image)' });
      await image.waitFor();
      expect(await image.getAttribute('src')).toMatch(/^blob:/);
      type Img = { naturalWidth: number; naturalHeight: number; decode(): Promise<void> };
      await image.evaluate((img) => (img as unknown as Img).decode());
      expect(await image.evaluate((img) => [(img as unknown as Img).naturalWidth, (img as unknown as Img).naturalHeight])).toEqual([20, 10]);
      await settle(page);
      await screenshot('xss-dataset-svg-image');
      await expectNoScriptRan(page, `/datasets/${datasets.svg}`);
    }, patient(60_000));

    it.each([
      ['xml' as const, '<h:script>'],
      ['txt' as const, '<script>'],
    ])('shows the %s dataset as numbered lines of text, its markup as characters', async (kind, shown) => {
      const { page } = watched;
      await page.goto(`/datasets/${datasets[kind]}`);
      const lines = page.getByRole('list', { name: /^Lines of / });
      await lines.getByRole('listitem').first().waitFor();
      expect(await lines.innerText()).toContain(shown);
      await settle(page);
      await expectNoScriptRan(page, `/datasets/${datasets[kind]}`);
    }, patient(60_000));
  });

  it('saw no dialog, marker request or popup at any time while the file ran (an effect that came late included)', () => {
    expect(seenInFile).toEqual([]);
  });
});
