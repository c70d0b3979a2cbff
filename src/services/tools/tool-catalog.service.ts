import { existsSync } from 'node:fs';
import type { RequestContext } from '../../context/request-context';
import { errors } from '../../errors/error-kinds';
import type { Logger } from '../../logging/logger';
import {
  type CitationDict,
  listToolDicts,
  panelSections,
  type ToolDefinition,
  type ToolDict,
  type ToolSectionDict,
  ToolRegistry,
  searchTools,
  toolCitations,
  toolDict,
} from '../../tools';

/** The installed tools: built-ins plus the directories the operator lists in TOOL_DIRS. */
export class ToolCatalogService {
  readonly registry = new ToolRegistry();

  constructor(toolDirs: string[], log: Logger) {
    this.registry.loadBuiltins();
    for (const dir of toolDirs) {
      if (!existsSync(dir)) {
        log.warn({ dir }, 'tool directory not found');
        continue;
      }
      const report = this.registry.loadDirectory(dir);
      for (const problem of report.errors) log.warn(problem, 'tool failed to load');
    }
  }

  list(ctx: RequestContext, inPanel: boolean): Array<ToolDict | ToolSectionDict> {
    const admin = ctx.caller.isAdmin;
    return inPanel ? panelSections(this.registry, { admin }) : listToolDicts(this.registry, { admin });
  }

  /** Ids of the tools a free-text query finds (hidden tools only for administrators). */
  search(ctx: RequestContext, query: string): string[] {
    const visible = this.registry.list().filter((tool) => ctx.caller.isAdmin || !tool.hidden);
    return searchTools(visible.map((tool) => ({ tool, section: this.registry.sectionOf(tool.id)?.name ?? '' })), query);
  }

  /** The versions installed of a tool id (the platform's detection of a tool's versions). */
  versions(id: string): string[] {
    const tool = this.registry.get(id);
    return tool ? [tool.version] : [];
  }

  find(id: string): ToolDefinition {
    const tool = this.registry.get(id);
    if (!tool) throw errors.notFound(`Could not find tool with id '${id}'`);
    return tool;
  }

  show(ctx: RequestContext, id: string, ioDetails: boolean): ToolDict {
    const tool = this.find(id);
    return toolDict(tool, { ioDetails, section: this.registry.sectionOf(id) ?? null, admin: ctx.caller.isAdmin, selectOptions: ctx.services.toolData.selectOptions });
  }

  citations(id: string): CitationDict[] {
    return toolCitations(this.find(id));
  }
}
