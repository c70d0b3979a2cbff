import type { Caller } from '../../context/caller';
import type { ServiceContext } from '../../context/service-context';
import { sql, type SqlStatement, StatementShapes } from '../../db/sql/sql-statement';
import { datasetAccessibleSql, heldRolesCte } from '../permissions';
import { type DatasetReadAccess, mayReadDataset } from './dataset-access';
import { HDA_COLUMNS, type HdaParts, type HdaRow, type HdaSummaryView, NO_HDA_PARTS, TAGS_COLUMN, columnsFor, partsKey, toView } from './hda-view';
import { inaccessibleView, shownView } from './inaccessible-view';

/**
 * Reads of many history datasets, each statement computing whether the caller may read every row
 * (`mayReadDataset`) along with it: nothing at all where the caller may change the histories read
 * (their owner, administrators: the owner's listings keep their plans and cost), else the dataset's
 * access roles against the caller's (`datasetAccessibleSql`, a `not exists` probe of item_permission's
 * index per row). Listings hand out a dataset the caller may not read in its inaccessible form.
 */

export interface HdaQuery {
  historyIds: readonly number[];
  ids?: readonly number[];
  deleted?: boolean | null;
  visible?: boolean | null;
  /** `all`: the caller may change every history read; `roles`: none of them (see `readAccessIn`). */
  access: DatasetReadAccess;
}

interface ContentsShape {
  ids: boolean;
  deleted: boolean;
  visible: boolean;
  tags: boolean;
  permissions?: boolean;
  /** Each dataset's access is read (`roles`). */
  roles: boolean;
}

/** `datasetAccessible`: the caller holds every access role of the row's dataset (read with `roles`). */
type AccessRow = { datasetAccessible?: boolean };

/** `with held(…) ` before a statement that reads each dataset's access (the caller's user id in `userParam`). */
const heldPrefix = (userParam: string | null) => (userParam ? `with ${heldRolesCte(userParam)} ` : '');
/**
 * `datasetAccessibleSql` for each row's dataset, as a scalar subquery: PostgreSQL then probes
 * item_permission's (item_type, item_id, action) index once per row (a few µs), where the bare
 * `not exists` let it hash every restricted dataset of the server for a long listing (a history of
 * 10,000 among 300,000 restricted datasets: 200 ms more, growing with the server).
 */
export const datasetAccessibleProbe = (datasetIdColumn: string) => `(select ${datasetAccessibleSql(datasetIdColumn)})`;

const ACCESS_COLUMN = `${datasetAccessibleProbe('h.dataset_id')} as "datasetAccessible"`;

/** The filters' `and` clauses, numbered from $2 on; then the user's parameter when `roles`. */
function clauses(shape: ContentsShape, alias: string): { where: string[]; userParam: string | null } {
  let n = 1;
  const where: string[] = [];
  if (shape.ids) where.push(`${alias}.id = any($${(n += 1)}::int[])`);
  if (shape.deleted) where.push(`${alias}.deleted = $${(n += 1)}`);
  if (shape.visible) where.push(`${alias}.visible = $${(n += 1)}`);
  return { where, userParam: shape.roles ? `$${(n += 1)}` : null };
}

const CONTENTS = new StatementShapes<ContentsShape, HdaRow & AccessRow>(
  'hdas_of_histories',
  (shape) => {
    const { where, userParam } = clauses(shape, 'h');
    return `${heldPrefix(userParam)}select ${columnsFor(shape)}${userParam ? `, ${ACCESS_COLUMN}` : ''}
              from history_dataset_association h join dataset d on d.id = h.dataset_id
             where ${['h.history_id = any($1::int[])', ...where].join(' and ')} order by h.history_id, h.hid`;
  },
  (shape) => `${shape.ids}|${shape.deleted}|${shape.visible}|${partsKey(shape)}|${shape.roles}`,
);

/** The one statement of a datasets read, its parameters, and what makes a row a view. */
export interface HdaRead<Row, View> {
  statement: SqlStatement<Row>;
  params: unknown[];
  view: (row: Row) => View;
}

/** The parameters after the first, in the order the statements number them (the user's last). */
function filterParams(ctx: ServiceContext, query: Omit<HdaQuery, 'historyIds'>): unknown[] {
  const params: unknown[] = [];
  if (query.ids) params.push(query.ids);
  if (typeof query.deleted === 'boolean') params.push(query.deleted);
  if (typeof query.visible === 'boolean') params.push(query.visible);
  if (query.access === 'roles') params.push(ctx.caller.userId);
  return params;
}

const shapeOf = (query: Omit<HdaQuery, 'historyIds'>, parts: HdaParts): ContentsShape => ({
  ids: Boolean(query.ids),
  deleted: typeof query.deleted === 'boolean',
  visible: typeof query.visible === 'boolean',
  tags: parts.tags,
  permissions: parts.permissions,
  roles: query.access === 'roles',
});

/** A full row as the caller may see it. */
const fullViewOf = (access: DatasetReadAccess): ((row: HdaRow & AccessRow) => HdaSummaryView) =>
  access === 'all' ? (row) => toView(row, true) : (row) => shownView(toView(row, row.datasetAccessible === true), row.datasetAccessible === true);

/** History datasets as full views, by history then hid (with their tags when asked): one statement. */
export function hdaViewsRead(ctx: ServiceContext, query: HdaQuery, parts: HdaParts = NO_HDA_PARTS): HdaRead<HdaRow & AccessRow, HdaSummaryView> {
  return { statement: CONTENTS.for(shapeOf(query, parts)), params: [query.historyIds, ...filterParams(ctx, query)], view: fullViewOf(query.access) };
}

/**
 * History datasets as views, by history then hid (with their tags when asked), in one statement:
 * full views, or the inaccessible form of those the caller may not read.
 */
