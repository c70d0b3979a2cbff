import type { RequestContext } from '../../context/request-context';
import type { DatasetState } from '../../entities/dataset.entity';
import type { DatasetMetadata } from '../../entities/hda.entity';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import { sql, type SqlStatement, StatementShapes } from '../../db/sql/sql-statement';
import type { HistoryRef } from '../histories/history-access';
import { datasetAccessibleSql, heldRolesCte } from '../permissions/permission-rules';

/**
 * What a summary listing reads of a history dataset: the few columns of the summary view, so a big
 * listing parses no metadata, peeks or times it does not show.
 */
export interface HdaSummaryView {
  id: number;
  hid: number;
  name: string;
  extension: string;
  visible: boolean;
  deleted: boolean;
  purged: boolean;
  history: { id: number };
  dataset: { id: number; state: DatasetState };
  /** The tag texts, when the read fetched them along (the query asks for tags). */
  tags?: string[];
}

/**
 * What the graph reads of a history dataset. An entity satisfies it; reads build it straight from
 * one SQL statement (the listing of a 5,000-dataset history is one statement and no hydration).
 */
export interface HdaView extends HdaSummaryView {
  info: string | null;
  blurb: string | null;
  peek: string | null;
  extension: string;
  dbkey: string;
  metadata: DatasetMetadata;
  annotation: string | null;
  toolVersion: string | null;
  createTime: Date;
  updateTime: Date;
  dataset: { id: number; state: DatasetState; fileSize: number | null; uuid: string; purged: boolean; externalFilename: string | null; fileRoot: string | null; extraFilesPath: string | null };
  /** The dataset's roles, when the read fetched them along. */
  permissions?: DatasetRoleIds;
}

/** A full view, not a summary. */
/** Role ids of a dataset's access and manage permissions. */
export interface DatasetRoleIds {
  access: number[];
  manage: number[];
}

export const isDetailed = (view: HdaSummaryView): view is HdaView => 'metadata' in view;

/** What a read fetches besides the rows, in the same statement. */
export interface HdaParts {
  tags: boolean;
  /** The dataset's access and manage role ids (the `permissions` of the platform's dictionary). */
  permissions?: boolean;
}

export const NO_HDA_PARTS: HdaParts = { tags: false };

/** A dataset read on its own, with what the access rules need of its history and dataset. */
export interface HdaInHistoryView extends HdaView {
  history: HistoryRef;
  /** The caller holds every access role of the dataset (none: public); see dataset-access.ts. */
  datasetAccessible: boolean;
}

export interface HdaRow {
  id: number;
  hid: number;
  name: string;
  info: string | null;
  blurb: string | null;
  peek: string | null;
  extension: string;
  dbkey: string;
  metadata: DatasetMetadata;
  visible: boolean;
  deleted: boolean;
  purged: boolean;
  annotation: string | null;
  toolVersion: string | null;
  createTime: Date;
  updateTime: Date;
  historyId: number;
  datasetId: number;
  state: DatasetState;
  fileSize: number | null;
  uuid: string;
  datasetPurged: boolean;
  externalFilename: string | null;
  fileRoot: string | null;
  extraFilesPath: string | null;
  tags?: string[];
  permissions?: DatasetRoleIds;
}

/** The columns of a full view, reading `history_dataset_association h` and `dataset d`. */
export const HDA_COLUMNS = `h.id, h.hid, h.name, h.info, h.blurb, h.peek, h.extension, h.dbkey, h.metadata, h.visible, h.deleted, h.purged,
  h.annotation, h.tool_version as "toolVersion", h.create_time as "createTime", h.update_time as "updateTime",
  h.history_id as "historyId", h.dataset_id as "datasetId", d.state, d.file_size::float8 as "fileSize", d.uuid,
  d.purged as "datasetPurged", d.external_filename as "externalFilename",
  d.file_root as "fileRoot", d.extra_files_path as "extraFilesPath"`;

const TAGS_COLUMN = `array(select case when coalesce(t.value, '') = '' then t.name else t.name || ':' || t.value end
  from item_tag t where t.item_type = 'hda' and t.item_id = h.id order by t.id) as tags`;

/** The dataset's roles by action, read along when the query shows them. */
const PERMISSIONS_COLUMN = `(select json_build_object(
    'access', coalesce(array_agg(p.role_id order by p.role_id) filter (where p.action = '${PERMISSION_ACTIONS.datasetAccess}'), '{}'),
    'manage', coalesce(array_agg(p.role_id order by p.role_id) filter (where p.action = '${PERMISSION_ACTIONS.datasetManage}'), '{}'))
  from item_permission p where p.item_type = 'dataset' and p.item_id = d.id) as permissions`;

