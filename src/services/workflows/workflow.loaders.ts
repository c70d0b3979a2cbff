import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';
import { readSteps, type StepView } from './workflow-view';

/** The steps of workflow versions, in order; one statement per batch of versions. */
export const stepsByVersionId: LoaderFactory<number, StepView[]> = (ctx) =>
  new DataLoader(async (ids) => {
    const steps = await readSteps(ctx, ids);
    const byVersion = new Map<number, StepView[]>(ids.map((id) => [id, []]));
    for (const step of steps) byVersion.get(step.workflowId)?.push(step);
    return ids.map((id) => byVersion.get(id) ?? []);
  });
