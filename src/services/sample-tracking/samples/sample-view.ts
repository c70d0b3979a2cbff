import type { ServiceContext } from '../../../context/service-context';
import { sql } from '../../../db/sql/sql-statement';

/** What the graph reads of a sample: its state (the newest event's, none before submission) in the same row. */
export interface SampleView {
  id: number;
  name: string;
  desc: string;
  values: Record<string, unknown>;
  requestId: number;
  barCode: string | null;
  libraryId: number | null;
  folderId: number | null;
  stateId: number | null;
  state: string | null;
  runDetailsFormId: number | null;
  runDetails: Record<string, unknown>;
  createTime: Date;
  updateTime: Date;
}

export interface SampleEventView {
  id: number;
  sampleId: number;
  stateId: number;
  state: string;
  stateDesc: string;
  comment: string;
  createTime: Date;
  updateTime: Date;
}

export interface SampleDatasetView {
  id: number;
  sampleId: number;
  name: string;
  filePath: string;
  status: string;
  errorMsg: string;
  size: string;
  externalServiceId: number | null;
  createTime: Date;
  updateTime: Date;
}

/** `state`: the columns of the sample's state (from the STATE join, or nulls without it). */
const columns = (state: string) => `s.id, s.name, s."desc", s.values, s.request_id as "requestId", s.bar_code as "barCode",
  s.library_id as "libraryId", s.folder_id as "folderId", ${state},
  s.run_details_form_id as "runDetailsFormId", s.run_details as "runDetails",
  s.create_time as "createTime", s.update_time as "updateTime"`;
const COLUMNS = columns('st.id as "stateId", st.name as state');
const STATELESS_COLUMNS = columns('null::int as "stateId", null::text as state');
const STATE = `left join lateral (
    select ss.id, ss.name from sample_event e join sample_state ss on ss.id = e.sample_state_id
    where e.sample_id = s.id order by e.id desc limit 1) st on true`;
const FROM = `sample s ${STATE}`;

/** The samples of requests, in the order they were added. */
const OF_REQUESTS = sql<SampleView>('samples_of_requests', `select ${COLUMNS} from ${FROM} where s.request_id = any($1::int[]) order by s.id`);
/**
 * A request's owner and its samples in one statement (the listing's access rule needs the owner): no
 * row means no such request; a request without samples is one row without a sample. Without
 * `withState` the samples' states are left out (null), which spares a lookup per sample.
 */
const withOwner = (state: boolean) =>
  sql<SampleView & { ownerId: number }>(
    state ? 'samples_of_request_with_owner' : 'samples_of_request_with_owner_stateless',
    `select r.user_id as "ownerId", ${state ? COLUMNS : STATELESS_COLUMNS}
     from request r left join sample s on s.request_id = r.id ${state ? STATE : ''} where r.id = $1 order by s.id`,
  );
const OF_REQUEST_WITH_OWNER = { withState: withOwner(true), withoutState: withOwner(false) };

const BY_IDS = sql<SampleView>('samples_by_ids', `select ${COLUMNS} from ${FROM} where s.id = any($1::int[])`);

const EVENTS = sql<SampleEventView>(
  'sample_events',
  `select e.id, e.sample_id as "sampleId", ss.id as "stateId", ss.name as state, ss."desc" as "stateDesc", e.comment,
          e.create_time as "createTime", e.update_time as "updateTime"
   from sample_event e join sample_state ss on ss.id = e.sample_state_id
   where e.sample_id = any($1::int[]) order by e.id`,
);

const DATASETS = sql<SampleDatasetView>(
  'sample_datasets',
  `select d.id, d.sample_id as "sampleId", d.name, d.file_path as "filePath", d.status, d.error_msg as "errorMsg", d.size,
          d.external_service_id as "externalServiceId", d.create_time as "createTime", d.update_time as "updateTime"
   from sample_dataset d where d.sample_id = any($1::int[]) order by d.id`,
);

export function readSamplesOf(ctx: ServiceContext, requestIds: readonly number[]): Promise<SampleView[]> {
  return ctx.rows(OF_REQUESTS, [requestIds]);
}

/** The owner of the request (null: no such request) and its samples, in the order they were added. */
export async function readRequestSamples(ctx: ServiceContext, requestId: number, withState = true): Promise<{ ownerId: number | null; samples: SampleView[] }> {
  const rows = await ctx.rows(withState ? OF_REQUEST_WITH_OWNER.withState : OF_REQUEST_WITH_OWNER.withoutState, [requestId]);
  if (rows.length === 0) return { ownerId: null, samples: [] };
  const samples = rows.filter((row) => row.id !== null).map(({ ownerId: _owner, ...sample }) => sample);
  return { ownerId: rows[0].ownerId, samples };
}

export function readSamples(ctx: ServiceContext, ids: readonly number[]): Promise<SampleView[]> {
  return ctx.rows(BY_IDS, [ids]);
}

export async function readSample(ctx: ServiceContext, id: number): Promise<SampleView | null> {
  return (await readSamples(ctx, [id]))[0] ?? null;
}

export function readSampleEvents(ctx: ServiceContext, sampleIds: readonly number[]): Promise<SampleEventView[]> {
  return ctx.rows(EVENTS, [sampleIds]);
}

export function readSampleDatasets(ctx: ServiceContext, sampleIds: readonly number[]): Promise<SampleDatasetView[]> {
  return ctx.rows(DATASETS, [sampleIds]);
}
