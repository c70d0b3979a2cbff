/**
 * What XML from callers (tool XML of a depot repository, form and request type descriptions,
 * configuration files of a repository) may use before it is parsed: no document type declaration
 * (so no entities beyond XML's five, nothing read from elsewhere) and elements nested at most
 * MAX_XML_DEPTH deep (the tree is then walked recursively). Checked in one pass without recursion,
 * on text the validator found well formed.
 */
export const MAX_XML_DEPTH = 100;

/** Why the text may not be parsed, or null when it may. */
export function xmlLimitProblem(xmlText: string): string | null {
  let depth = 0;
  let at = xmlText.indexOf('<');
  while (at !== -1) {
    const next = xmlText.startsWith('<!--', at)
      ? skipPast(xmlText, at, '-->')
      : xmlText.startsWith('<![CDATA[', at)
        ? skipPast(xmlText, at, ']]>')
        : xmlText.startsWith('<?', at)
          ? skipPast(xmlText, at, '?>')
          : -1;
    if (next !== -1) {
      at = xmlText.indexOf('<', next);
      continue;
    }
    if (xmlText.startsWith('<!', at)) return 'a document type declaration (<!DOCTYPE>, entities) is not accepted';
    const end = tagEnd(xmlText, at);
    if (end === -1) return null; // unterminated: the validator reports it
    if (xmlText[at + 1] === '/') depth -= 1;
    else if (xmlText[end - 1] !== '/') {
      depth += 1;
      if (depth > MAX_XML_DEPTH) return `elements are nested more than ${MAX_XML_DEPTH} levels deep`;
    }
    at = xmlText.indexOf('<', end + 1);
  }
  return null;
}

/** The index just after `terminator`, searched from `from`; the text's end when it is missing. */
function skipPast(text: string, from: number, terminator: string): number {
  const found = text.indexOf(terminator, from);
  return found === -1 ? text.length : found + terminator.length;
}

/** The index of the `>` closing the tag that starts at `from`, past quoted attribute values. */
function tagEnd(text: string, from: number): number {
  let quote: string | null = null;
  for (let i = from + 1; i < text.length; i += 1) {
    const char = text[i];
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') return i;
  }
  return -1;
}
