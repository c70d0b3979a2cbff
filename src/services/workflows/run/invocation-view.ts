import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../../context/loader-registry';
import type { ServiceContext } from '../../../context/service-context';
import { sql } from '../../../db/sql/sql-statement';
import type { ContentRef, InvocationRequest, InvocationState } from '../../../entities/workflow-invocation.entity';

export interface InvocationView {
  id: number;
  uuid: string;
  state: InvocationState;
  message: string | null;
  workflowId: number;
  storedWorkflowId: number;
  historyId: number;
  userId: number;
  request: InvocationRequest;
  createTime: Date;
  updateTime: Date;
}

export interface InvocationStepView {
  id: number;
  invocationId: number;
  workflowStepId: number;
  orderIndex: number;
  workflowStepUuid: string;
  workflowStepLabel: string | null;
  /** The workflow step's type (data_input, data_collection_input or tool). */
  stepType: string;
  state: string;
  outputs: Record<string, ContentRef>;
  jobIds: number[];
  updateTime: Date;
}

const COLUMNS = `i.id, i.uuid::text as uuid, i.state, i.message, i.workflow_id as "workflowId", v.stored_workflow_id as "storedWorkflowId",
  i.history_id as "historyId", i.user_id as "userId", i.request, i.create_time as "createTime", i.update_time as "updateTime"`;

const BY_ID = sql<InvocationView>('invocation_by_id', `select ${COLUMNS} from workflow_invocation i join workflow v on v.id = i.workflow_id where i.id = $1`);

/** Invocations of a stored workflow (every version), newest first: $2 all of them, else the user $3's. */
const OF_WORKFLOW = sql<InvocationView>(
  'invocations_of_workflow',
  `select ${COLUMNS} from workflow_invocation i join workflow v on v.id = i.workflow_id
   where v.stored_workflow_id = $1 and ($2::boolean or i.user_id = $3) order by i.id desc`,
);

const STEPS_OF = sql<InvocationStepView>(
  'invocation_steps_of',
  `select s.id, s.invocation_id as "invocationId", s.workflow_step_id as "workflowStepId", ws.order_index as "orderIndex",
     ws.uuid::text as "workflowStepUuid", ws.label as "workflowStepLabel", ws.type as "stepType", s.state, s.outputs, s.update_time as "updateTime",
     array(select j.job_id from workflow_invocation_step_job j where j.invocation_step_id = s.id order by j.job_id) as "jobIds"
   from workflow_invocation_step s join workflow_step ws on ws.id = s.workflow_step_id
   where s.invocation_id = any($1::int[]) order by s.invocation_id, ws.order_index`,
);

export function readInvocation(ctx: ServiceContext, id: number): Promise<InvocationView | null> {
  return ctx.one(BY_ID, [id]);
}

export function listInvocationsOf(ctx: ServiceContext, storedWorkflowId: number, all: boolean, userId: number | null): Promise<InvocationView[]> {
  return ctx.rows(OF_WORKFLOW, [storedWorkflowId, all, userId ?? 0]);
}

/** The scheduled steps of invocations, in step order; one statement per batch. */
export const stepsByInvocationId: LoaderFactory<number, InvocationStepView[]> = (ctx) =>
  new DataLoader(async (ids) => {
    const rows = await ctx.rows(STEPS_OF, [ids]);
    const byInvocation = new Map<number, InvocationStepView[]>(ids.map((id) => [id, []]));
    for (const row of rows) byInvocation.get(row.invocationId)?.push(row);
    return ids.map((id) => byInvocation.get(id) ?? []);
  });
