import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';
import type { ServiceContext } from '../../context/service-context';
import { sql } from '../../db/sql/sql-statement';
import { sharedWithSql } from '../sharing';
import { WORKFLOWS } from '../sharing';
import type { StepDescription } from './ga-format';

/** A stored workflow as listed and shown: one row, tags and owner included. */
export interface WorkflowView {
  id: number;
  userId: number;
  owner: string | null;
  name: string;
  slug: string | null;
  published: boolean;
  importable: boolean;
  deleted: boolean;
  annotation: string | null;
  tags: string[];
  latestWorkflowId: number | null;
  latestWorkflowUuid: string | null;
  hasErrors: boolean;
  hasCycles: boolean;
  createTime: Date;
  updateTime: Date;
  /** Whether the workflow is shared with the caller who read it. */
  sharedWithCaller: boolean;
}

/** A stored step: its description (as `.ga` import reads one) with its ids. */
export interface StepView extends StepDescription {
  id: number;
  workflowId: number;
}

/** Shared with the user the parameter names (the sharing model's predicate). */
const SHARED_WITH_USER = (alias: string, param: string) => sharedWithSql(alias, WORKFLOWS, param);

const COLUMNS = (callerParam: string) => `w.id, w.user_id as "userId", u.username as owner, w.name, w.slug, w.published, w.importable, w.deleted,
  w.annotation, w.create_time as "createTime", w.update_time as "updateTime",
  w.latest_workflow_id as "latestWorkflowId", lw.uuid::text as "latestWorkflowUuid",
  coalesce(lw.has_errors, false) as "hasErrors", coalesce(lw.has_cycles, false) as "hasCycles",
  array(select case when coalesce(t.value, '') = '' then t.name else t.name || ':' || t.value end
        from item_tag t where t.item_type = 'stored_workflow' and t.item_id = w.id order by t.id) as tags,
  ${SHARED_WITH_USER('w', callerParam)} as "sharedWithCaller"`;

/**
 * The owner and the latest version of each listed workflow by their primary keys (`offset 0` keeps
 * each a lookup per row): as joins, the planner read every user and every workflow version to
 * match a listing's rows (`npm run bench:plans`).
 */
const FROM = `from stored_workflow w
  join lateral (select u.username from galaxy_user u where u.id = w.user_id offset 0) u on true
  left join lateral (select lw.uuid, lw.has_errors, lw.has_cycles from workflow lw where lw.id = w.latest_workflow_id offset 0) lw on true`;

/**
 * The platform's index (platform-facts §4.8): $1 the caller; own non-deleted workflows (with
 * published ones of everybody when $2) by update time, newest first; then those shared with the
 * caller, newest first. One statement whatever the number of workflows.
 */
const LISTED = sql<WorkflowView>(
  'workflows_listed',
  `select ${COLUMNS('$1')} ${FROM}
   where w.deleted = false and w.id = any(array(
     select o.id from stored_workflow o where o.user_id = $1 and o.deleted = false
     union all select p.id from stored_workflow p where $2::boolean and p.published and p.deleted = false
     union all select s.${WORKFLOWS.shareItemColumn} from ${WORKFLOWS.shareTable} s where s.user_id = $1))
   order by case when w.user_id = $1 or ($2::boolean and w.published) then 0 else 1 end, w.update_time desc, w.id desc`,
);

/** Workflows of other users shared with $1, not deleted, newest first (published ones too: sharing is its own list). */
const SHARED_WITH = sql<WorkflowView>(
  'workflows_shared_with_user',
  `select ${COLUMNS('$1')} ${FROM} where w.deleted = false and ${SHARED_WITH_USER('w', '$1')} order by w.update_time desc, w.id desc`,
);

/** Published workflows of every user, not deleted, newest first ($1 the caller, 0 for a visitor). */
const PUBLISHED = sql<WorkflowView>(
  'workflows_published',
  `select ${COLUMNS('$1')} ${FROM} where w.deleted = false and w.published order by w.update_time desc, w.id desc`,
);

/** The caller's deleted workflows, newest first ($1 the caller): the list "Undelete" works from. */
const DELETED_OF = sql<WorkflowView>(
  'workflows_deleted_of',
  `select ${COLUMNS('$1')} ${FROM} where w.user_id = $1 and w.deleted order by w.update_time desc, w.id desc`,
);

const BY_ID = sql<WorkflowView>('workflow_by_id', `select ${COLUMNS('$2')} ${FROM} where w.id = $1`);

/** As BY_ID for any number of workflows ($1 their ids, $2 the caller). */
const BY_IDS = sql<WorkflowView>('workflows_by_ids', `select ${COLUMNS('$2')} ${FROM} where w.id = any($1::int[])`);

/** Stored workflows by id, deleted ones too, as readWorkflow reads one: one statement per batch (a page's embedded workflows). */
export const workflowById: LoaderFactory<number, WorkflowView | null> = (ctx) =>
  new DataLoader(async (ids) => {
    const byId = new Map((await ctx.rows(BY_IDS, [ids, ctx.caller.userId ?? 0])).map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id) ?? null);
  });

const BY_VERSION = sql<WorkflowView>('workflow_by_version', `select ${COLUMNS('$2')} ${FROM} where w.id = (select stored_workflow_id from workflow where id = $1)`);

const STEP_COLUMNS = `s.id, s.workflow_id as "workflowId", s.order_index as "orderIndex", s.type, s.tool_id as "toolId", s.tool_version as "toolVersion",
  s.tool_inputs as "toolInputs", s.label, s.uuid::text as uuid, s.annotation, s.position, s.input_connections as "inputConnections",
  s.post_job_actions as "postJobActions", s.workflow_outputs as "workflowOutputs"`;

/** The steps of any number of versions, in order (one statement for a whole listing). */
const STEPS_OF = sql<StepView>('workflow_steps_of', `select ${STEP_COLUMNS} from workflow_step s where s.workflow_id = any($1::int[]) order by s.workflow_id, s.order_index`);

export function listWorkflows(ctx: ServiceContext, userId: number, showPublished: boolean): Promise<WorkflowView[]> {
  return ctx.rows(LISTED, [userId, showPublished]);
}

export function listSharedWorkflows(ctx: ServiceContext, userId: number): Promise<WorkflowView[]> {
  return ctx.rows(SHARED_WITH, [userId]);
}

export function listDeletedWorkflows(ctx: ServiceContext, userId: number): Promise<WorkflowView[]> {
  return ctx.rows(DELETED_OF, [userId]);
}

export function listPublishedWorkflows(ctx: ServiceContext): Promise<WorkflowView[]> {
  return ctx.rows(PUBLISHED, [ctx.caller.userId ?? 0]);
}

export function readWorkflow(ctx: ServiceContext, id: number): Promise<WorkflowView | null> {
  return ctx.one(BY_ID, [id, ctx.caller.userId ?? 0]);
}

/** The stored workflow a version belongs to. */
export function readWorkflowOfVersion(ctx: ServiceContext, versionId: number): Promise<WorkflowView | null> {
  return ctx.one(BY_VERSION, [versionId, ctx.caller.userId ?? 0]);
}

export function readSteps(ctx: ServiceContext, versionIds: readonly number[]): Promise<StepView[]> {
  return ctx.rows(STEPS_OF, [versionIds]);
}
