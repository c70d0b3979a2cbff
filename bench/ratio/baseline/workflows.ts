import { decodeId, encodeId, type Ctx, HttpError, notAccessible, notFound, requireUser } from './http';

/** The platform's workflow index item (platform-facts §4.8). */
interface WorkflowRow {
  id: number;
  user_id: number;
  name: string;
  published: boolean;
  importable: boolean;
  deleted: boolean;
  owner: string | null;
  latest_workflow_uuid: string | null;
  latest_workflow_id: number | null;
  annotation: string | null;
  tags: string[];
  shared: boolean;
}

const COLUMNS = `w.id, w.user_id, w.name, w.published, w.importable, w.deleted, u.username as owner, lw.uuid::text as latest_workflow_uuid,
  w.latest_workflow_id, w.annotation,
  array(select case when coalesce(t.value, '') = '' then t.name else t.name || ':' || t.value end
        from item_tag t where t.item_type = 'stored_workflow' and t.item_id = w.id order by t.id) as tags,
  exists (select 1 from stored_workflow_user_share_association s where s.stored_workflow_id = w.id and s.user_id = $1) as shared`;

const FROM = 'from stored_workflow w join galaxy_user u on u.id = w.user_id left join workflow lw on lw.id = w.latest_workflow_id';

function item(ctx: Ctx, row: WorkflowRow): Record<string, unknown> {
  const id = encodeId(ctx, row.id);
  return {
    model_class: 'StoredWorkflow',
    id,
    name: row.name,
    published: row.published,
    deleted: row.deleted,
    tags: row.tags,
    latest_workflow_uuid: row.latest_workflow_uuid,
    url: `/api/workflows/${id}`,
    owner: row.owner,
  };
}

// ---- GET /api/workflows: own (+ published with show_published), then shared with the caller; newest first

const WORKFLOWS = `select ${COLUMNS} ${FROM}
  where not w.deleted and (w.user_id = $1 or ($2::boolean and w.published)
        or exists (select 1 from stored_workflow_user_share_association s where s.stored_workflow_id = w.id and s.user_id = $1))
  order by case when w.user_id = $1 or ($2::boolean and w.published) then 0 else 1 end, w.update_time desc, w.id desc`;

export async function listWorkflows(ctx: Ctx, showPublished: boolean): Promise<Array<Record<string, unknown>>> {
  const caller = requireUser(ctx);
  const rows = await ctx.sql.rows<WorkflowRow>(WORKFLOWS, [caller.userId, showPublished]);
  return rows.map((row) => item(ctx, row));
}

// ---- GET /api/workflows/{id}: style instance, the latest version's steps keyed by raw step id

interface StepRow {
  id: number;
  order_index: number;
  type: string;
  tool_id: string | null;
  tool_version: string | null;
  annotation: string | null;
  tool_inputs: Record<string, unknown>;
  input_connections: Record<string, Array<{ stepIndex: number; outputName: string }>>;
}

const WORKFLOW = `select ${COLUMNS} ${FROM} where w.id = $2`;
const STEPS = `select s.id, s.order_index, s.type, s.tool_id, s.tool_version, s.annotation, s.tool_inputs, s.input_connections
  from workflow_step s where s.workflow_id = $1 order by s.order_index`;

export async function showWorkflow(ctx: Ctx, encodedId: string): Promise<Record<string, unknown>> {
  const caller = requireUser(ctx);
  const id = decodeId(ctx, encodedId, (value) => new HttpError('MalformedId', `Malformed workflow id ( ${value} ) specified, unable to decode`));
  const row = await ctx.sql.row<WorkflowRow>(WORKFLOW, [caller.userId, id]);
  if (!row) throw notFound('No such workflow found.');
  if (!(caller.isAdmin || row.user_id === caller.userId || row.importable || row.published || row.shared)) {
    throw notAccessible('Workflow is neither importable, nor owned by or shared with current user');
  }
  const steps = row.latest_workflow_id === null ? [] : await ctx.sql.rows<StepRow>(STEPS, [row.latest_workflow_id]);
  const rawIdOf = new Map(steps.map((step) => [step.order_index, step.id]));
  const inputs: Record<string, unknown> = {};
  const byId: Record<string, unknown> = {};
  for (const step of steps) {
    if (step.type !== 'tool') {
      const name = step.tool_inputs.name;
      inputs[String(step.id)] = { label: typeof name === 'string' ? name : step.type === 'data_input' ? 'Input Dataset' : 'Input Dataset Collection', value: '' };
    }
    const inputSteps: Record<string, unknown> = {};
    for (const [inputName, sources] of Object.entries(step.input_connections)) {
      for (const source of sources) inputSteps[inputName] = { source_step: rawIdOf.get(source.stepIndex) ?? null, step_output: source.outputName };
    }
    byId[String(step.id)] = {
      id: step.id,
      type: step.type,
      tool_id: step.tool_id,
      tool_version: step.tool_version,
      // 15.05 stores no annotation for an empty one, and shows none: null.
      annotation: step.annotation === '' ? null : step.annotation,
      tool_inputs: step.tool_inputs,
      input_steps: inputSteps,
    };
  }
  return { ...item(ctx, row), inputs, annotation: row.annotation, steps: byId };
}
