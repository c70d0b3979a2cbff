import type { ServiceContext } from '../../context/service-context';
import { StatementShapes } from '../../db/sql/sql-statement';
import { AppError, errors } from '../../errors/error-kinds';
import { IdDecodeError } from '../../ids/id-codec';
import { checkPageSize, NEWEST, parseDateBound, timeCursorOf, timePositionOf } from '../shared';
import { type JobView, loadJobViewsByIds } from './job-view';

/** At most this many jobs in one page. */
export const MAX_JOBS_PAGE = 1000;

/** The job listing's filters (each list holds alternatives, the filters combine with AND). */
export interface JobsPageFilter {
  states?: string[] | null;
  toolIds?: string[] | null;
  historyId?: string | null;
  dateRangeMin?: string | null;
  dateRangeMax?: string | null;
  /** Administrators: a fragment of the owner's email (case-insensitive). */
  userEmail?: string | null;
  /** Administrators: the job_conf.xml destinations the jobs were routed to (recorded when a runner takes a job). */
  destinationIds?: string[] | null;
}

export interface JobsPage {
  /** The page's jobs, newest update first, each with the cursor that continues after it. */
  items: Array<{ job: JobView; cursor: string }>;
  hasNextPage: boolean;
  /** All jobs the filter keeps (one count statement, asked for only when wanted). */
  totalCount(): Promise<number>;
}

const FILTERS = ['userId', 'userEmail', 'states', 'toolIds', 'destinationIds', 'historyId', 'updatedFrom', 'updatedBefore'] as const;
type FilterShape = Record<(typeof FILTERS)[number], boolean>;
type FilterValues = Record<(typeof FILTERS)[number], unknown>;

/** `and` clauses of the filters present, numbered from `first`. */
function whereOf(shape: FilterShape, first: number): string {
  let n = first - 1;
  const param = () => `$${(n += 1)}`;
  const clauses: string[] = [];
  if (shape.userId) clauses.push(`and j.user_id = ${param()}`);
  // The owners whose email holds the fragment, then each one's (user_id, update_time) index.
  if (shape.userEmail) clauses.push(`and j.user_id in (select u.id from galaxy_user u where strpos(lower(u.email), lower(${param()}::text)) > 0)`);
  if (shape.states) clauses.push(`and j.state = any(${param()}::text[])`);
  if (shape.toolIds) clauses.push(`and j.tool_id = any(${param()}::text[])`);
  if (shape.destinationIds) clauses.push(`and j.destination_id = any(${param()}::text[])`);
  if (shape.historyId) clauses.push(`and j.history_id = ${param()}`);
  if (shape.updatedFrom) clauses.push(`and j.update_time >= ${param()}::timestamptz`);
  if (shape.updatedBefore) clauses.push(`and j.update_time < ${param()}::timestamptz`);
  return clauses.join(' ');
}

const shapeKey = (shape: FilterShape) => FILTERS.map((f) => (shape[f] ? 1 : 0)).join('');

/**
 * The next keys before a position, newest update first: `(update_time, id)` below the cursor's, so an
 * index on the filter's columns then `update_time` is read from the position on (the same cost
 * wherever the page is).
 */
const PAGE_KEYS = new StatementShapes<FilterShape, { id: number; time: string }>(
  'jobs_page_keys',
  (shape) => `select j.id, j.update_time::text as time from job j
    where (j.update_time, j.id) < ($1::timestamptz, $2::int) ${whereOf(shape, 4)}
    order by j.update_time desc, j.id desc limit $3`,
  shapeKey,
);

const COUNT = new StatementShapes<FilterShape, { n: string }>('jobs_page_count', (shape) => `select count(*) as n from job j where true ${whereOf(shape, 1)}`, shapeKey);

/**
 * A page of the jobs the caller may see (administrators: all), newest update first: the keys in one
 * statement, then the page's jobs in one, whatever the page's place.
 */
export async function jobsPage(ctx: ServiceContext, filter: JobsPageFilter, first: number, after: string | null | undefined): Promise<JobsPage> {
  ctx.caller.requireIdentity();
  checkPageSize(first, MAX_JOBS_PAGE);
  const from = after ? timePositionOf(after) : NEWEST;
  const values: FilterValues = {
    userId: ctx.caller.isAdmin ? null : ctx.caller.requireUser().id,
    userEmail: adminFilter(ctx, filter.userEmail?.trim() || null, 'user'),
    states: filter.states?.length ? filter.states : null,
    toolIds: filter.toolIds?.length ? filter.toolIds : null,
    destinationIds: adminFilter(ctx, filter.destinationIds?.length ? filter.destinationIds : null, 'destination'),
    historyId: filter.historyId ? historyIdOf(ctx, filter.historyId) : null,
    updatedFrom: filter.dateRangeMin ? parseDateBound(filter.dateRangeMin, 'min') : null,
    updatedBefore: filter.dateRangeMax ? parseDateBound(filter.dateRangeMax, 'max') : null,
  };
  const shape = Object.fromEntries(FILTERS.map((f) => [f, values[f] !== null])) as FilterShape;
  const params = FILTERS.filter((f) => shape[f]).map((f) => values[f]);
  const keys = first === 0 ? [] : await ctx.rows(PAGE_KEYS.for(shape), [from.time, from.id, first + 1, ...params]);
  const page = keys.slice(0, first);
  const views = page.length === 0 ? [] : await loadJobViewsByIds(ctx, page.map((key) => key.id));
  const byId = new Map(views.map((view) => [view.id, view]));
  const items: JobsPage['items'] = [];
  for (const key of page) {
    const job = byId.get(key.id);
    if (job) items.push({ job, cursor: timeCursorOf({ time: key.time, id: key.id }) });
  }
  return {
    items,
    hasNextPage: keys.length > first,
    totalCount: async () => Number((await ctx.rows(COUNT.for(shape), params))[0]?.n ?? 0),
  };
}

/** Filters by owner or destination are the administrators' (anyone else sees only their own jobs). */
function adminFilter<T>(ctx: ServiceContext, value: T | null, name: string): T | null {
  if (value !== null && !ctx.caller.isAdmin) throw errors.adminRequired(`Only administrators may filter jobs by ${name}.`);
  return value;
}

function historyIdOf(ctx: ServiceContext, encoded: string): number {
  try {
    return ctx.services.ids.decode(encoded);
  } catch (error) {
    if (error instanceof IdDecodeError) throw new AppError('ObjectAttributeInvalidException');
    throw error;
  }
}