const columnsFor = (parts: HdaParts) => [HDA_COLUMNS, ...(parts.tags ? [TAGS_COLUMN] : []), ...(parts.permissions ? [PERMISSIONS_COLUMN] : [])].join(', ');

const partsKey = (parts: HdaParts) => `${parts.tags}|${Boolean(parts.permissions)}`;

export function toView(row: HdaRow): HdaView {
  return {
    id: row.id,
    hid: row.hid,
    name: row.name,
    info: row.info,
    blurb: row.blurb,
    peek: row.peek,
    extension: row.extension,
    dbkey: row.dbkey,
    metadata: row.metadata,
    visible: row.visible,
    deleted: row.deleted,
    purged: row.purged,
    annotation: row.annotation,
    toolVersion: row.toolVersion,
    createTime: row.createTime,
    updateTime: row.updateTime,
    history: { id: row.historyId },
    dataset: { id: row.datasetId, state: row.state, fileSize: row.fileSize, uuid: row.uuid, purged: row.datasetPurged, externalFilename: row.externalFilename, fileRoot: row.fileRoot, extraFilesPath: row.extraFilesPath },
    tags: row.tags,
    permissions: row.permissions,
  };
}

type ByIdRow = HdaRow & { historyUserId: number | null; historyPublished: boolean; historyImportable: boolean; datasetAccessible: boolean };

const BY_ID = new StatementShapes<HdaParts, ByIdRow>(
  'hda_by_id',
  (parts) => `with ${heldRolesCte('$2')}
   select ${columnsFor(parts)}, hi.user_id as "historyUserId", hi.published as "historyPublished", hi.importable as "historyImportable",
          ${datasetAccessibleSql('d.id')} as "datasetAccessible"
     from history_dataset_association h
     join dataset d on d.id = h.dataset_id
     join history hi on hi.id = h.history_id
    where h.id = $1`,
  partsKey,
);

/**
 * One dataset with its history's owner and sharing flags, whether the caller (`$2`) holds its access
 * roles, and its tags when asked: one statement.
 */
export async function readHda(ctx: RequestContext, id: number, parts: HdaParts = NO_HDA_PARTS): Promise<HdaInHistoryView | null> {
  const row = await ctx.one(BY_ID.for(parts), [id, ctx.caller.userId]);
  if (!row) return null;
  return {
    ...toView(row),
    history: { id: row.historyId, user: row.historyUserId === null ? null : { id: row.historyUserId }, published: row.historyPublished, importable: row.historyImportable },
    datasetAccessible: row.datasetAccessible,
  };
}

export interface HdaQuery {
  historyIds: readonly number[];
  ids?: readonly number[];
  deleted?: boolean | null;
  visible?: boolean | null;
}

interface ContentsShape {
  ids: boolean;
  deleted: boolean;
  visible: boolean;
  tags: boolean;
  permissions?: boolean;
}

const CONTENTS = new StatementShapes<ContentsShape, HdaRow>(
  'hdas_of_histories',
  (shape) => {
    let n = 1;
    const where = ['h.history_id = any($1::int[])'];
    if (shape.ids) where.push(`h.id = any($${(n += 1)}::int[])`);
    if (shape.deleted) where.push(`h.deleted = $${(n += 1)}`);
    if (shape.visible) where.push(`h.visible = $${(n += 1)}`);
    return `select ${columnsFor(shape)} from history_dataset_association h join dataset d on d.id = h.dataset_id
             where ${where.join(' and ')} order by h.history_id, h.hid`;
  },
  (shape) => `${shape.ids}|${shape.deleted}|${shape.visible}|${partsKey(shape)}`,
);

/** The one statement of a datasets read, its parameters, and what makes a row a view. */
export interface HdaRead<Row, View> {
  statement: SqlStatement<Row>;
  params: unknown[];
  view: (row: Row) => View;
}

/** The parameters after the first, in the order the statements number them. */
function filterParams(query: Omit<HdaQuery, 'historyIds'>): unknown[] {
  const params: unknown[] = [];
  if (query.ids) params.push(query.ids);
  if (typeof query.deleted === 'boolean') params.push(query.deleted);
  if (typeof query.visible === 'boolean') params.push(query.visible);
  return params;
}