export async function loadHdaViews(ctx: ServiceContext, query: HdaQuery, parts: HdaParts = NO_HDA_PARTS): Promise<HdaSummaryView[]> {
  const read = hdaViewsRead(ctx, query, parts);
  return (await ctx.rows(read.statement, read.params)).map(read.view);
}

/** What a read of datasets from any histories adds to apply `mayReadDataset` row by row. */
export interface RowAccess {
  historyId: number;
  historyUserId: number | null;
  historyPublished: boolean;
  historyImportable: boolean;
  datasetAccessible: boolean;
}

/**
 * The columns of `RowAccess`, reading `history_dataset_association h` joined to `history hi`; the
 * statement's `held` CTE (`heldRolesCte`) holds the caller's roles.
 */
export const ROW_ACCESS_COLUMNS = `hi.user_id as "historyUserId", hi.published as "historyPublished", hi.importable as "historyImportable", ${ACCESS_COLUMN}`;

/** `mayReadDataset` for a row read with `ROW_ACCESS_COLUMNS`. */
export function rowReadable(caller: Caller, row: RowAccess): boolean {
  const history = { id: row.historyId, user: row.historyUserId === null ? null : { id: row.historyUserId }, published: row.historyPublished, importable: row.historyImportable };
  return mayReadDataset(caller, { history, datasetAccessible: row.datasetAccessible });
}

const BY_IDS_ALL = sql<HdaRow>(
  'hdas_by_ids',
  `select ${HDA_COLUMNS} from history_dataset_association h join dataset d on d.id = h.dataset_id where h.id = any($1::int[])`,
);

const BY_IDS = sql<HdaRow & RowAccess>(
  'hdas_by_ids_with_access',
  `${heldPrefix('$2')}select ${HDA_COLUMNS}, ${ROW_ACCESS_COLUMNS}
     from history_dataset_association h join dataset d on d.id = h.dataset_id join history hi on hi.id = h.history_id
    where h.id = any($1::int[])`,
);

/**
 * History datasets by id from any histories (a job's inputs and outputs), each as the caller may see
 * it: one statement (administrators read every dataset, and no access is computed).
 */
export async function loadHdaViewsByIds(ctx: ServiceContext, ids: readonly number[]): Promise<HdaSummaryView[]> {
  if (ctx.caller.isAdmin) return (await ctx.rows(BY_IDS_ALL, [ids])).map((row) => toView(row, true));
  return (await ctx.rows(BY_IDS, [ids, ctx.caller.userId])).map((row) => {
    const readable = rowReadable(ctx.caller, row);
    return shownView(toView(row, readable), readable);
  });
}

/** A summary row: its history is the one read (one history per statement), so no column says it. */
type SummaryRow = Pick<HdaRow, 'id' | 'hid' | 'name' | 'extension' | 'visible' | 'deleted' | 'purged' | 'datasetId' | 'state' | 'tags'> & AccessRow;

const SUMMARIES = new StatementShapes<ContentsShape, SummaryRow>(
  'hda_summaries_of_history',
  (shape) => {
    const { where, userParam } = clauses(shape, 'h');
    const columns = `h.id, h.hid, h.name, h.extension, h.visible, h.deleted, h.purged, h.dataset_id as "datasetId", d.state`;
    // A filtered listing (deleted, hidden) is a part of its history: each dataset's state by primary key
    // (`offset 0` keeps it a lookup per row), where a join read every dataset of the server to match
    // them (`npm run bench:plans`). The whole history reads through both tables faster as a join.
    const dataset =
      shape.deleted || shape.visible ? 'join lateral (select d.state from dataset d where d.id = h.dataset_id offset 0) d on true' : 'join dataset d on d.id = h.dataset_id';
    return `${heldPrefix(userParam)}select ${columns}${shape.tags ? `, ${TAGS_COLUMN}` : ''}${userParam ? `, ${ACCESS_COLUMN}` : ''}
              from history_dataset_association h ${dataset}
             where ${['h.history_id = $1', ...where].join(' and ')} order by h.hid`;
  },
  (shape) => `${shape.ids}|${shape.deleted}|${shape.visible}|${shape.tags}|${shape.roles}`,
);

/** Summary views of one history's rows: every view shares the one `history` object. */
function summaryViewsOf(historyId: number, access: DatasetReadAccess): (row: SummaryRow) => HdaSummaryView {
  const history = { id: historyId };
  const viewOf = (row: SummaryRow, accessible: boolean): HdaSummaryView => ({
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
    accessible,
  });
  if (access === 'all') return (row) => viewOf(row, true);
  return (row) => (row.datasetAccessible === true ? viewOf(row, true) : inaccessibleView(viewOf(row, false)));
}

/** One history's datasets in the summary view, by hid (with their tags when asked): one statement. */
export function hdaSummariesRead(
  ctx: ServiceContext,
  query: Omit<HdaQuery, 'historyIds'> & { historyId: number },
  parts: HdaParts,
): HdaRead<SummaryRow, HdaSummaryView> {
  return {
    statement: SUMMARIES.for({ ...shapeOf(query, parts), permissions: false }),
    params: [query.historyId, ...filterParams(ctx, query)],
    view: summaryViewsOf(query.historyId, query.access),
  };
}

/** One history's datasets in the summary view, by hid (with their tags when asked), in one statement. */
export async function loadHdaSummaries(ctx: ServiceContext, query: Omit<HdaQuery, 'historyIds'> & { historyId: number }, parts: HdaParts): Promise<HdaSummaryView[]> {
  const read = hdaSummariesRead(ctx, query, parts);
  return (await ctx.rows(read.statement, read.params)).map(read.view);
}
