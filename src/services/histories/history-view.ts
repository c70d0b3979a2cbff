import type { ServiceContext } from '../../context/service-context';
import { type SqlStatement, StatementShapes } from '../../db/sql/sql-statement';
import type { HistoryIdLists, HistorySummary } from './history-state';
import { idListsOf, type StatsRow, statsColumns, statsJoins, summaryOf } from './history-stats-sql';

/** What the graph reads of a history; read models come from SQL rows (a History entity satisfies it too). */
export interface HistoryView {
  id: number;
  name: string;
  hidCounter: number;
  deleted: boolean;
  purged: boolean;
  importable: boolean;
  published: boolean;
  slug: string | null;
  genomeBuild: string | null;
  annotation: string | null;
  /** Absent when the read left them out (`HistoryParts.times` false): `historyTimesById` loads them. */
  createTime?: Date;
  updateTime?: Date;
  user: { id: number } | null;
  /** Fetched along with the row when the query reads them (then resolved without a promise). */
  tags?: string[];
  stats?: HistorySummary;
  idLists?: HistoryIdLists;
  /** The owner's username (null: none, or an anonymous session's history). */
  ownerName?: string | null;
}

/**
 * What a read may fetch besides the row, in the same statement, because the query will read it:
 * its tags, its contents' states and sizes (the summary fields, computed by PostgreSQL), their id
 * lists, and its owner's username. The field resolvers use them as they are (no loader, no
 * promise), and fall back to loaders for views read without them.
 */
export interface HistoryParts {
  /**
   * Its creation and update times (read unless a read says false): the histories index's summary
   * never shows them, and two timestamps a row were a fifth of its time at 100,000 histories.
   */
  times?: boolean;
  tags: boolean;
  stats: boolean;
  ids?: boolean;
  owner?: boolean;
}

export const NO_PARTS: HistoryParts = { tags: false, stats: false };

export type HistoryRow = Omit<HistoryView, 'user' | 'stats' | 'idLists'> & StatsRow & { userId: number | null };

const COLUMNS = `h.id, h.name, h.hid_counter as "hidCounter", h.deleted, h.purged, h.importable, h.published, h.slug,
  h.genome_build as "genomeBuild", h.annotation, h.user_id as "userId"`;

const TIMES_COLUMNS = `h.create_time as "createTime", h.update_time as "updateTime"`;

const TAGS_COLUMN = `array(select case when coalesce(t.value, '') = '' then t.name else t.name || ':' || t.value end
  from item_tag t where t.item_type = 'history' and t.item_id = h.id order by t.id) as tags`;

const OWNER_COLUMN = `(select u.username from galaxy_user u where u.id = h.user_id) as "ownerName"`;

const statsOf = (parts: HistoryParts) => ({ stats: parts.stats, ids: parts.ids ?? false });

const columnsFor = (parts: HistoryParts) =>
  [COLUMNS, ...(parts.times !== false ? [TIMES_COLUMNS] : []), ...(parts.tags ? [TAGS_COLUMN] : []), ...(parts.owner ? [OWNER_COLUMN] : []), ...statsColumns(statsOf(parts))].join(', ');

/** `select … from history h <joins>`: the row and the parts asked for. */
const selectFrom = (parts: HistoryParts) => `select ${columnsFor(parts)} from history h ${statsJoins(statsOf(parts))}`;

const partsKey = (parts: HistoryParts) => `${parts.times !== false}|${parts.tags}|${parts.stats}|${parts.ids ?? false}|${parts.owner ?? false}`;

function toView(row: HistoryRow): HistoryView {
  return {
    id: row.id,
    name: row.name,
    hidCounter: row.hidCounter,
    deleted: row.deleted,
    purged: row.purged,
    importable: row.importable,
    published: row.published,
    slug: row.slug,
    genomeBuild: row.genomeBuild,
    annotation: row.annotation,
    createTime: row.createTime,
    updateTime: row.updateTime,
    user: row.userId === null ? null : { id: row.userId },
    tags: row.tags,
    stats: summaryOf(row),
    idLists: idListsOf(row),
    ownerName: row.ownerName,
  };
}

/**
 * Histories by a condition other than their owner (shared with a user, published), newest first:
 * one statement. `where` reads the history as `h` and may use `$1`.
 */
export function historiesWhere(name: string, where: string): StatementShapes<HistoryParts, HistoryRow> {
  return new StatementShapes<HistoryParts, HistoryRow>(name, (parts) => `${selectFrom(parts)} where ${where} order by h.update_time desc, h.id desc`, partsKey);
}

export async function listHistoriesWhere(ctx: ServiceContext, statement: StatementShapes<HistoryParts, HistoryRow>, params: unknown[], parts: HistoryParts): Promise<HistoryView[]> {
  return (await ctx.rows(statement.for(parts), params)).map(toView);
}

/** The same listing in batches as it is read (one statement; a cursor on a server). */
export function historiesWhereInBatches(
  ctx: ServiceContext,
  statement: StatementShapes<HistoryParts, HistoryRow>,
  params: unknown[],
  parts: HistoryParts,
  batchSize: number,
): AsyncGenerator<HistoryView[], void, undefined> {
  return viewsInBatches(ctx, statement.for(parts), params, batchSize, parts);
}

