import { existsSync } from 'node:fs';
import type { ServiceContext } from '../../context/service-context';
import { errors } from '../../errors/error-kinds';
import type { Logger } from '../../logging/logger';
import {
  type CitationDict,
  listToolDicts,
  panelSections,
  type ToolDefinition,
  type ToolDict,
  type PanelSectionRef,
  type ToolSectionDict,
  ToolRegistry,
  searchTools,
  toolCitations,
  toolDict,
} from '../../tools';
import type { ToolDataService } from '../tool-data';
import { fingerprints, type ToolSetChanges, toolSetChanges } from './tool-set-changes';

/** A tool of a repository installed from a depot: its definition carries the depot guid as id. */
export interface InstalledToolEntry {
  tool: ToolDefinition;
  /** The id its XML gives it (the platform's `old_id`). */
  oldId: string;
  /** The guid without its version: the versions of one tool across the repository's revisions. */
  lineage: string;
  section: PanelSectionRef | null;
}

/** Python's LooseVersion order, enough for tool versions: numbers as numbers, the rest as text. */
export function compareVersions(a: string, b: string): number {
  const parts = (version: string) => version.split(/[^A-Za-z0-9]+|(?<=\d)(?=[A-Za-z])|(?<=[A-Za-z])(?=\d)/).filter((part) => part !== '');
  const [left, right] = [parts(a), parts(b)];
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const [x, y] = [left[index], right[index]];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const numeric = /^\d+$/.test(x) && /^\d+$/.test(y);
    const order = numeric ? Number(x) - Number(y) : x < y ? -1 : x > y ? 1 : 0;
    if (order !== 0) return Math.sign(order);
  }
  return 0;
}

/**
 * Loads tools of installed repositories into `registry` (again, for tools known already: the same
 * guid keeps its place). A newer version of a tool the panel shows takes its place there; an older
 * one is registered without a panel entry.
 */
function addInstalledTo(registry: ToolRegistry, installed: InstalledVersions, entries: readonly InstalledToolEntry[]): void {
  for (const { tool, oldId, lineage, section } of entries) {
    const known = registry.get(tool.id) !== undefined;
    installed.set(tool.id, { oldId, lineage, version: tool.version });
    if (known) {
      registry.register(tool);
      continue;
    }
    const shown = [...installed.entries()].find(([guid, entry]) => entry.lineage === lineage && guid !== tool.id && registry.inPanel(guid));
    if (!shown) registry.add(tool, section ?? undefined);
    else if (compareVersions(tool.version, shown[1].version) > 0) registry.replaceInPanel(shown[0], tool);
    else registry.register(tool);
  }
}

/**
 * The installed tools: built-ins, the directories the operator lists in TOOL_DIRS, and the tools of
 * repositories installed from a depot (under their guids; the panel shows the newest version of
 * each, every version stays runnable).
 */
type InstalledVersions = Map<string, { oldId: string; lineage: string; version: string }>;

export class ToolCatalogService {
  /** The tools in use; always this one object (runners and routing hold it), its content replaced on a reload. */
  readonly registry = new ToolRegistry();
  private installed: InstalledVersions = new Map();
  /** The built-ins and the tools of TOOL_DIRS as last read (what a rebuild starts from). */
  private localTools: ToolRegistry;

  constructor(
    private readonly toolDirs: string[],
    private readonly log: Logger,
    private readonly toolData: ToolDataService,
  ) {
    this.localTools = this.readLocalTools().registry;
    this.registry.replaceWith(this.localTools);
  }

  /** The built-in tools and those of TOOL_DIRS, read from their files now. */
  private readLocalTools(): { registry: ToolRegistry; problems: ToolSetChanges['problems'] } {
    const registry = new ToolRegistry();
    const problems: ToolSetChanges['problems'] = [];
    registry.loadBuiltins();
    for (const dir of this.toolDirs) {
      if (!existsSync(dir)) {
        this.log.warn({ dir }, 'tool directory not found');
        continue;
      }
      const report = registry.loadDirectory(dir);
      for (const problem of report.errors) this.log.warn(problem, 'tool failed to load');
      problems.push(...report.errors);
    }
    return { registry, problems };
  }

