import type { Response } from 'supertest';
import { corpusDocument, scriptCapableParts, xssScript } from '../fixtures/xss-corpus';
import { createHistory, runTool, uploadFile, uploadText, waitForJob } from '../support/data-helpers';
import { binaryParser, toolDirWith } from '../support/job-helpers';
import { createLibrary } from '../support/library-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { tinyPng } from '../support/tiny-png';

/**
 * What the display and download routes answer for content that a browser could run script in:
 * html datasets sanitized (SANITIZE_ALL_HTML, default on), svg, xml and the like as text/plain
 * (SERVE_XSS_VULNERABLE_MIMETYPES, default off), as the platform 15.05 did; and beyond it, every
 * answer sandboxed (nosniff, CSP sandbox) whatever the settings. Text, tabular data and images, and
 * `to_ext` downloads, are served as before (BioBlend reads them).
 */
const HTML = `<!DOCTYPE html><html><head><title>Report</title><script>${xssScript('html-head')}</script></head><body><h1>Report</h1><p>ordinary <b>markup</b></p>\n${corpusDocument()}</body></html>\n`;
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" onload="${xssScript('svg-onload')}"><script>${xssScript('svg-script')}</script><rect width="20" height="20" fill="red"/></svg>\n`;
const XML = `<?xml version="1.0"?>\n<root xmlns:h="http://www.w3.org/1999/xhtml"><h:script>${xssScript('xml-script')}</h:script><h:img src="x" onerror="${xssScript('xml-img')}"/></root>\n`;
const TEXT = `<script>${xssScript('txt')}</script>\nplain text\n`;
const TABLE = 'gene\tscore\nBRCA1\t0.25\n';
/** SANITIZE_HTML_MAX_BYTES of these tests: the corpus document fits, BIG_HTML does not. */
const MAX_SANITIZED = 64 * 1024;
const BIG_HTML = `<html><body><img src=x onerror=${xssScript('big-html')}>${'<p>padding paragraph</p>\n'.repeat(4000)}</body></html>\n`;

const ECHO_TOOL = `<tool id="test_html_echo" name="Echo html" version="1.0.0">
  <command>echo '&lt;img src=x onerror=alert(1)&gt;'; echo '&lt;script&gt;alert(2)&lt;/script&gt;' 1>&amp;2; echo done > $out_file1</command>
  <inputs/>
  <outputs><data name="out_file1" format="txt"/></outputs>
</tool>
`;

let h: TestPlatform;
let alice: TestUser;
let bob: TestUser;
let historyId: string;
const ids: Record<'html' | 'bigHtml' | 'svg' | 'xml' | 'txt' | 'tabular' | 'png', string> = { html: '', bigHtml: '', svg: '', xml: '', txt: '', tabular: '', png: '' };

async function upload(content: string, fileType: string, name: string): Promise<string> {
  const uploaded = await uploadText(h, alice.key, historyId, content, { fileType, name });
  expect((await waitForJob(h, alice.key, uploaded.jobId)).state).toBe('ok');
  return uploaded.datasetId;
}

async function uploadAll(): Promise<void> {
  alice = await h.newUser('display-alice');
  bob = await h.newUser('display-bob');
  historyId = await createHistory(h, alice.key, 'script payloads');
  ids.html = await upload(HTML, 'html', 'report.html');
  ids.bigHtml = await upload(BIG_HTML, 'html', 'big.html');
  ids.svg = await upload(SVG, 'svg', 'drawing.svg');
  ids.xml = await upload(XML, 'xml', 'data.xml');
  ids.txt = await upload(TEXT, 'txt', 'notes.txt');
  ids.tabular = await upload(TABLE, 'tabular', 'genes.tabular');
  const png = await uploadFile(h, alice.key, historyId, tinyPng(), 'dot.png', 'png');
  expect((await waitForJob(h, alice.key, png.jobId)).state).toBe('ok');
  ids.png = png.datasetId;
}

/** The three display routes of a dataset (bob reads alice's datasets: they have no access roles). */
const displayPaths = (id: string) => [`/api/datasets/${id}/display`, `/api/histories/${historyId}/contents/${id}/display`, `/datasets/${id}/display`];

