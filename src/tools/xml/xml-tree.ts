/**
 * A small element tree over fast-xml-parser's order-preserving output. Tool XML is order-sensitive
 * (inputs render in document order, `<when>` blocks pair with the selector) so the ordered form is
 * used and wrapped here into plain elements.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ToolParseError } from '../errors';
import { MAX_XML_DEPTH, xmlLimitProblem } from './xml-limits';

export interface XmlElement {
  tag: string;
  attrs: Readonly<Record<string, string>>;
  children: XmlNode[];
}

export type XmlNode = XmlElement | string;

const TEXT = '#text';
const CDATA = '#cdata';
const COMMENT = '#comment';
const ATTRS = ':@';

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  cdataPropName: CDATA,
  commentPropName: COMMENT,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Refused before parsing (xml-limits); kept as the parser's own bound too.
  maxNestedTags: MAX_XML_DEPTH + 1,
});

type OrderedNode = Record<string, unknown>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toAttrs(raw: unknown): Record<string, string> {
  const attrs: Record<string, string> = {};
  if (!isRecord(raw)) return attrs;
  for (const [key, value] of Object.entries(raw)) attrs[key] = String(value);
  return attrs;
}

function convertNodes(raw: unknown): XmlNode[] {
  if (!Array.isArray(raw)) return [];
  const nodes: XmlNode[] = [];
  for (const item of raw as unknown[]) {
    if (!isRecord(item)) continue;
    const node = convertNode(item);
    if (node !== null) nodes.push(node);
  }
  return nodes;
}

function convertNode(item: OrderedNode): XmlNode | null {
  if (TEXT in item) return String(item[TEXT]);
  if (CDATA in item) return convertNodes(item[CDATA]).filter((n): n is string => typeof n === 'string').join('');
  const tag = Object.keys(item).find((key) => key !== ATTRS);
  if (tag === undefined || tag === COMMENT) return null;
  return { tag, attrs: toAttrs(item[ATTRS]), children: convertNodes(item[tag]) };
}

/**
 * Parses a document and returns its root element. Malformed XML is a ToolParseError with the
 * position; so is a document type declaration (entities) or nesting deeper than MAX_XML_DEPTH.
 */
export function parseXmlDocument(xmlText: string, source?: string): XmlElement {
  const problem = xmlLimitProblem(xmlText);
  if (problem) throw new ToolParseError(problem, source);
  const validation = XMLValidator.validate(xmlText);
  if (validation !== true) {
    const { msg, line, col } = validation.err;
    throw new ToolParseError(`malformed XML at line ${line}, column ${col}: ${msg}`, source);
  }
  let parsed: unknown;
  try {
    parsed = parser.parse(xmlText);
  } catch (error) {
    throw new ToolParseError(`unreadable XML: ${error instanceof Error ? error.message : String(error)}`, source);
  }
  const root = convertNodes(parsed).find((node): node is XmlElement => typeof node !== 'string');
  if (!root) throw new ToolParseError('the document has no root element', source);
  return root;
}

export function childElements(element: XmlElement, tag?: string): XmlElement[] {
  return element.children.filter(
    (node): node is XmlElement => typeof node !== 'string' && (tag === undefined || node.tag === tag),
  );
}

export function firstChild(element: XmlElement, tag: string): XmlElement | undefined {
  return childElements(element, tag)[0];
}

/** Concatenated text content of the element and its descendants. */
export function textContent(element: XmlElement): string {
  return element.children.map((node) => (typeof node === 'string' ? node : textContent(node))).join('');
}
