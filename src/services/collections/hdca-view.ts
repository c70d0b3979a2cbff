import type { ServiceContext } from '../../context/service-context';
import { sql, StatementShapes } from '../../db/sql/sql-statement';
import type { HistoryRef } from '../histories';

/** What the graph reads of a collection (without its elements). */
export interface CollectionView {
  id: number;
  collectionType: string;
  elementCount: number;
  populated: boolean;
}

/** A collection placed in a history, read from one statement (no hydration). */
export interface HdcaView {
  id: number;
  hid: number;
  name: string;
  visible: boolean;
  deleted: boolean;
  createTime: Date;
  updateTime: Date;
  implicitOutputName: string | null;
  history: { id: number };
  collection: CollectionView;
}

/** An HDCA read on its own, with what the access rules need of its history. */
export interface HdcaInHistoryView extends HdcaView {
  history: HistoryRef;
}

interface HdcaRow {
  id: number;
  hid: number;
  name: string;
  visible: boolean;
  deleted: boolean;
  createTime: Date;
  updateTime: Date;
  implicitOutputName: string | null;
  historyId: number;
  collectionId: number;
  collectionType: string;
  elementCount: number;
  populated: boolean;
}

const COLUMNS = `a.id, a.hid, a.name, a.visible, a.deleted, a.create_time as "createTime", a.update_time as "updateTime",
  a.implicit_output_name as "implicitOutputName", a.history_id as "historyId", c.id as "collectionId",
  c.collection_type as "collectionType", c.element_count as "elementCount", c.populated`;

const FROM = 'history_dataset_collection_association a join dataset_collection c on c.id = a.collection_id';

function toView(row: HdcaRow): HdcaView {
  return {
    id: row.id,
    hid: row.hid,
    name: row.name,
    visible: row.visible,
    deleted: row.deleted,
    createTime: row.createTime,
    updateTime: row.updateTime,
    implicitOutputName: row.implicitOutputName,
    history: { id: row.historyId },
    collection: { id: row.collectionId, collectionType: row.collectionType, elementCount: row.elementCount, populated: row.populated },
  };
}

type ByIdRow = HdcaRow & { historyUserId: number | null; historyPublished: boolean; historyImportable: boolean };

const BY_ID = new StatementShapes<'one', ByIdRow>(
  'hdca_by_id',
  () => `select ${COLUMNS}, hi.user_id as "historyUserId", hi.published as "historyPublished", hi.importable as "historyImportable"
           from ${FROM} join history hi on hi.id = a.history_id where a.id = $1`,
  () => 'one',
);

/** One HDCA with its history's owner and sharing flags: one statement. */
export async function readHdca(ctx: ServiceContext, id: number): Promise<HdcaInHistoryView | null> {
  const row = await ctx.one(BY_ID.for('one'), [id]);
  if (!row) return null;
  return {
    ...toView(row),
    history: { id: row.historyId, user: row.historyUserId === null ? null : { id: row.historyUserId }, published: row.historyPublished, importable: row.historyImportable },
  };
}

const BY_IDS = sql<HdcaRow>('hdcas_by_ids', `select ${COLUMNS} from ${FROM} where a.id = any($1::int[])`);

/**
 * Collections by HDCA id, whatever their histories: one statement. For what the caller already reads
 * through something else it may see (a run's outputs in the run's history); no access rule of its own.
 */
export async function loadHdcaViewsByIds(ctx: ServiceContext, ids: readonly number[]): Promise<HdcaView[]> {
  return (await ctx.rows(BY_IDS, [ids])).map(toView);
}

export interface HdcaQuery {
  historyIds: readonly number[];
  /** Only these collections (HDCA ids). */
  ids?: readonly number[];
  deleted?: boolean | null;
  visible?: boolean | null;
}

interface ListShape {
  ids: boolean;
  deleted: boolean;
  visible: boolean;
}

const OF_HISTORIES = new StatementShapes<ListShape, HdcaRow>(
  'hdcas_of_histories',
  (shape) => {
    let n = 1;
    const where = ['a.history_id = any($1::int[])'];
    if (shape.ids) where.push(`a.id = any($${(n += 1)}::int[])`);
    if (shape.deleted) where.push(`a.deleted = $${(n += 1)}`);
    if (shape.visible) where.push(`a.visible = $${(n += 1)}`);
    return `select ${COLUMNS} from ${FROM} where ${where.join(' and ')} order by a.history_id, a.hid`;
  },
  (shape) => `${shape.ids}|${shape.deleted}|${shape.visible}`,
);

/** The collections of histories, by history then hid: one statement, whatever their number. */
export async function loadHdcaViews(ctx: ServiceContext, query: HdcaQuery): Promise<HdcaView[]> {
  const deleted = typeof query.deleted === 'boolean';
  const visible = typeof query.visible === 'boolean';
  const params: unknown[] = [query.historyIds];
  if (query.ids) params.push(query.ids);
  if (deleted) params.push(query.deleted);
  if (visible) params.push(query.visible);
  return (await ctx.rows(OF_HISTORIES.for({ ids: Boolean(query.ids), deleted, visible }), params)).map(toView);
}
