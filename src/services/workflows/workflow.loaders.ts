import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';
import { sql } from '../../db/sql/sql-statement';
import { readSteps, type StepView } from './workflow-view';

/** The steps of workflow versions, in order; one statement per batch of versions. */
export const stepsByVersionId: LoaderFactory<number, StepView[]> = (ctx) =>
  new DataLoader(async (ids) => {
    const steps = await readSteps(ctx, ids);
    const byVersion = new Map<number, StepView[]>(ids.map((id) => [id, []]));
    for (const step of steps) byVersion.get(step.workflowId)?.push(step);
    return ids.map((id) => byVersion.get(id) ?? []);
  });

export interface VersionView {
  id: number;
  storedWorkflowId: number;
  name: string;
  uuid: string;
  hasCycles: boolean;
  hasErrors: boolean;
  createTime: Date;
  stepCount: number;
}

const VERSIONS_OF = sql<VersionView>(
  'workflow_versions_of',
  `select v.id, v.stored_workflow_id as "storedWorkflowId", v.name, v.uuid::text as uuid, v.has_cycles as "hasCycles", v.has_errors as "hasErrors",
     v.create_time as "createTime", (select count(*)::int from workflow_step s where s.workflow_id = v.id) as "stepCount"
   from workflow v where v.stored_workflow_id = any($1::int[]) order by v.stored_workflow_id, v.id`,
);

/** Every version of stored workflows, oldest first; one statement per batch. */
export const versionsByWorkflowId: LoaderFactory<number, VersionView[]> = (ctx) =>
  new DataLoader(async (ids) => {
    const byWorkflow = new Map<number, VersionView[]>(ids.map((id) => [id, []]));
    for (const version of await ctx.rows(VERSIONS_OF, [ids])) byWorkflow.get(version.storedWorkflowId)?.push(version);
    return ids.map((id) => byWorkflow.get(id) ?? []);
  });
