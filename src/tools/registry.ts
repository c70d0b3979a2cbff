/**
 * The loaded tools and the tool panel: built-ins from `builtin/`, more from directories, each tool
 * optionally placed in a panel section. Loading is synchronous (startup work).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ToolParseError } from './errors';
import type { ToolDefinition } from './model/tool-definition';
import { parseToolXml } from './xml/parse-tool';

/**
 * Where the built-in tool XML lives. The files sit next to this module in the source tree; a
 * compiled build must copy `src/tools/builtin/*.xml` alongside (tsc does not copy them).
 */
export const BUILTIN_TOOL_DIR = join(__dirname, 'builtin');

export interface PanelSectionRef {
  id: string;
  name: string;
}

/** The built-ins' panel, in the platform's sample tool_conf order. */
export const BUILTIN_PANEL: ReadonlyArray<PanelSectionRef & { toolIds: readonly string[] }> = [
  { id: 'getext', name: 'Get Data', toolIds: ['upload1'] },
  { id: 'textutil', name: 'Text Manipulation', toolIds: ['cat1', 'Cut1', 'Paste1'] },
  { id: 'filter', name: 'Filter and Sort', toolIds: ['sort1', 'Show beginning1', 'random_lines1'] },
];

export type PanelEntry = { kind: 'section'; section: PanelSectionRef; toolIds: string[] } | { kind: 'tool'; toolId: string };

export interface LoadReport {
  loaded: ToolDefinition[];
  /** Files that looked like tools but failed to parse; loading carries on past them. */
  errors: Array<{ file: string; message: string }>;
}

/** XML files of `dir` in name order, then those of its subdirectories. */
function xmlFiles(dir: string, recursive: boolean): string[] {
  const files: string[] = [];
  const subdirectories: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) subdirectories.push(path);
    else if (entry.endsWith('.xml')) files.push(path);
  }
  if (recursive) for (const subdirectory of subdirectories) files.push(...xmlFiles(subdirectory, recursive));
  return files;
}

/** Tool documents have a `<tool>` root; tool_conf, macro and data-table files are skipped unread. */
function looksLikeTool(text: string): boolean {
  return /<tool[\s>]/.test(text.replace(/<!--[\s\S]*?-->/g, ''));
}

export class ToolRegistry {
  private tools = new Map<string, ToolDefinition>();
  private panel: PanelEntry[] = [];

  /** A registry holding the same tools and panel (changes to either leave the other as it is). */
  copy(): ToolRegistry {
    const copied = new ToolRegistry();
    copied.tools = new Map(this.tools);
    copied.panel = this.panel.map((entry) => (entry.kind === 'section' ? { ...entry, toolIds: [...entry.toolIds] } : { ...entry }));
    return copied;
  }

  /**
   * Takes the tools and panel of `other` in one step (synchronous: no request sees half of it). This
   * object stays the one everybody holds (the job runners, the routing), so they see the new set.
   */
  replaceWith(other: ToolRegistry): void {
    const copied = other.copy();
    this.tools = copied.tools;
    this.panel = copied.panel;
  }

  /** Loads the built-in tools and places them in their panel sections. */
  loadBuiltins(dir: string = BUILTIN_TOOL_DIR): ToolDefinition[] {
    const report = this.readDirectory(dir, false);
    if (report.errors.length) {
      throw new ToolParseError(`built-in tool failed to load: ${report.errors.map((error) => error.message).join('; ')}`);
    }
    const byId = new Map(report.loaded.map((tool) => [tool.id, tool]));
    for (const section of BUILTIN_PANEL) {
      for (const id of section.toolIds) {
        const tool = byId.get(id);
        if (tool) this.add(tool, section);
        byId.delete(id);
      }
    }
    for (const tool of byId.values()) this.add(tool);
    return report.loaded;
  }

  /** Loads every tool XML in `dir` (and below, unless `recursive` is false) into `section` or the top level. */
  loadDirectory(dir: string, options: { section?: PanelSectionRef; recursive?: boolean } = {}): LoadReport {
    const report = this.readDirectory(dir, options.recursive ?? true);
    for (const tool of report.loaded) this.add(tool, options.section);
    return report;
  }

  private readDirectory(dir: string, recursive: boolean): LoadReport {
    const report: LoadReport = { loaded: [], errors: [] };
    for (const file of xmlFiles(dir, recursive)) {
      const text = readFileSync(file, 'utf8');
      if (!looksLikeTool(text)) continue;
      try {
        report.loaded.push(parseToolXml(text, file));
      } catch (error) {
        report.errors.push({ file, message: error instanceof Error ? error.message : String(error) });
      }
    }
    return report;
  }

  /** Registers a tool (replacing one with the same id, which keeps its panel place unless a section is given). */
  add(tool: ToolDefinition, section?: PanelSectionRef): void {
    const known = this.tools.has(tool.id);
    this.tools.set(tool.id, tool);
    if (known && !section) return;
    if (known) this.removeFromPanel(tool.id);
    if (tool.hidden) return;
    if (!section) {
      this.panel.push({ kind: 'tool', toolId: tool.id });
      return;
    }
    const entry = this.panel.find(
      (candidate): candidate is Extract<PanelEntry, { kind: 'section' }> => candidate.kind === 'section' && candidate.section.id === section.id,
    );
    if (entry) entry.toolIds.push(tool.id);
    else this.panel.push({ kind: 'section', section: { id: section.id, name: section.name }, toolIds: [tool.id] });
  }

  /** Registers a tool that the panel does not show (an older version of a tool the panel shows). */
  register(tool: ToolDefinition): void {
    this.tools.set(tool.id, tool);
  }

  /** Registers `tool` where `previousId` stands in the panel (a newer version of the same tool takes its place). */
  replaceInPanel(previousId: string, tool: ToolDefinition): void {
    this.tools.set(tool.id, tool);
    for (const entry of this.panel) {
      if (entry.kind === 'tool' && entry.toolId === previousId) entry.toolId = tool.id;
      else if (entry.kind === 'section') entry.toolIds = entry.toolIds.map((id) => (id === previousId ? tool.id : id));
    }
  }

  /** Whether the panel lists the tool. */
  inPanel(id: string): boolean {
    return this.panel.some((entry) => (entry.kind === 'tool' ? entry.toolId === id : entry.toolIds.includes(id)));
  }

  private removeFromPanel(id: string): void {
    for (let index = this.panel.length - 1; index >= 0; index -= 1) {
      const entry = this.panel[index]!;
      if (entry.kind === 'tool' && entry.toolId === id) this.panel.splice(index, 1);
      else if (entry.kind === 'section') entry.toolIds = entry.toolIds.filter((toolId) => toolId !== id);
    }
  }

  get(id: string): ToolDefinition | undefined {
    return this.tools.get(id);
  }

  /** All tools in load order, hidden ones included. */
  list(): ToolDefinition[] {
    return [...this.tools.values()];
  }

  /** The panel section holding a tool, or null (top level, hidden, or unknown). */
  sectionOf(id: string): PanelSectionRef | null {
    for (const entry of this.panel) if (entry.kind === 'section' && entry.toolIds.includes(id)) return entry.section;
    return null;
  }

  /** Panel entries in order: sections with their tool ids, and top-level tools. */
  panelEntries(): readonly PanelEntry[] {
    return this.panel;
  }
}
