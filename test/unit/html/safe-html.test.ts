import { safeHtml } from '../../../src/services/shared/safe-html';
import { corpusDocument, ORDINARY_PAGE_HTML, scriptCapableParts, XSS_CORPUS, xssScript } from '../../fixtures/xss-corpus';

describe('the XSS corpus (test/fixtures/xss-corpus.ts)', () => {
  it('holds at least 30 payloads, each named once, in letters, digits and -', () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(30);
    const names = XSS_CORPUS.map((payload) => payload.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z0-9-]+$/);
  });

  it.each(XSS_CORPUS.map((payload) => [payload.name, payload] as const))('%s is script-capable before sanitizing (the checker sees it)', (_name, payload) => {
    expect(scriptCapableParts(payload.html(xssScript(payload.name)))).not.toEqual([]);
  });
});

describe('safeHtml: page content and html datasets reduced to inert markup', () => {
  it.each(XSS_CORPUS.map((payload) => [payload.name, payload] as const))('leaves nothing script-capable of %s', (_name, payload) => {
    const sanitized = safeHtml(payload.html(xssScript(payload.name)));
    expect(scriptCapableParts(sanitized)).toEqual([]);
  });

  it('leaves nothing script-capable of the whole corpus in one document, and sanitizing again changes nothing', () => {
    const sanitized = safeHtml(corpusDocument());
    expect(scriptCapableParts(sanitized)).toEqual([]);
    expect(safeHtml(sanitized)).toBe(sanitized);
  });

  it.each(XSS_CORPUS.map((payload) => [payload.name, payload] as const))('gives markup that sanitizing again leaves as it is (%s)', (_name, payload) => {
    const once = safeHtml(payload.html(xssScript(payload.name)));
    expect(safeHtml(once)).toBe(once);
  });

  it.each(ORDINARY_PAGE_HTML.map((html) => [html.slice(0, 60), html] as const))('keeps ordinary page markup as it is: %s', (_start, html) => {
    expect(safeHtml(html)).toBe(html);
  });

  it("keeps the platform's embedded items (their class and History-/Dataset- ids) without their handlers", () => {
    expect(safeHtml('<div class="embedded-item history placeholder" id="History-f2db41e1fa331b3e" onclick="x()"><p class="title">h</p></div>')).toBe(
      '<div class="embedded-item history placeholder" id="History-f2db41e1fa331b3e"><p class="title">h</p></div>',
    );
  });

  it('opens links in a new window only with rel="noopener noreferrer", and takes no other target or rel', () => {
    expect(safeHtml('<a href="https://example.org/" target="_BLANK" rel="opener">x</a>')).toBe('<a href="https://example.org/" target="_blank" rel="noopener noreferrer">x</a>');
    expect(safeHtml('<a href="https://example.org/" target="top" rel="opener">x</a>')).toBe('<a href="https://example.org/">x</a>');
  });

  it('keeps ids and names that are plain identifiers, names on links only (no clobbering of document properties)', () => {
    expect(safeHtml('<a name="top">t</a><h2 id="results.2">r</h2>')).toBe('<a name="top">t</a><h2 id="results.2">r</h2>');
    expect(safeHtml('<img name="cookie" src="a.png" /><p id="x y">p</p><p id="">q</p>')).toBe('<img src="a.png" /><p>p</p><p>q</p>');
  });

  it('keeps data: URLs only as base64 PNG, GIF, JPEG or WebP images', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(safeHtml(`<img src="${png}" />`)).toBe(`<img src="${png}" />`);
    expect(safeHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=" />')).toBe('<img />');
    expect(safeHtml('<img src="data:text/html,hi" />')).toBe('<img />');
    expect(safeHtml(`<a href="${png}">x</a>`)).toBe('<a>x</a>');
  });

  it('keeps the text of refused wrappers (html, body, form, button) and drops raw-text elements with their content', () => {
    expect(safeHtml('<html><head><title>T</title><style>p{}</style></head><body><form><p>kept</p><button>b</button></form><textarea>gone</textarea></body></html>')).toBe(
      '<p>kept</p>b',
    );
  });

  it('escapes text and attribute values so that no markup forms again', () => {
    expect(safeHtml('<p title="&quot;&gt;&lt;img src=x onerror=y&gt;">a &lt;b&gt; &amp; c</p>')).toBe('<p title="&quot;&gt;&lt;img src=x onerror=y&gt;">a &lt;b&gt; &amp; c</p>');
  });
});