  /**
   * Makes the tool set anew: the built-ins and TOOL_DIRS (read again from disk when
   * `rereadDirectories`, else as last read) and the given installed repositories' tools. Requests
   * see the old set or the new one, never a mix. Answers what changed.
   */
  rebuild(installed: readonly InstalledToolEntry[], options: { rereadDirectories: boolean }): ToolSetChanges {
    const local = options.rereadDirectories ? this.readLocalTools() : { registry: this.localTools, problems: [] };
    const fresh = local.registry.copy();
    const versions: InstalledVersions = new Map();
    addInstalledTo(fresh, versions, installed);
    const before = fingerprints(this.registry.list());
    const after = fingerprints(fresh.list());
    this.localTools = local.registry;
    this.installed = versions;
    this.registry.replaceWith(fresh);
    return { ...toolSetChanges(before, after), problems: local.problems };
  }

  list(ctx: ServiceContext, inPanel: boolean): Array<ToolDict | ToolSectionDict> {
    const admin = ctx.caller.isAdmin;
    return inPanel ? panelSections(this.registry, { admin }) : listToolDicts(this.registry, { admin });
  }

  /** The panel's sections with their tools, in order; tools outside any section grouped where they stand (hidden tools only for administrators). */
  panel(ctx: ServiceContext): Array<{ id: string | null; name: string; tools: ToolDefinition[] }> {
    const shown = (tool: ToolDefinition | undefined): tool is ToolDefinition => tool !== undefined && (ctx.caller.isAdmin || !tool.hidden);
    const sections: Array<{ id: string | null; name: string; tools: ToolDefinition[] }> = [];
    for (const entry of this.registry.panelEntries()) {
      if (entry.kind === 'section') {
        sections.push({ id: entry.section.id, name: entry.section.name, tools: entry.toolIds.map((id) => this.registry.get(id)).filter(shown) });
        continue;
      }
      const tool = this.registry.get(entry.toolId);
      if (!shown(tool)) continue;
      const last = sections[sections.length - 1];
      if (last && last.id === null) last.tools.push(tool);
      else sections.push({ id: null, name: '', tools: [tool] });
    }
    return sections.filter((section) => section.tools.length > 0);
  }

  /** Ids of the tools a free-text query finds (hidden tools only for administrators). */
  search(ctx: ServiceContext, query: string): string[] {
    const visible = this.registry.list().filter((tool) => ctx.caller.isAdmin || !tool.hidden);
    return searchTools(visible.map((tool) => ({ tool, section: this.registry.sectionOf(tool.id)?.name ?? '' })), query);
  }

  /**
   * The versions installed of a tool id (the platform's detection of a tool's versions): for a depot
   * guid, or the id its XML gives it, every installed version of that tool, oldest first.
   */
  versions(id: string): string[] {
    const installed = this.installed.get(id);
    if (installed) return this.installedVersions((entry) => entry.lineage === installed.lineage).map((entry) => entry.version);
    const tool = this.registry.get(id);
    if (tool) return [tool.version];
    return this.installedVersions((entry) => entry.oldId === id).map((entry) => entry.version);
  }

  /** A tool by id; a depot tool also by the id its XML gives it (its newest installed version). */
  find(id: string): ToolDefinition {
    const tool = this.registry.get(id) ?? this.newestInstalled(id);
    if (!tool) throw errors.notFound(`Could not find tool with id '${id}'`);
    return tool;
  }

  show(ctx: ServiceContext, id: string, ioDetails: boolean): ToolDict {
    const tool = this.find(id);
    return toolDict(tool, { ioDetails, section: this.registry.sectionOf(tool.id) ?? null, admin: ctx.caller.isAdmin, selectOptions: this.toolData.selectOptions });
  }

  /** A panel section by id (built-in, or made by an earlier install), or null. */
  panelSection(id: string): PanelSectionRef | null {
    for (const entry of this.registry.panelEntries()) if (entry.kind === 'section' && entry.section.id === id) return entry.section;
    return null;
  }

  /**
   * Loads tools of installed repositories (again, for tools known already: the same guid keeps its
   * place). A newer version of a tool the panel shows takes its place there; an older one is
   * registered without a panel entry.
   */
  addInstalled(entries: readonly InstalledToolEntry[]): void {
    addInstalledTo(this.registry, this.installed, entries);
  }

  private installedVersions(matches: (entry: { oldId: string; lineage: string; version: string }) => boolean): Array<{ guid: string; version: string }> {
    return [...this.installed.entries()]
      .filter(([, entry]) => matches(entry))
      .map(([guid, entry]) => ({ guid, version: entry.version }))
      .sort((a, b) => compareVersions(a.version, b.version));
  }

  private newestInstalled(oldId: string): ToolDefinition | undefined {
    const versions = this.installedVersions((entry) => entry.oldId === oldId);
    const newest = versions[versions.length - 1];
    return newest ? this.registry.get(newest.guid) : undefined;
  }

  citations(id: string): CitationDict[] {
    return toolCitations(this.find(id));
  }
}
