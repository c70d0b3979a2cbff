/** The smaller tool sections: requirements, containers, config files, citations and stdio rules. */
import { ToolParseError } from '../errors';
import type {
  Citation,
  ConfigFile,
  Container,
  ExitCodeRule,
  RegexRule,
  Requirement,
  StdioLevel,
  StdioRules,
} from '../model/tool-definition';
import { attr, attrOr } from './attributes';
import { childElements, firstChild, textContent, type XmlElement } from './xml-tree';

export function parseRequirements(tool: XmlElement): { requirements: Requirement[]; containers: Container[] } {
  const section = firstChild(tool, 'requirements');
  if (!section) return { requirements: [], containers: [] };
  return {
    requirements: childElements(section, 'requirement').map((element) => ({
      type: attrOr(element, 'type', 'package'),
      name: textContent(element).trim(),
      version: attr(element, 'version') ?? null,
    })),
    containers: childElements(section, 'container').map((element) => ({
      type: attrOr(element, 'type', 'docker'),
      identifier: textContent(element).trim(),
    })),
  };
}

export function parseConfigFiles(tool: XmlElement): ConfigFile[] {
  const section = firstChild(tool, 'configfiles');
  if (!section) return [];
  return childElements(section, 'configfile').map((element) => {
    const name = attr(element, 'name');
    if (!name) throw new ToolParseError('a <configfile> has no name attribute');
    return { name, template: textContent(element) };
  });
}

export function parseCitations(tool: XmlElement): Citation[] {
  const section = firstChild(tool, 'citations');
  if (!section) return [];
  const citations: Citation[] = [];
  for (const element of childElements(section, 'citation')) {
    const content = textContent(element).trim();
    const type = attr(element, 'type');
    // Unknown citation types are skipped, as the platform does.
    if (type === 'bibtex') citations.push({ type, content });
    else if (type === 'doi') citations.push({ type, doi: content });
  }
  return citations;
}

function level(raw: string | undefined): StdioLevel {
  const text = (raw ?? 'fatal').trim().toLowerCase();
  if (text === 'log' || text === 'warning') return text;
  return 'fatal';
}

function rangeBound(text: string, fallback: number): number {
  if (text.trim() === '') return fallback;
  if (!/^\s*[+-]?\d+\s*$/.test(text)) throw new ToolParseError(`exit_code range bound '${text}' is not an integer`);
  return Number(text);
}

/** `2`, `1:`, `:-1`, `3:5` or `:` (any). */
export function parseExitRange(range: string): { from: number; to: number } {
  const [left, right] = range.split(':', 2);
  if (right === undefined) {
    const only = rangeBound(left ?? '', NaN);
    if (Number.isNaN(only)) throw new ToolParseError('an exit_code has an empty range');
    return { from: only, to: only };
  }
  return { from: rangeBound(left ?? '', -Infinity), to: rangeBound(right, Infinity) };
}

export function parseStdio(tool: XmlElement): StdioRules {
  const section = firstChild(tool, 'stdio');
  if (!section) return { exitCodes: [], regexes: [] };
  const exitCodes: ExitCodeRule[] = childElements(section, 'exit_code').map((element) => ({
    ...parseExitRange(attrOr(element, 'range', '')),
    level: level(attr(element, 'level')),
    description: attr(element, 'description') ?? null,
  }));
  const regexes: RegexRule[] = childElements(section, 'regex').map((element) => {
    const source = attrOr(element, 'source', 'both').toLowerCase();
    const sources: RegexRule['sources'] = source === 'stdout' ? ['stdout'] : source === 'stderr' ? ['stderr'] : ['stdout', 'stderr'];
    return { match: attrOr(element, 'match', ''), sources, level: level(attr(element, 'level')), description: attr(element, 'description') ?? null };
  });
  return { exitCodes, regexes };
}
