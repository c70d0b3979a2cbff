import sanitizeHtml from 'sanitize-html';

/**
 * HTML that other people's browsers render on the service's origin (page content) or that the display
 * routes serve as `text/html` (html datasets): reduced to inert document markup.
 *
 * Why sanitize-html with this configuration (and not DOMPurify over jsdom): it is installed already,
 * costs no DOM per call (jsdom adds tens of MB and a slow start), and the mutation-XSS bugs DOMPurify
 * has had all come from parser differentials around raw-text elements (`style`, `textarea`, `noscript`,
 * `xmp`, `noembed`, `iframe`, `title`) and foreign content (`svg`, `math`). None of those is allowed
 * here, and each is dropped *with everything inside it*: what is written back is only the allowed
 * tags below, text escaped (`<` `>` `&`), and double-quoted attribute values escaped, which every HTML
 * parser reads into the same tree. So the browser cannot find markup where htmlparser2 found text.
 *
 * The choices, one by one:
 * - Tags: document structure only (headings, paragraphs, lists, tables, links, images, inline
 *   formatting, the platform's `<div class="embedded-item …" id="…">`). No forms or form controls
 *   (phishing, `formaction`), no media or embedding (`iframe`, `object`, `embed`, `audio`, `video`),
 *   no `base`/`meta`/`link` (redirects, base-URL hijacking), no `style` (CSS overlays).
 * - Attributes: a short allow-list per tag; no `style` attribute, no event handler (`on*`) ever, no
 *   `srcset`/`formaction`/`xlink:href`/`poster`/`data` (URL attributes the scheme check below would
 *   not see).
 * - URLs (`href`, `src`, `cite`): resolved by the WHATWG URL parser, the one browsers use (so tabs,
 *   newlines, entities and leading controls cannot hide a scheme), and kept only when the scheme is
 *   http, https, mailto or ftp, or when relative. sanitize-html's own scheme check runs as well.
 * - `data:` URLs only as an image's `src`, and only base64 PNG, GIF, JPEG or WebP (an `<img>` never
 *   runs script, but there is no reason to carry SVG or HTML in one).
 * - `id` and `name` only as plain identifiers (letters, digits, `_ - . :`), which keeps anchors and the
 *   embedded items' `History-<id>` ids; `name` only on `a` (on `img`, `form` or `embed` it would
 *   overwrite `document` properties the UI's script reads: DOM clobbering).
 * - Links opening a new window get `rel="noopener noreferrer"` (no reverse tab-nabbing); `target`
 *   may only be `_blank`.
 * - Comments, CDATA sections, processing instructions and doctypes are dropped.
 */
const ALLOWED_TAGS = [
  'a', 'abbr', 'acronym', 'address', 'article', 'aside', 'b', 'bdi', 'bdo', 'big', 'blockquote', 'br', 'caption', 'center', 'cite',
  'code', 'col', 'colgroup', 'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'font', 'footer',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'main', 'mark', 'nav', 'ol', 'p', 'pre', 'q',
  'rp', 'rt', 'ruby', 's', 'samp', 'section', 'small', 'span', 'strike', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td',
  'tfoot', 'th', 'thead', 'time', 'tr', 'tt', 'u', 'ul', 'var', 'wbr',
];

/**
 * Refused tags whose content goes with them: raw-text and RCDATA elements (their content is not markup
 * to a browser, so keeping it as markup would be a parser differential), foreign content, things that
 * embed or replace documents, and the document's head. Other refused tags (`html`, `body`, `form`,
 * `button`, `font`-like wrappers) only lose the tag and keep their text.
 */
const DROPPED_WITH_CONTENT = [
  'script', 'style', 'textarea', 'xmp', 'noscript', 'noembed', 'noframes', 'plaintext', 'title', 'template', 'iframe', 'frame',
  'frameset', 'object', 'embed', 'applet', 'svg', 'math', 'select', 'option', 'optgroup', 'datalist', 'head', 'canvas', 'audio',
  'video', 'picture', 'map',
];

const CELL = ['align', 'valign', 'colspan', 'rowspan', 'headers', 'scope', 'width', 'height', 'bgcolor', 'nowrap'];
const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  '*': ['class', 'id', 'title', 'lang', 'dir', 'align'],
  a: ['href', 'name', 'target', 'rel', 'hreflang'],
  img: ['src', 'alt', 'width', 'height', 'border', 'hspace', 'vspace'],
  table: ['border', 'cellpadding', 'cellspacing', 'summary', 'width', 'bgcolor', 'rules', 'frame'],
  td: CELL,
  th: CELL,
  tr: ['valign', 'bgcolor'],
  col: ['span', 'width', 'valign'],
  colgroup: ['span', 'width', 'valign'],
  ol: ['start', 'type', 'reversed'],
  ul: ['type'],
  li: ['value', 'type'],
  blockquote: ['cite'],
  q: ['cite'],
  del: ['cite', 'datetime'],
  ins: ['cite', 'datetime'],
  time: ['datetime'],
  font: ['color', 'face', 'size'],
  details: ['open'],
  abbr: ['title'],
  bdo: ['dir'],
};

const URL_ATTRIBUTES = ['href', 'src', 'cite'];
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'ftp:']);
/** A base no real link has: a URL that resolves against it was relative. */
const RELATIVE_BASE = 'https://relative.invalid/';
const RASTER_DATA_URL = /^data:image\/(?:png|gif|jpe?g|webp);base64,[a-z0-9+/=\s]*$/i;
const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_.:-]{0,127}$/;

/** Whether a URL attribute's value (entities decoded already) is one a browser would follow safely. */
function safeUrl(value: string, allowRasterData: boolean): boolean {
  let url: URL;
  try {
    url = new URL(value, RELATIVE_BASE);
  } catch {
    return false;
  }
  if (SAFE_PROTOCOLS.has(url.protocol)) return true;
  return allowRasterData && url.protocol === 'data:' && RASTER_DATA_URL.test(value.replace(/^[\x00-\x20]+/, ''));
}

/** Every tag's attributes after sanitize-html's allow-list: the URL, identifier and link rules above. */
function checkedAttributes(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const kept: sanitizeHtml.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (URL_ATTRIBUTES.includes(name) && !safeUrl(value, tagName === 'img' && name === 'src')) continue;
    if ((name === 'id' || name === 'name') && !IDENTIFIER.test(value)) continue;
    if (name === 'name' && tagName !== 'a') continue;
    if (name === 'target' || name === 'rel') continue;
    kept[name] = value;
  }
  if (tagName === 'a' && attribs.target?.trim().toLowerCase() === '_blank') {
    kept.target = '_blank';
    kept.rel = 'noopener noreferrer';
  }
  return kept;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: ALLOWED_ATTRIBUTES,
  nonTextTags: DROPPED_WITH_CONTENT,
  disallowedTagsMode: 'discard',
  allowedSchemes: ['http', 'https', 'mailto', 'ftp'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: URL_ATTRIBUTES,
  allowProtocolRelative: true,
  allowedStyles: {},
  allowVulnerableTags: false,
  // Parsed as HTML (not XML: no CDATA sections), entities decoded before the checks and encoded again on output.
  parser: { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, xmlMode: false },
  transformTags: { '*': (tagName, attribs) => ({ tagName, attribs: checkedAttributes(tagName, attribs) }) },
};

/** HTML others will render (page content, html datasets), reduced to inert document markup. */
export function safeHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
