import { getHeaders } from './input';
import type { SniffInput } from './input';
import { pyStrip } from './python';

/** HTML: an "<html>" tag in the first word of one of the first lines. */
export function sniffHtml(input: SniffInput): boolean {
  return getHeaders(input, null).some((hdr) => hdr.length > 0 && hdr[0].toLowerCase().includes('<html>'));
}

/** PDF: the first word starts with "%PDF". */
export const sniffPdf = (input: SniffInput): boolean => (getHeaders(input, null, 1)[0]?.[0] ?? '').startsWith('%PDF');

/** Newick is too general to recognise: the platform's sniffer always says no. */
export const sniffNewick = (): boolean => false;

/** NEXUS: "#NEXUS" on the first line, any case. */
export const sniffNexus = (input: SniffInput): boolean => (input.lines[0] ?? '').toUpperCase().includes('#NEXUS');

/** OBO: starts with "format-version:" and has a "[Stanza]" line directly followed by "id:". */
export function sniffObo(input: SniffInput): boolean {
  const lines = input.lines;
  if (!(lines[0] ?? '').startsWith('format-version:')) return false;
  for (let i = 1; i < lines.length; i += 1) {
    if (/^\[.*\]$/.test(pyStrip(lines[i]))) {
      if ((lines[i + 1] ?? '').startsWith('id:')) return true;
      i += 1; // the platform consumes the line it looked at
    }
  }
  return false;
}

/** ARFF: @RELATION and @ATTRIBUTE before @DATA, within the first 1001 lines. */
export function sniffArff(input: SniffInput): boolean {
  let relation = false;
  let attribute = false;
  for (const [i, raw] of input.lines.entries()) {
    if (i > 1000) return false;
    const start = pyStrip(raw).slice(0, 20).toUpperCase();
    if (start.startsWith('@RELATION')) relation = true;
    else if (start.startsWith('@ATTRIBUTE')) attribute = true;
    else if (start.startsWith('@DATA') && relation && attribute) return true;
  }
  return false;
}

/** Files smaller than this are parsed whole; larger ones are judged by their first character. */
const JSON_PARSE_LIMIT = 50000;

/** The parsed document, undefined when it is not JSON or too large to parse. */
function parseJson(input: SniffInput): unknown {
  if (input.totalSize >= JSON_PARSE_LIMIT || input.truncated) return undefined;
  try {
    return JSON.parse(input.bytes.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** The platform's _looks_like_json: small files must parse; large ones must start with '[' or '{'. */
export function looksLikeJson(input: SniffInput): boolean {
  if (input.totalSize < JSON_PARSE_LIMIT && !input.truncated) return parseJson(input) !== undefined;
  const first = pyStrip(input.bytes.toString('latin1'))[0];
  return first === '[' || first === '{';
}

/** JSON. */
export const sniffJson = (input: SniffInput): boolean => looksLikeJson(input);

/** Jupyter notebook: a JSON object with an "nbformat" key and non-empty "metadata". */
export function sniffIpynb(input: SniffInput): boolean {
  if (!looksLikeJson(input)) return false;
  const doc = parseJson(input);
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return false;
  const record = doc as Record<string, unknown>;
  return 'nbformat' in record && record.nbformat !== false && isTruthy(record.metadata);
}

/** Python truthiness of a JSON value. */
function isTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object' && value !== null) return Object.keys(value).length > 0;
  return Boolean(value);
}
