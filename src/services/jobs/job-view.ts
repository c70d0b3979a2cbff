import type { ServiceContext } from '../../context/service-context';
import { sql, type SqlStatement, StatementShapes } from '../../db/sql/sql-statement';
import type { JobParams, JobState } from '../../entities/job.entity';
import type { MetricValue } from '../../jobs/metrics-format';

/**
 * What the graph reads of a job: the row (stdout/stderr only when read on its own), as plain data
 * from one statement. A Job entity satisfies it.
 */
export interface JobView {
  id: number;
  state: JobState;
  exitCode: number | null;
  createTime: Date;
  updateTime: Date;
  toolId: string;
  toolVersion: string;
  params: JobParams;
  commandLine: string | null;
  externalId: string | null;
  /** Who ran or runs it ('local', 'remote', 'slurm'), the job_conf.xml destination, and Slurm's state while it holds the job. */
  runner: string | null;
  destinationId: string | null;
  externalState: string | null;
  info: string | null;
  user: { id: number } | null;
  /** The owner's email, when the read fetched it along (a streamed listing: no statement per batch). */
  userEmail?: string | null;
  history: { id: number } | null;
  stdout?: string;
  stderr?: string;
}

/** A dataset a job read or wrote, by parameter name (a JobInputDataset/JobOutputDataset satisfies it). */
export interface JobDatasetLinkView {
  job: { id: number };
  name: string;
  hda: { id: number } | null;
  ldda: { id: number } | null;
}

type JobRow = Omit<JobView, 'user' | 'history' | 'userEmail'> & { userId: number | null; historyId: number | null; userEmail?: string | null };

const COLUMNS = `j.id, j.state, j.exit_code as "exitCode", j.create_time as "createTime", j.update_time as "updateTime",
  j.tool_id as "toolId", j.tool_version as "toolVersion", j.params, j.command_line as "commandLine",
  j.external_id as "externalId", j.runner, j.destination_id as "destinationId", j.external_state as "externalState", j.info, j.user_id as "userId", j.history_id as "historyId"`;

function toView(row: JobRow): JobView {
  const { userId, historyId, ...rest } = row;
  return { ...rest, user: userId === null ? null : { id: userId }, history: historyId === null ? null : { id: historyId } };
}

/** What a job read fetches besides the row, in the same statement, because the query reads it. */
export interface JobParts {
  inputs: boolean;
  outputs: boolean;
  metrics: boolean;
  /** The owner's email (a job show's `user_email`), read along instead of by a second statement. */
  email?: boolean;
}

export const NO_JOB_PARTS: JobParts = { inputs: false, outputs: false, metrics: false };

const EMAIL_COLUMN = `(select u.email from galaxy_user u where u.id = j.user_id) as "userEmail"`;

/** A job with the parts its reader asked for. */
export interface JobRead {
  job: JobView;
  inputs?: JobDatasetLinkView[];
  outputs?: JobDatasetLinkView[];
  metrics?: MetricValue[];
}

type LinkJson = { name: string; hdaId: number | null; lddaId: number | null };

const linksColumn = (table: string, alias: string) =>
  `(select coalesce(json_agg(json_build_object('name', l.name, 'hdaId', l.hda_id, 'lddaId', l.ldda_id) order by l.id), '[]')
    from ${table} l where l.job_id = j.id) as ${alias}`;

const METRICS_COLUMN = `(select coalesce(json_agg(json_build_object('plugin', m.plugin, 'name', m.name, 'value', m.value) order by m.id), '[]')
  from job_metric m where m.job_id = j.id) as metrics`;

const BY_ID = new StatementShapes<JobParts, JobRow & { inputs?: LinkJson[]; outputs?: LinkJson[]; metrics?: MetricValue[] }>(
  'job_by_id',
  (parts) => {
    const columns = [`${COLUMNS}, j.stdout, j.stderr`];
    if (parts.inputs) columns.push(linksColumn('job_to_input_dataset', 'inputs'));
    if (parts.outputs) columns.push(linksColumn('job_to_output_dataset', 'outputs'));
    if (parts.metrics) columns.push(METRICS_COLUMN);
    if (parts.email) columns.push(EMAIL_COLUMN);
    return `select ${columns.join(', ')} from job j where j.id = $1`;
  },
  (parts) => `${parts.inputs}|${parts.outputs}|${parts.metrics}|${parts.email ?? false}`,
);

/** A job (with stdout and stderr) and the parts asked for: one statement. */
export async function readJob(ctx: ServiceContext, id: number, parts: JobParts = NO_JOB_PARTS): Promise<JobRead | null> {
  const row = await ctx.one(BY_ID.for(parts), [id]);
  if (!row) return null;
  const { inputs, outputs, metrics, ...job } = row;
  const links = (list: LinkJson[] | undefined) => list?.map((link) => toLink({ jobId: row.id, ...link }));
  return { job: toView(job), inputs: links(inputs), outputs: links(outputs), metrics };
}

/** Filters of a job listing; each list holds alternatives (OR), the filters combine with AND. */
export interface JobListQuery {
  userId: number | null;
  historyIds: number[] | null;
  states: string[] | null;
  toolIds: string[] | null;
  toolIdLike: string[] | null;
  updatedFrom: Date[] | null;
  updatedBefore: Date[] | null;
  orderBy: 'create_time' | 'update_time';
}

/** The filters in the order their parameters are numbered. */
const FILTERS = ['userId', 'historyIds', 'states', 'toolIds', 'toolIdLike', 'updatedFrom', 'updatedBefore'] as const;

