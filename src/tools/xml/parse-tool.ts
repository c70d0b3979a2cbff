/** Entry point of the XML layer: a tool document in, a ToolDefinition out. */
import { ToolParseError } from '../errors';
import type { ToolDefinition } from '../model/tool-definition';
import { attr, attrOr, boolAttr } from './attributes';
import { dedent } from './dedent';
import { parseConfigFiles, parseCitations, parseRequirements, parseStdio } from './parse-extras';
import { parseInputList } from './parse-inputs';
import { parseOutputs } from './parse-outputs';
import { firstChild, parseXmlDocument, textContent } from './xml-tree';

function buildDefinition(xmlText: string, source: string | undefined): ToolDefinition {
  const root = parseXmlDocument(xmlText, source);
  if (root.tag !== 'tool') throw new ToolParseError(`the root element is <${root.tag}>, not <tool>`);
  const id = attr(root, 'id')?.trim();
  if (!id) throw new ToolParseError('the <tool> element has no id attribute');
  const command = firstChild(root, 'command');
  const description = firstChild(root, 'description');
  const help = firstChild(root, 'help');
  const inputs = firstChild(root, 'inputs');
  return {
    id,
    name: attr(root, 'name') ?? id,
    version: attrOr(root, 'version', '1.0.0'),
    description: description ? textContent(description).trim().replace(/\s+/g, ' ') : '',
    toolType: attr(root, 'tool_type') ?? null,
    hidden: boolAttr(root, 'hidden', false),
    workflowCompatible: boolAttr(root, 'workflow_compatible', true),
    ...parseRequirements(root),
    command: {
      template: command ? textContent(command) : '',
      interpreter: command ? attr(command, 'interpreter') ?? null : null,
      detectErrors: command ? attr(command, 'detect_errors') ?? null : null,
    },
    configFiles: parseConfigFiles(root),
    inputs: inputs ? parseInputList(inputs, 'inputs') : [],
    outputs: parseOutputs(root),
    citations: parseCitations(root),
    help: help ? dedent(textContent(help)) : '',
    stdio: parseStdio(root),
    source: source ?? null,
  };
}

/**
 * Parses a tool XML document. Unknown elements are ignored; malformed XML, a missing id, or an
 * invalid parameter declaration is a ToolParseError naming the source and the place.
 */
export function parseToolXml(xmlText: string, source?: string): ToolDefinition {
  try {
    return buildDefinition(xmlText, source);
  } catch (error) {
    if (error instanceof ToolParseError && error.source === undefined && source !== undefined) {
      throw new ToolParseError(error.message, source);
    }
    throw error;
  }
}
