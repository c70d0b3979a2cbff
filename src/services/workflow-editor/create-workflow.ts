import type { ServiceContext } from '../../context/service-context';
import { errors } from '../../errors/error-kinds';
import type { WorkflowImportService, WorkflowView } from '../workflows';

/** "Create new workflow": an empty workflow under the name given, which the editor then fills. */
export async function createEmptyWorkflow(ctx: ServiceContext, imports: WorkflowImportService, name: string, annotation: string | null): Promise<WorkflowView> {
  ctx.caller.requireUser();
  const trimmed = name.trim();
  if (trimmed === '') throw errors.invalid('A new workflow needs a name.');
  if (trimmed.length > 255) throw errors.invalid('The workflow name is longer than 255 characters.');
  const note = annotation?.trim() ? annotation.trim() : null;
  return imports.importDescription(ctx, { name: trimmed, annotation: note, uuid: null, tags: [], steps: [], hasCycles: false }, { name: trimmed });
}
