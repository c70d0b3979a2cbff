import { deliveryOf, isXssVulnerableMimetype, PREVIEW_BYTES, servedMimetype } from '../../../src/services/datasets/dataset-delivery';

const DEFAULTS = { sanitizeAllHtml: true, serveXssVulnerableMimetypes: false, sanitizeHtmlMaxBytes: 2 * 1024 * 1024 };
const RAW = { sanitizeAllHtml: false, serveXssVulnerableMimetypes: true, sanitizeHtmlMaxBytes: 2 * 1024 * 1024 };
const file = (mimetype: string, size: number, extension = 'html') => ({ mimetype, size, extension, filename: 'Galaxy1-[x]' });
const SHOW = { preview: false, toExt: null };
const PREVIEW = { preview: true, toExt: null };

describe('isXssVulnerableMimetype: types a browser runs script in when it opens them', () => {
  it.each(['image/svg+xml', 'application/xml', 'text/xml', 'application/xhtml+xml', 'text/xsl', 'application/rss+xml', 'application/mathml+xml', 'IMAGE/SVG+XML; charset=utf-8', 'multipart/x-mixed-replace'])(
    '%s is',
    (type) => expect(isXssVulnerableMimetype(type)).toBe(true),
  );
  it.each(['text/plain', 'text/html', 'image/png', 'application/json', 'application/octet-stream', 'application/pdf', 'text/csv'])('%s is not', (type) => expect(isXssVulnerableMimetype(type)).toBe(false));

  it('is served as text/plain unless SERVE_XSS_VULNERABLE_MIMETYPES', () => {
    expect(servedMimetype('image/svg+xml', DEFAULTS)).toBe('text/plain');
    expect(servedMimetype('image/svg+xml', RAW)).toBe('image/svg+xml');
    expect(servedMimetype('image/png', DEFAULTS)).toBe('image/png');
  });
});

describe('deliveryOf: how a display route answers', () => {
  it('sanitizes an html dataset up to SANITIZE_HTML_MAX_BYTES, preview or not', () => {
    for (const request of [SHOW, PREVIEW]) {
      expect(deliveryOf(file('text/html', 2 * 1024 * 1024), request, DEFAULTS)).toEqual({ mode: 'sanitized', contentType: 'text/html; charset=utf-8', byteLimit: 2 * 1024 * 1024, disposition: null });
    }
  });

  it('serves a larger html dataset as text/plain: the file with ranges, or its first megabyte for preview', () => {
    expect(deliveryOf(file('text/html', 3 * 1024 * 1024), SHOW, DEFAULTS)).toEqual({ mode: 'file', contentType: 'text/plain', byteLimit: null, disposition: null });
    expect(deliveryOf(file('text/html', 3 * 1024 * 1024), PREVIEW, DEFAULTS)).toEqual({ mode: 'head', contentType: 'text/plain', byteLimit: PREVIEW_BYTES, disposition: null });
  });

  it('serves html raw under SANITIZE_ALL_HTML=false', () => {
    expect(deliveryOf(file('text/html', 10), SHOW, RAW)).toEqual({ mode: 'file', contentType: 'text/html', byteLimit: null, disposition: null });
  });

  it('downloads the file as it is with to_ext, under its served type, named Galaxy<hid>-[name].<ext>', () => {
    expect(deliveryOf(file('text/html', 10), { preview: true, toExt: 'htm' }, DEFAULTS)).toEqual({ mode: 'file', contentType: 'text/html', byteLimit: null, disposition: 'attachment; filename="Galaxy1-[x].htm"' });
    expect(deliveryOf(file('image/svg+xml', 10, 'svg'), { preview: false, toExt: '' }, DEFAULTS).disposition).toBe('attachment; filename="Galaxy1-[x].svg"');
    expect(deliveryOf(file('image/svg+xml', 10, 'svg'), { preview: false, toExt: '' }, DEFAULTS).contentType).toBe('text/plain');
    expect(deliveryOf(file('text/plain', 10, 'txt'), { preview: false, toExt: 'x"\r\ny' }, DEFAULTS).disposition).toBe('attachment; filename="Galaxy1-[x].x___y"');
  });

  it('sends the first megabyte of a large preview, images whole', () => {
    expect(deliveryOf(file('text/plain', PREVIEW_BYTES + 1, 'txt'), PREVIEW, DEFAULTS).mode).toBe('head');
    expect(deliveryOf(file('text/plain', PREVIEW_BYTES, 'txt'), PREVIEW, DEFAULTS).mode).toBe('file');
    expect(deliveryOf(file('image/png', PREVIEW_BYTES * 5, 'png'), PREVIEW, DEFAULTS)).toEqual({ mode: 'file', contentType: 'image/png', byteLimit: null, disposition: null });
  });
});
