/** Rendering entry points: a tool's command line and config files, and bare templates for tests and tools. */
import { join } from 'node:path';
import type { ToolDefinition } from '../model/tool-definition';
import type { ParamState } from '../params/state';
import type { TemplateNode } from './ast';
import { evaluateTemplate, type Segment } from './evaluator';
import { buildNamespace, type RenderEnv } from './namespace';
import { parseTemplate } from './parser';
import type { TemplateValue } from './values';

const parsed = new Map<string, TemplateNode[]>();
const CACHE_LIMIT = 256;

/** Tool templates are rendered once per job; parsing once per distinct text is enough. */
function compile(source: string): TemplateNode[] {
  let nodes = parsed.get(source);
  if (!nodes) {
    nodes = parseTemplate(source);
    if (parsed.size >= CACHE_LIMIT) parsed.delete(parsed.keys().next().value!);
    parsed.set(source, nodes);
  }
  return nodes;
}

function concatenate(segments: readonly Segment[]): string {
  return segments.map((segment) => segment.text).join('');
}

/**
 * Renders a template against plain variables (no tool): values are used as given, so wrap user text
 * in `Unsafe` to have it shell-quoted.
 */
export function renderTemplate(
  source: string,
  variables: ReadonlyMap<string, TemplateValue> | Readonly<Record<string, TemplateValue>>,
  options: { shellQuoting?: boolean } = {},
): string {
  const namespace = variables instanceof Map ? variables : new Map(Object.entries(variables));
  return concatenate(evaluateTemplate(compile(source), namespace, options));
}

/** Legacy `interpreter`: `python script.py …` with the script resolved in the tool directory. */
function applyInterpreter(command: string, interpreter: string, toolDirectory: string | undefined): string {
  const executable = command.split(/\s+/, 1)[0] ?? '';
  if (!executable) return command;
  const resolved = toolDirectory ? join(toolDirectory, executable) : executable;
  return `${interpreter} ${resolved}${command.slice(executable.length)}`;
}

/**
 * The job's command line: the command template rendered, line breaks of the template text turned
 * into spaces (values keep theirs, inside their quotes), `\r` dropped and the ends trimmed — the
 * platform's joining of multi-line commands.
 */
export function renderCommand(tool: ToolDefinition, state: ParamState, env: RenderEnv = {}): string {
  const namespace = buildNamespace(tool, state, env);
  const segments = evaluateTemplate(compile(tool.command.template), namespace, { shellQuoting: env.shellQuoting });
  const command = segments
    .map((segment) => (segment.literal ? segment.text.replace(/\r/g, '').replace(/\n/g, ' ') : segment.text))
    .join('')
    .trim();
  if (!tool.command.interpreter || !command) return command;
  const toolDirectory = namespace.get('__tool_directory__');
  return applyInterpreter(command, tool.command.interpreter, typeof toolDirectory === 'string' ? toolDirectory : undefined);
}

/** The contents of the tool's `<configfile>`s for this run, line structure kept. */
export function renderConfigFiles(tool: ToolDefinition, state: ParamState, env: RenderEnv = {}): Array<{ name: string; content: string }> {
  const namespace = buildNamespace(tool, state, env);
  return tool.configFiles.map((file) => ({
    name: file.name,
    content: concatenate(evaluateTemplate(compile(file.template), namespace, { shellQuoting: env.shellQuoting })),
  }));
}
