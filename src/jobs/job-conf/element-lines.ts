/**
 * Line numbers of the elements of a parsed document, for error messages. The tree keeps no positions,
 * so the start tags of the (well formed, already parsed) text are found in document order, past
 * comments, CDATA sections and processing instructions, and paired with the elements in the same order.
 */
import { childElements, type XmlElement } from '../../tools/xml/xml-tree';

const SKIPPED: ReadonlyArray<readonly [string, string]> = [
  ['<!--', '-->'],
  ['<![CDATA[', ']]>'],
  ['<?', '?>'],
  ['<!', '>'],
];

/** 1-based line of each start tag, in document order. */
function startTagLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let counted = 0;
  const lineAt = (index: number): number => {
    for (let i = counted; i < index; i += 1) if (text.charCodeAt(i) === 10) line += 1;
    counted = index;
    return line;
  };
  let at = text.indexOf('<');
  while (at !== -1) {
    const skipped = SKIPPED.find(([open]) => text.startsWith(open, at));
    if (skipped) {
      const end = text.indexOf(skipped[1], at + skipped[0].length);
      if (end === -1) break;
      at = text.indexOf('<', end + skipped[1].length);
      continue;
    }
    if (text[at + 1] !== '/') lines.push(lineAt(at));
    at = text.indexOf('<', at + 1);
  }
  return lines;
}

function preorder(root: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const visit = (element: XmlElement): void => {
    out.push(element);
    for (const child of childElements(element)) visit(child);
  };
  visit(root);
  return out;
}

/** Each element's line; empty when the text and the tree do not pair up (then messages go without lines). */
export function elementLines(text: string, root: XmlElement): Map<XmlElement, number> {
  const lines = startTagLines(text);
  const elements = preorder(root);
  const map = new Map<XmlElement, number>();
  if (lines.length !== elements.length) return map;
  elements.forEach((element, index) => map.set(element, lines[index]));
  return map;
}
