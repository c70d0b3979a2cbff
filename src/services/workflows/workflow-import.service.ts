import { readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import type { ServiceContext } from '../../context/service-context';
import { AppError, errors } from '../../errors/error-kinds';
import { Workflow } from '../../entities/workflow.entity';
import { parseGaWorkflow, type WorkflowDescription, workflowDict } from './ga-format';
import { findWorkflow, mayReadWorkflow } from './workflow-access';
import { stepsByVersionId } from './workflow.loaders';
import { storeNewWorkflow } from './workflow-store';
import { ensureWorkflowSlug } from './workflow-slug';
import type { WorkflowView } from './workflow-view';
import type { WorkflowService } from './workflow.service';
import type { TagService } from '../tags';

export interface ImportOptions {
  publish?: boolean;
  /** Defaults to `publish`, as on the platform. */
  importable?: boolean | null;
}

/**
 * New workflows from outside: a `.ga` dictionary (`workflow`, `/upload`), another user's importable
 * workflow (`shared_workflow_id`), or a `.ga` file of an installed depot repository.
 */
export class WorkflowImportService {
  constructor(private readonly workflows: WorkflowService, private readonly tags: TagService) {}

  /** The platform names API imports "<name> (imported from API)". */
  async importDict(ctx: ServiceContext, workflowValue: unknown, options: ImportOptions = {}): Promise<WorkflowView> {
    const user = ctx.caller.requireUser();
    const description = parseGaWorkflow(workflowDict(workflowValue));
    const publish = options.publish ?? false;
    const importable = options.importable ?? publish;
    if (publish && !importable) throw errors.invalid('Published workflow must be importable.');
    const id = await ctx.em.transactional(async () => {
      const stored = await storeNewWorkflow(ctx, this.tags, user.id, description, { name: `${description.name} (imported from API)`, published: publish, importable });
      if (importable) await ensureWorkflowSlug(ctx.em, stored);
      return stored.id;
    });
    return this.workflows.reread(ctx, id);
  }

  /**
   * A parsed workflow stored under the name given, without the API's suffix (the workflows of an
   * installed depot repository); `hasErrors` marks steps whose tools are not installed.
   */
  async importDescription(ctx: ServiceContext, description: WorkflowDescription, options: { name: string; hasErrors?: boolean }): Promise<WorkflowView> {
    const user = ctx.caller.requireUser();
    const id = await ctx.em.transactional(async (em) => {
      const stored = await storeNewWorkflow(ctx, this.tags, user.id, description, { name: options.name });
      if (options.hasErrors && stored.latestWorkflow) await em.nativeUpdate(Workflow, { id: stored.latestWorkflow.id }, { hasErrors: true });
      return stored.id;
    });
    return this.workflows.reread(ctx, id);
  }

  /** A copy of an importable workflow of another user, named "imported: <name>". */
  async importShared(ctx: ServiceContext, encodedId: string): Promise<WorkflowView> {
    const user = ctx.caller.requireUser();
    let source: WorkflowView;
    try {
      source = await findWorkflow(ctx, encodedId);
    } catch (error) {
      if (error instanceof AppError && error.kind === 'MalformedId') throw errors.notFound(`Malformed workflow id ( ${encodedId} ) specified.`);
      throw error;
    }
    if (!mayReadWorkflow(ctx, source)) throw errors.notAccessible('The owner of this workflow has disabled imports via this link.');
    if (source.deleted) throw new AppError('ItemDeletionException', "You can't import this workflow because it has been deleted.");
    const steps = source.latestWorkflowId === null ? [] : await ctx.loaders.get(stepsByVersionId).load(source.latestWorkflowId);
    const id = await ctx.em.transactional(async () => {
      const stored = await storeNewWorkflow(
        ctx,
        this.tags,
        user.id,
        { name: source.name, annotation: source.annotation, uuid: null, tags: source.tags, hasCycles: source.hasCycles, steps: steps.map((step) => ({ ...step })) },
        { name: `imported: ${source.name}` },
      );
      return stored.id;
    });
    return this.workflows.reread(ctx, id);
  }

  /**
   * A `.ga` file of an installed repository (administrators): only files below the directory of
   * installed depot repositories are read.
   */
  async importInstalledFile(ctx: ServiceContext, path: string): Promise<WorkflowView> {
    ctx.caller.requireAdmin('Only administrators may import workflows from installed repositories.');
    const root = ctx.services.config.depotToolDir;
    const target = await this.fileBelow(root, path);
    const size = (await stat(target)).size;
    if (size === 0) throw new AppError('MessageException', 'You attempted to open an empty file.');
    const text = await readFile(target, 'utf8');
    let dict: unknown;
    try {
      dict = JSON.parse(text) as unknown;
    } catch {
      throw new AppError('MessageException', 'The data content does not appear to be a valid workflow.');
    }
    return this.importDict(ctx, dict);
  }

  /** The real path of `path` when it lies below `root`; anything else is "not found". */
  private async fileBelow(root: string, path: string): Promise<string> {
    const notFound = () => errors.invalid(`Workflow file '${path}' not found`);
    if (!path) throw notFound();
    const candidate = isAbsolute(path) ? path : resolve(root, path);
    let real: string;
    let realRoot: string;
    try {
      [real, realRoot] = await Promise.all([realpath(candidate), realpath(root)]);
    } catch {
      throw notFound();
    }
    const inside = relative(realRoot, real);
    if (!inside || inside.startsWith('..') || isAbsolute(inside)) throw notFound();
    if (!(await stat(real)).isFile()) throw notFound();
    return real;
  }
}
