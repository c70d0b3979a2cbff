/** `<inputs>` and its groups (repeat, conditional, section), in document order. */
import { ToolParseError } from '../errors';
import type { ConditionalInput, RepeatInput, SectionInput, ToolInput } from '../model/inputs';
import { attr, attrOr, boolAttr, numberAttr } from './attributes';
import { parseParam } from './parse-params';
import { childElements, firstChild, textContent, type XmlElement } from './xml-tree';

function requiredName(element: XmlElement, where: string): string {
  const name = attr(element, 'name');
  if (!name) throw new ToolParseError(`${where}: a <${element.tag}> has no name attribute`);
  return name;
}

function groupHelp(element: XmlElement): string {
  const child = firstChild(element, 'help');
  return child ? textContent(child).trim() : attrOr(element, 'help', '');
}

function parseRepeat(element: XmlElement, where: string): RepeatInput {
  const name = requiredName(element, where);
  const here = `${where} repeat '${name}'`;
  const min = numberAttr(element, 'min', true, here) ?? 0;
  const max = numberAttr(element, 'max', true, here);
  if (max !== null && max < min) throw new ToolParseError(`${here}: max (${max}) is below min (${min})`);
  const declaredDefault = numberAttr(element, 'default', true, here) ?? 0;
  return {
    type: 'repeat',
    name,
    title: attrOr(element, 'title', name),
    help: groupHelp(element),
    min,
    max,
    defaultCount: Math.max(min, declaredDefault),
    inputs: parseInputList(element, here),
  };
}

function parseConditional(element: XmlElement, where: string): ConditionalInput {
  const name = requiredName(element, where);
  const here = `${where} conditional '${name}'`;
  const testElement = firstChild(element, 'param');
  if (!testElement) throw new ToolParseError(`${here}: no selector <param>`);
  const test = parseParam(testElement, here);
  if (test.type !== 'select' && test.type !== 'boolean') {
    throw new ToolParseError(`${here}: the selector must be a select or boolean parameter, not '${test.type}'`);
  }
  const cases = childElements(element, 'when').map((when) => {
    const value = attr(when, 'value');
    if (value === undefined) throw new ToolParseError(`${here}: a <when> has no value attribute`);
    return { value, inputs: parseInputList(when, `${here} when '${value}'`) };
  });
  return { type: 'conditional', name, test, cases };
}

function parseSection(element: XmlElement, where: string): SectionInput {
  const name = requiredName(element, where);
  return {
    type: 'section',
    name,
    title: attrOr(element, 'title', name),
    help: groupHelp(element),
    expanded: boolAttr(element, 'expanded', false),
    inputs: parseInputList(element, `${where} section '${name}'`),
  };
}

/** Children of an inputs-like element; elements that are not inputs are skipped. */
export function parseInputList(container: XmlElement, where: string): ToolInput[] {
  const inputs: ToolInput[] = [];
  for (const element of childElements(container)) {
    switch (element.tag) {
      case 'param':
        inputs.push(parseParam(element, where));
        break;
      // upload_dataset is the platform's upload-specific repeat; its instances look like a repeat's.
      case 'repeat':
      case 'upload_dataset':
        inputs.push(parseRepeat(element, where));
        break;
      case 'conditional':
        inputs.push(parseConditional(element, where));
        break;
      case 'section':
        inputs.push(parseSection(element, where));
        break;
      default:
        break;
    }
  }
  const seen = new Set<string>();
  for (const input of inputs) {
    if (seen.has(input.name)) throw new ToolParseError(`${where}: duplicate input name '${input.name}'`);
    seen.add(input.name);
  }
  return inputs;
}