const get = (path: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  h.api.get(path).query({ key: bob.key, ...query }).set(headers).buffer(true).parse(binaryParser);

/** nosniff, and a CSP whose sandbox grants neither scripts nor the service's origin. */
function expectSandboxed(res: Response): void {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  const directives = String(res.headers['content-security-policy'] ?? '')
    .split(/[;,]/)
    .map((directive) => directive.trim());
  expect(directives).toContain('sandbox');
  expect(directives.join(' ')).not.toMatch(/allow-scripts|allow-same-origin/);
}

const body = (res: Response) => (res.body as Buffer).toString('utf8');

describe('with the defaults (SANITIZE_ALL_HTML=true, SERVE_XSS_VULNERABLE_MIMETYPES=false)', () => {
  let toolDir: string;
  beforeAll(async () => {
    toolDir = toolDirWith('echo-html.xml', ECHO_TOOL);
    h = await startTestPlatform({ SANITIZE_HTML_MAX_BYTES: String(MAX_SANITIZED), TOOL_DIRS: toolDir });
    await uploadAll();
  }, 120_000);
  afterAll(() => h.close());

  describe('GET /api/datasets/{id}/display, /api/histories/{history_id}/contents/{id}/display and /datasets/{id}/display of an html dataset', () => {
    it.each([[''], ['preview=true']])('answers the sanitized document as text/html, sandboxed (%s)', async (query) => {
      for (const path of displayPaths(ids.html)) {
        const res = await get(path, query ? { preview: 'true' } : {});
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expectSandboxed(res);
        expect(scriptCapableParts(body(res))).toEqual([]);
        expect(body(res)).toContain('<h1>Report</h1><p>ordinary <b>markup</b></p>');
      }
    });

    it('answers a Range request with the whole sanitized document (200, Accept-Ranges: none): ranges of the file are not ranges of it', async () => {
      const whole = await get(`/api/datasets/${ids.html}/display`);
      const ranged = await get(`/api/datasets/${ids.html}/display`, {}, { Range: 'bytes=0-9' });
      expect(ranged.status).toBe(200);
      expect(ranged.headers['accept-ranges']).toBe('none');
      expect(ranged.headers['content-range']).toBeUndefined();
      expect(body(ranged)).toBe(body(whole));
      expectSandboxed(ranged);
    });

    it('downloads the file as it was uploaded with to_ext: an attachment named Galaxy<hid>-[name].<ext>, sandboxed', async () => {
      for (const path of displayPaths(ids.html)) {
        const res = await get(path, { to_ext: 'html' });
        expect(res.status).toBe(200);
        expect(res.headers['content-disposition']).toBe('attachment; filename="Galaxy1-[report.html].html"');
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expectSandboxed(res);
        expect(body(res)).toBe(HTML);
      }
    });

    it('serves an html dataset larger than SANITIZE_HTML_MAX_BYTES as its source, text/plain, with ranges, never read whole to sanitize', async () => {
      expect(BIG_HTML.length).toBeGreaterThan(MAX_SANITIZED);
      for (const path of displayPaths(ids.bigHtml)) {
        const res = await get(path);
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/plain/);
        expectSandboxed(res);
        expect(body(res)).toBe(BIG_HTML);
      }
      const ranged = await get(`/api/datasets/${ids.bigHtml}/display`, {}, { Range: 'bytes=0-5' });
      expect(ranged.status).toBe(206);
      expect(body(ranged)).toBe('<html>');
      expectSandboxed(ranged);
    });
  });

  describe('the display routes of svg and xml datasets', () => {
    it.each([['svg' as const, SVG], ['xml' as const, XML]])('serve %s as text/plain, its bytes unchanged, sandboxed (also preview and to_ext)', async (kind, content) => {
      for (const path of displayPaths(ids[kind])) {
        for (const query of [{}, { preview: 'true' }] as Array<Record<string, string>>) {
          const res = await get(path, query);
          expect(res.status).toBe(200);
          expect(res.headers['content-type']).toMatch(/^text\/plain/);
          expectSandboxed(res);
          expect(body(res)).toBe(content);
        }
        const download = await get(path, { to_ext: kind });
        expect(download.headers['content-type']).toMatch(/^text\/plain/);
        expect(download.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="Galaxy\\d+-\\[\\w+\\.${kind}\\]\\.${kind}"$`));
        expectSandboxed(download);
      }
    });
  });

  describe('what BioBlend reads, unchanged', () => {
    it('GET /api/histories/{id}/contents/{id}/display of text and tabular data: text/plain, its bytes, ranges', async () => {
      for (const [id, content] of [[ids.txt, TEXT], [ids.tabular, TABLE]]) {
        const res = await get(`/api/histories/${historyId}/contents/${id}/display`);
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/plain/);
        expect(res.headers['accept-ranges']).toBe('bytes');
        expect(body(res)).toBe(content);
        expectSandboxed(res);
      }
      const ranged = await get(`/api/histories/${historyId}/contents/${ids.tabular}/display`, {}, { Range: 'bytes=0-3' });
      expect(ranged.status).toBe(206);
      expect(body(ranged)).toBe('gene');
      expectSandboxed(ranged);
    });

    it('to_ext downloads: an attachment named Galaxy<hid>-[name].<to_ext> (the dataset extension when empty), the bytes as they are', async () => {
      const tabular = await get(`/api/histories/${historyId}/contents/${ids.tabular}/display`, { to_ext: 'tabular' });
      expect(tabular.headers['content-disposition']).toBe('attachment; filename="Galaxy6-[genes.tabular].tabular"');
      expect(body(tabular)).toBe(TABLE);
      const own = await get(`/api/datasets/${ids.txt}/display`, { to_ext: '' });
      expect(own.headers['content-disposition']).toBe('attachment; filename="Galaxy5-[notes.txt].txt"');
      expect(body(own)).toBe(TEXT);
      expectSandboxed(own);
    });

    it('images: their own type, sent whole even for preview', async () => {
      const res = await get(`/datasets/${ids.png}/display`, { preview: 'true' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(res.body as Buffer, tinyPng())).toBe(0);
      expectSandboxed(res);
    });

    it('keeps a to_ext that is not a plain extension out of the header: its other characters become _', async () => {
      const res = await get(`/api/datasets/${ids.txt}/display`, { to_ext: 'a"b\r\nX-Injected: 1' });
      expect(res.status).toBe(200);
      expect(res.headers['x-injected']).toBeUndefined();
      expect(res.headers['content-disposition']).toBe('attachment; filename="Galaxy5-[notes.txt].a_b__X-Injected__1"');
    });
  });

  describe("GET /datasets/{id}/stdout and /datasets/{id}/stderr (a job's text)", () => {
    it('answer text/plain, sandboxed', async () => {
      const run = await runTool(h, alice.key, historyId, 'test_html_echo', {});
      expect((await waitForJob(h, alice.key, run.jobs[0].id)).state).toBe('ok');
      const stdout = await h.api.get(`/datasets/${run.outputs[0].id}/stdout`).query({ key: alice.key });
      expect(stdout.status).toBe(200);
      expect(stdout.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(stdout.text).toContain('<img src=x onerror=alert(1)>');
      expectSandboxed(stdout);
      const stderr = await h.api.get(`/datasets/${run.outputs[0].id}/stderr`).query({ key: alice.key });
      expect(stderr.text).toContain('<script>alert(2)</script>');
      expectSandboxed(stderr);
    });
  });

  describe('GET /api/libraries/datasets/download/{format}', () => {
    it('sends one svg dataset uncompressed as text/plain, an attachment, sandboxed; and archives sandboxed', async () => {
      const library = await createLibrary(h, 'Drawings');
      const added = await h.api.post(`/api/folders/${library.root_folder_id}/contents`).send({ key: h.admin.key, from_hda_id: ids.svg });
      expect(added.status).toBe(200);
      const ldId: string = added.body.library_dataset_id;
      const single = await h.api.get('/api/libraries/datasets/download/uncompressed').query({ key: h.admin.key, 'ld_ids[]': ldId }).buffer(true).parse(binaryParser);
      expect(single.status).toBe(200);
      expect(single.headers['content-type']).toMatch(/^text\/plain/);
      expect(single.headers['content-disposition']).toMatch(/^attachment; /);
      expect(body(single)).toBe(SVG);
      expectSandboxed(single);
      const zip = await h.api.get('/api/libraries/datasets/download/zip').query({ key: h.admin.key, 'ld_ids[]': ldId }).buffer(true).parse(binaryParser);
      expect(zip.status).toBe(200);
      expectSandboxed(zip);
    });
  });
});

describe('with SANITIZE_ALL_HTML=false and SERVE_XSS_VULNERABLE_MIMETYPES=true (an administrator serves content raw)', () => {
  beforeAll(async () => {
    h = await startTestPlatform({ SANITIZE_ALL_HTML: 'false', SERVE_XSS_VULNERABLE_MIMETYPES: 'true' });
    await uploadAll();
  }, 120_000);
  afterAll(() => h.close());

  it.each([
    ['html' as const, HTML, /^text\/html/],
    ['svg' as const, SVG, /^image\/svg\+xml/],
    ['xml' as const, XML, /^application\/xml/],
  ])('serves %s raw under its own type, still sandboxed (no script runs, not on the service origin)', async (kind, content, type) => {
    for (const path of displayPaths(ids[kind])) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(type);
      expect(body(res)).toBe(content);
      expectSandboxed(res);
    }
  });

  it('serves a raw html dataset with HTTP ranges like any file', async () => {
    const res = await get(`/api/datasets/${ids.html}/display`, {}, { Range: 'bytes=0-14' });
    expect(res.status).toBe(206);
    expect(body(res)).toBe('<!DOCTYPE html>');
    expectSandboxed(res);
  });
});