/**
 * Batches after the first grow to this many times its size when each row is cheap (a long summary
 * index is read in few steps). Rows whose contents' states and sizes PostgreSQL computes stay at the
 * first size: a client that goes away waits for the batch under way before its connection is
 * released, and 8,000 such rows take seconds on a loaded server.
 */
const CHEAP_ROWS_GROWTH = 8;

const growthFor = (parts: HistoryParts) => (parts.stats || parts.ids ? 1 : CHEAP_ROWS_GROWTH);

async function* viewsInBatches(
  ctx: ServiceContext,
  statement: SqlStatement<HistoryRow>,
  params: unknown[],
  batchSize: number,
  parts: HistoryParts,
): AsyncGenerator<HistoryView[], void, undefined> {
  for await (const rows of ctx.batches(statement, params, { batchSize, growTo: batchSize * growthFor(parts) })) yield rows.map(toView);
}

const BY_ID = new StatementShapes<HistoryParts, HistoryRow>('history_by_id', (parts) => `${selectFrom(parts)} where h.id = $1`, partsKey);

export async function readHistory(ctx: ServiceContext, id: number, parts: HistoryParts = NO_PARTS): Promise<HistoryView | null> {
  const row = await ctx.one(BY_ID.for(parts), [id]);
  return row ? toView(row) : null;
}

/** A condition of the history index (q/qv), on column `h.<column>`; values are parameters. */
export type HistoryCondition =
  | { kind: 'compare'; column: HistoryColumn; op: '=' | '<=' | '>=' | 'ilike' | 'like'; value: unknown }
  | { kind: 'ids'; ids: number[] }
  | { kind: 'tag'; op: 'eq' | 'has'; name: string; value: string | null };

export type HistoryColumn = 'name' | 'genome_build' | 'slug' | 'create_time' | 'update_time' | 'deleted' | 'purged' | 'importable' | 'published' | 'annotation';

export interface HistoryListQuery {
  userId: number;
  conditions: HistoryCondition[];
  limit: number | null;
  offset: number | null;
  parts: HistoryParts;
}

/** The shape of a listing: which conditions (not their values), whether it pages, what it brings along. */
interface ListShape {
  conditions: string[];
  limit: boolean;
  offset: boolean;
  parts: HistoryParts;
}

function conditionShape(condition: HistoryCondition): string {
  if (condition.kind === 'compare') return `${condition.column} ${condition.op}`;
  if (condition.kind === 'ids') return 'ids';
  return `tag ${condition.op} ${condition.value === null ? 'name' : 'name value'}`;
}

/** The text of one shape; `$1` is the owner, conditions number their parameters in order. */
function listText(shape: ListShape): string {
  let n = 1;
  const param = () => `$${(n += 1)}`;
  const where = ['h.user_id = $1'];
  for (const condition of shape.conditions) {
    const [kind, op, ...rest] = condition.split(' ');
    if (kind === 'ids') where.push(`h.id = any(${param()}::int[])`);
    else if (kind === 'tag') {
      const match = op === 'eq' ? '=' : 'ilike';
      const tagWhere = [`t.user_id = $1`, `t.item_type = 'history'`, `t.name ${match} ${param()}`];
      if (rest.includes('value')) tagWhere.push(`t.value ${match} ${param()}`);
      where.push(`h.id in (select t.item_id from item_tag t where ${tagWhere.join(' and ')})`);
    } else where.push(`h.${kind} ${op} ${param()}`);
  }
  let text = `${selectFrom(shape.parts)} where ${where.join(' and ')} order by h.create_time desc, h.id desc`;
  if (shape.limit) text += ` limit ${param()}`;
  if (shape.offset) text += ` offset ${param()}`;
  return text;
}

const LIST = new StatementShapes<ListShape, HistoryRow>(
  'histories_of_user',
  listText,
  (shape) => `${shape.conditions.join(',')}|${shape.limit}|${shape.offset}|${partsKey(shape.parts)}`,
);

const likeValue = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditionParams(condition: HistoryCondition): unknown[] {
  if (condition.kind === 'compare') return [condition.value];
  if (condition.kind === 'ids') return [condition.ids];
  const value = (text: string) => (condition.op === 'eq' ? text : likeValue(text));
  return condition.value === null ? [value(condition.name)] : [value(condition.name), value(condition.value)];
}

/** The statement of a listing and its parameters. */
function listingOf(query: HistoryListQuery): { statement: SqlStatement<HistoryRow>; params: unknown[] } {
  const statement = LIST.for({ conditions: query.conditions.map(conditionShape), limit: query.limit !== null, offset: query.offset !== null, parts: query.parts });
  const params: unknown[] = [query.userId, ...query.conditions.flatMap(conditionParams)];
  if (query.limit !== null) params.push(query.limit);
  if (query.offset !== null) params.push(query.offset);
  return { statement, params };
}

/** A user's histories, newest first, in one statement (tag conditions included). */
export async function listHistories(ctx: ServiceContext, query: HistoryListQuery): Promise<HistoryView[]> {
  const { statement, params } = listingOf(query);
  return (await ctx.rows(statement, params)).map(toView);
}

/** The same listing in batches as it is read (one statement, whatever the number of histories; a cursor on a server). */
export function historiesInBatches(ctx: ServiceContext, query: HistoryListQuery, batchSize: number): AsyncGenerator<HistoryView[], void, undefined> {
  const { statement, params } = listingOf(query);
  return viewsInBatches(ctx, statement, params, batchSize, query.parts);
}
