import type { ServiceContext } from '../../../context/service-context';
import { sql } from '../../../db/sql/sql-statement';

/** What the graph reads of a request: its state (newest event) and sample count in the same row. */
export interface RequestView {
  id: number;
  name: string;
  desc: string;
  values: Record<string, unknown>;
  userId: number;
  userEmail: string;
  requestTypeId: number;
  deleted: boolean;
  state: string | null;
  /** Read with a single request (show); a listing leaves it to the `sampleCountByRequestId` loader. */
  numOfSamples?: number;
  createTime: Date;
  updateTime: Date;
}

export interface RequestEventView {
  id: number;
  requestId: number;
  state: string;
  comment: string;
  createTime: Date;
  updateTime: Date;
}

const COLUMNS = `r.id, r.name, r."desc", r.values, r.user_id as "userId", u.email as "userEmail",
  r.request_type_id as "requestTypeId", r.deleted,
  (select e.state from request_event e where e.request_id = r.id order by e.id desc limit 1) as state,
  r.create_time as "createTime", r.update_time as "updateTime"`;
const SAMPLE_COUNT = `(select count(*)::int from sample s where s.request_id = r.id) as "numOfSamples"`;
const FROM = 'request r join galaxy_user u on u.id = r.user_id';

/** The index, one statement: $1 every user's (administrators), else $2's own; never deleted ones. */
const LISTED = sql<RequestView>(
  'requests_listed',
  `select ${COLUMNS} from ${FROM} where not r.deleted and ($1::boolean or r.user_id = $2) order by r.id`,
);

const BY_IDS = sql<RequestView>('requests_by_ids', `select ${COLUMNS}, ${SAMPLE_COUNT} from ${FROM} where r.id = any($1::int[])`);

const SAMPLE_COUNTS = sql<{ requestId: number; count: number }>(
  'request_sample_counts',
  'select s.request_id as "requestId", count(*)::int as count from sample s where s.request_id = any($1::int[]) group by s.request_id',
);

const EVENTS = sql<RequestEventView>(
  'request_events',
  `select e.id, e.request_id as "requestId", e.state, e.comment, e.create_time as "createTime", e.update_time as "updateTime"
   from request_event e where e.request_id = any($1::int[]) order by e.id`,
);

export function listRequests(ctx: ServiceContext, all: boolean, userId: number | null): Promise<RequestView[]> {
  return ctx.rows(LISTED, [all, userId]);
}

export function readRequests(ctx: ServiceContext, ids: readonly number[]): Promise<RequestView[]> {
  return ctx.rows(BY_IDS, [ids]);
}

export async function readRequest(ctx: ServiceContext, id: number): Promise<RequestView | null> {
  return (await readRequests(ctx, [id]))[0] ?? null;
}

export async function readSampleCounts(ctx: ServiceContext, requestIds: readonly number[]): Promise<Map<number, number>> {
  return new Map((await ctx.rows(SAMPLE_COUNTS, [requestIds])).map((row) => [row.requestId, row.count]));
}

export function readRequestEvents(ctx: ServiceContext, requestIds: readonly number[]): Promise<RequestEventView[]> {
  return ctx.rows(EVENTS, [requestIds]);
}