type ListShape = Record<(typeof FILTERS)[number], boolean> & { orderBy: JobListQuery['orderBy']; withEmail?: boolean };

function listText(shape: ListShape): string {
  let n = 0;
  const param = () => `$${(n += 1)}`;
  const where: string[] = [];
  if (shape.userId) where.push(`j.user_id = ${param()}`);
  if (shape.historyIds) where.push(`j.history_id = any(${param()}::int[])`);
  if (shape.states) where.push(`j.state = any(${param()}::text[])`);
  if (shape.toolIds) where.push(`j.tool_id = any(${param()}::text[])`);
  if (shape.toolIdLike) where.push(`j.tool_id like any(${param()}::text[])`);
  // One bound each (the earliest `min`, the latest `max`: what `>= any` / `< any` of the lists mean), so
  // the planner estimates the range from its statistics and reads it on (state, update_time) or (update_time).
  if (shape.updatedFrom) where.push(`j.update_time >= ${param()}::timestamptz`);
  if (shape.updatedBefore) where.push(`j.update_time < ${param()}::timestamptz`);
  const email = shape.withEmail ? `, ${EMAIL_COLUMN}` : '';
  return `select ${COLUMNS}${email} from job j ${where.length ? `where ${where.join(' and ')}` : ''} order by j.${shape.orderBy} desc, j.id desc`;
}

const LIST = new StatementShapes<ListShape, JobRow>('jobs', listText);

const earliest = (dates: Date[]) => new Date(Math.min(...dates.map((date) => date.getTime())));
const latest = (dates: Date[]) => new Date(Math.max(...dates.map((date) => date.getTime())));

/** The listing statement's shape and parameters for a query (with or without each owner's email). */
function listingOf(query: JobListQuery, withEmail: boolean): { shape: ListShape; params: unknown[] } {
  const shape = { orderBy: query.orderBy, withEmail } as ListShape;
  const params: unknown[] = [];
  for (const filter of FILTERS) {
    shape[filter] = query[filter] !== null;
    if (filter === 'updatedFrom' && query.updatedFrom) params.push(earliest(query.updatedFrom));
    else if (filter === 'updatedBefore' && query.updatedBefore) params.push(latest(query.updatedBefore));
    else if (query[filter] !== null) params.push(query[filter]);
  }
  return { shape, params };
}

/** Jobs without their stdout/stderr (listings leave the big texts out), newest first, in one statement. */
export async function loadJobViews(ctx: ServiceContext, query: JobListQuery): Promise<JobView[]> {
  const { shape, params } = listingOf(query, false);
  return (await ctx.rows(LIST.for(shape), params)).map(toView);
}

/**
 * The same listing with each job's owner email in the row, read in batches as PostgreSQL returns
 * them (one statement, a cursor on a server): a streamed listing of any size.
 */
export function jobViewsInBatches(ctx: ServiceContext, query: JobListQuery, batchSize: number): AsyncGenerator<JobView[], void, undefined> {
  const { shape, params } = listingOf(query, true);
  return viewsInBatches(ctx, LIST.for(shape), params, batchSize);
}

async function* viewsInBatches(ctx: ServiceContext, statement: SqlStatement<JobRow>, params: unknown[], batchSize: number): AsyncGenerator<JobView[], void, undefined> {
  for await (const rows of ctx.batches(statement, params, { batchSize })) yield rows.map(toView);
}

const LINK_COLUMNS = `job_id as "jobId", name, hda_id as "hdaId", ldda_id as "lddaId"`;
type LinkRow = { jobId: number; name: string; hdaId: number | null; lddaId: number | null };
const INPUTS = sql<LinkRow>('job_inputs', `select ${LINK_COLUMNS} from job_to_input_dataset where job_id = any($1::int[]) order by id`);
const OUTPUTS = sql<LinkRow>('job_outputs', `select ${LINK_COLUMNS} from job_to_output_dataset where job_id = any($1::int[]) order by id`);

const toLink = (row: LinkRow): JobDatasetLinkView => ({
  job: { id: row.jobId },
  name: row.name,
  hda: row.hdaId === null ? null : { id: row.hdaId },
  ldda: row.lddaId === null ? null : { id: row.lddaId },
});

export async function loadJobLinks(ctx: ServiceContext, direction: 'inputs' | 'outputs', jobIds: readonly number[]): Promise<JobDatasetLinkView[]> {
  return (await ctx.rows(direction === 'inputs' ? INPUTS : OUTPUTS, [jobIds])).map(toLink);
}

const CREATING = sql<JobRow & { hdaId: number }>(
  'jobs_creating_hdas',
  `select ${COLUMNS}, o.hda_id as "hdaId" from job_to_output_dataset o join job j on j.id = o.job_id where o.hda_id = any($1::int[])`,
);

/** The job that wrote each of these history datasets, by dataset id. */
export async function readJobsCreating(ctx: ServiceContext, hdaIds: readonly number[]): Promise<Map<number, JobView>> {
  return new Map((await ctx.rows(CREATING, [hdaIds])).map((row) => [row.hdaId, toView(row)]));
}

const BY_IDS = sql<JobRow>('jobs_by_ids', `select ${COLUMNS} from job j where j.id = any($1::int[]) order by j.id`);

/** Jobs by id, without their stdout/stderr (the jobs of a workflow invocation), in one statement. */
export async function loadJobViewsByIds(ctx: ServiceContext, ids: readonly number[]): Promise<JobView[]> {
  return (await ctx.rows(BY_IDS, [ids])).map(toView);
}