const shapeOf = (query: Omit<HdaQuery, 'historyIds'>, parts: HdaParts): ContentsShape => ({
  ids: Boolean(query.ids),
  deleted: typeof query.deleted === 'boolean',
  visible: typeof query.visible === 'boolean',
  tags: parts.tags,
  permissions: parts.permissions,
});

/** History datasets as full views, by history then hid (with their tags when asked): one statement. */
export function hdaViewsRead(query: HdaQuery, parts: HdaParts = NO_HDA_PARTS): HdaRead<HdaRow, HdaView> {
  return { statement: CONTENTS.for(shapeOf(query, parts)), params: [query.historyIds, ...filterParams(query)], view: toView };
}

/** History datasets as views, by history then hid (with their tags when asked), in one statement. */
export async function loadHdaViews(ctx: RequestContext, query: HdaQuery, parts: HdaParts = NO_HDA_PARTS): Promise<HdaView[]> {
  const read = hdaViewsRead(query, parts);
  return (await ctx.rows(read.statement, read.params)).map(read.view);
}

const BY_IDS = sql<HdaRow>(
  'hdas_by_ids',
  `select ${HDA_COLUMNS} from history_dataset_association h join dataset d on d.id = h.dataset_id where h.id = any($1::int[])`,
);

export async function loadHdaViewsByIds(ctx: RequestContext, ids: readonly number[]): Promise<HdaView[]> {
  return (await ctx.rows(BY_IDS, [ids])).map(toView);
}

/** A summary row: its history is the one read (one history per statement), so no column says it. */
type SummaryRow = Pick<HdaRow, 'id' | 'hid' | 'name' | 'extension' | 'visible' | 'deleted' | 'purged' | 'datasetId' | 'state' | 'tags'>;

const SUMMARIES = new StatementShapes<ContentsShape, SummaryRow>(
  'hda_summaries_of_history',
  (shape) => {
    let n = 1;
    const where = ['h.history_id = $1'];
    if (shape.ids) where.push(`h.id = any($${(n += 1)}::int[])`);
    if (shape.deleted) where.push(`h.deleted = $${(n += 1)}`);
    if (shape.visible) where.push(`h.visible = $${(n += 1)}`);
    const columns = `h.id, h.hid, h.name, h.extension, h.visible, h.deleted, h.purged, h.dataset_id as "datasetId", d.state`;
    // A filtered listing (deleted, hidden) is a part of its history: each dataset's state by primary key
    // (`offset 0` keeps it a lookup per row), where a join read every dataset of the server to match
    // them (`npm run bench:plans`). The whole history reads through both tables faster as a join.
    const dataset =
      shape.deleted || shape.visible ? 'join lateral (select d.state from dataset d where d.id = h.dataset_id offset 0) d on true' : 'join dataset d on d.id = h.dataset_id';
    return `select ${columns}${shape.tags ? `, ${TAGS_COLUMN}` : ''} from history_dataset_association h ${dataset}
             where ${where.join(' and ')} order by h.hid`;
  },
  (shape) => `${shape.ids}|${shape.deleted}|${shape.visible}|${shape.tags}`,
);

/** Summary views of one history's rows: every view shares the one `history` object. */
function summaryViewsOf(historyId: number): (row: SummaryRow) => HdaSummaryView {
  const history = { id: historyId };
  return (row) => ({
    id: row.id,
    hid: row.hid,
    name: row.name,
    extension: row.extension,
    visible: row.visible,
    deleted: row.deleted,
    purged: row.purged,
    history,
    dataset: { id: row.datasetId, state: row.state },
    tags: row.tags,
  });
}

/** One history's datasets in the summary view, by hid (with their tags when asked): one statement. */
export function hdaSummariesRead(query: Omit<HdaQuery, 'historyIds'> & { historyId: number }, parts: HdaParts): HdaRead<SummaryRow, HdaSummaryView> {
  return { statement: SUMMARIES.for({ ...shapeOf(query, parts), permissions: false }), params: [query.historyId, ...filterParams(query)], view: summaryViewsOf(query.historyId) };
}

/** One history's datasets in the summary view, by hid (with their tags when asked), in one statement. */
export async function loadHdaSummaries(ctx: RequestContext, query: Omit<HdaQuery, 'historyIds'> & { historyId: number }, parts: HdaParts): Promise<HdaSummaryView[]> {
  const read = hdaSummariesRead(query, parts);
  return (await ctx.rows(read.statement, read.params)).map(read.view);
}
