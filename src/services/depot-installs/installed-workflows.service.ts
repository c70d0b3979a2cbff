import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServiceContext } from '../../context/service-context';
import type { InstalledRepositoryMetadata, InstalledToolMetadata } from '../../entities/depot-install.entity';
import { AppError, errors } from '../../errors/error-kinds';
import { decodeId } from '../shared';
import { parseGaWorkflow, type StepDescription, workflowDict } from '../workflows';
import type { WorkflowView } from '../workflows';
import { readInstalledMetadata, readInstalledRepositories } from './installed-repository-view';
import { shown } from './install-parameters';
import type { DepotInstallService } from './depot-install.service';
import type { ToolCatalogService } from '../tools';
import type { WorkflowImportService } from '../workflows';

/** An exported workflow of an installed repository, identified by its position in the list. */
export interface ExportedWorkflowView {
  index: number;
  annotation: string;
  formatVersion: string;
  workflowName: string;
}

export interface ImportWorkflowInput {
  /** Whether the request carried `key` (the importing user's key, which the platform requires). */
  keyGiven: boolean;
  repositoryId?: string | null;
  index?: string | null;
}

const MISSING_KEY = "Missing required parameter 'key' whose value is the API key for the Galaxy user importing the specified workflow.";

/**
 * The `.ga` workflows of installed repositories: listed by position, imported into the key
 * owner's workflows under their own names. As on the platform, a workflow whose steps name tools
 * this platform lacks (or that has cycles) is stored but answered as a failure (`{}`).
 */
export class InstalledWorkflowsService {
  constructor(private readonly depotInstalls: DepotInstallService, private readonly tools: ToolCatalogService, private readonly workflowImports: WorkflowImportService) {}

  async exported(ctx: ServiceContext, encodedId: string): Promise<ExportedWorkflowView[]> {
    ctx.caller.requireIdentity();
    const metadata = await this.metadataOf(ctx, decodeId(ctx, encodedId));
    return (metadata?.workflows ?? []).map((workflow, index) => ({ index, annotation: workflow.annotation, formatVersion: workflow.formatVersion, workflowName: workflow.name }));
  }

  /** One exported workflow (by `index`); null when its import failed. */
  async importOne(ctx: ServiceContext, input: ImportWorkflowInput): Promise<WorkflowView | null> {
    const { id, metadata } = await this.checked(ctx, input, true);
    const index = Number(input.index);
    const workflows = metadata?.workflows ?? [];
    if (!Number.isInteger(index) || index < 0 || index >= workflows.length) throw errors.invalid(`No exported workflow has the index ${shown(input.index)}.`);
    return this.importAt(ctx, id, metadata!, index);
  }

  /** Every exported workflow; the ones whose import failed are left out. */
  async importAll(ctx: ServiceContext, input: ImportWorkflowInput): Promise<WorkflowView[]> {
    const { id, metadata } = await this.checked(ctx, input, false);
    const imported: WorkflowView[] = [];
    for (let index = 0; index < (metadata?.workflows.length ?? 0); index += 1) {
      const view = await this.importAt(ctx, id, metadata!, index);
      if (view) imported.push(view);
    }
    return imported;
  }

  /** The platform's order: the key, the id, the index (when one is read), then the repository. */
  private async checked(ctx: ServiceContext, input: ImportWorkflowInput, indexed: boolean): Promise<{ id: number; metadata: InstalledRepositoryMetadata | null }> {
    ctx.caller.requireIdentity();
    if (!input.keyGiven) throw errors.missing(MISSING_KEY);
    if (!input.repositoryId) throw errors.missing("Missing required parameter 'id'.");
    if (indexed && (input.index === undefined || input.index === null || input.index === '')) throw errors.missing("Missing required parameter 'index'.");
    ctx.caller.requireUser();
    const id = decodeId(ctx, input.repositoryId);
    return { id, metadata: await this.metadataOf(ctx, id) };
  }

  private async metadataOf(ctx: ServiceContext, id: number): Promise<InstalledRepositoryMetadata | null> {
    const { found, metadata } = await readInstalledMetadata(ctx, id);
    if (!found) throw errors.notFound('No installed repository has this id.');
    return metadata;
  }

  private async importAt(ctx: ServiceContext, repositoryId: number, metadata: InstalledRepositoryMetadata, index: number): Promise<WorkflowView | null> {
    const entry = metadata.workflows[index]!;
    const [repository] = await readInstalledRepositories(ctx, [repositoryId]);
    if (!repository) return null;
    const { layout } = this.depotInstalls;
    let description;
    try {
      const text = await readFile(join(layout.absolute(layout.repositoryDir(repository)), entry.path), 'utf8');
      description = parseGaWorkflow(workflowDict(JSON.parse(text) as unknown));
    } catch (error) {
      if (error instanceof AppError || error instanceof SyntaxError || (error as NodeJS.ErrnoException).code === 'ENOENT') {
        ctx.log.info({ repositoryId, workflow: entry.path, err: error instanceof Error ? error.message : String(error) }, 'installed workflow could not be imported');
        return null;
      }
      throw error;
    }
    const steps = description.steps.map((step) => this.withInstalledTool(ctx, step, metadata.tools));
    const hasErrors = steps.some((step) => step.type === 'tool' && (!step.toolId || !this.tools.registry.get(step.toolId)));
    const view = await this.workflowImports.importDescription(ctx, { ...description, steps }, { name: entry.name || description.name, hasErrors });
    return view.hasErrors || view.hasCycles ? null : view;
  }

  /** A step naming one of the repository's tools by the id its XML gives runs that tool (its guid). */
  private withInstalledTool(ctx: ServiceContext, step: StepDescription, tools: readonly InstalledToolMetadata[]): StepDescription {
    if (step.type !== 'tool' || !step.toolId || this.tools.registry.get(step.toolId)) return step;
    const candidates = tools.filter((tool) => tool.id === step.toolId);
    const chosen = candidates.find((tool) => tool.version === step.toolVersion) ?? candidates[candidates.length - 1];
    return chosen ? { ...step, toolId: chosen.guid, toolVersion: chosen.version } : step;
  }
}
