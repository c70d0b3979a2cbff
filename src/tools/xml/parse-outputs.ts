/** `<outputs>`: dataset outputs (`<data>`); collection outputs are outside this module's scope. */
import { ToolParseError } from '../errors';
import type { ToolOutput } from '../model/tool-definition';
import { attr, attrOr, boolAttr } from './attributes';
import { childElements, firstChild, textContent, type XmlElement } from './xml-tree';

export function parseOutputs(tool: XmlElement): ToolOutput[] {
  const outputs = firstChild(tool, 'outputs');
  if (!outputs) return [];
  return childElements(outputs, 'data').map((data) => {
    const name = attr(data, 'name');
    if (!name) throw new ToolParseError('an output <data> has no name attribute');
    return {
      name,
      format: attrOr(data, 'format', 'data'),
      formatSource: attr(data, 'format_source') ?? null,
      metadataSource: attr(data, 'metadata_source') ?? null,
      fromWorkDir: attr(data, 'from_work_dir') ?? null,
      label: attr(data, 'label') ?? null,
      hidden: boolAttr(data, 'hidden', false),
      filters: childElements(data, 'filter').map((filter) => textContent(filter).trim()),
    };
  });
}
