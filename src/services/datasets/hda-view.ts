import type { EntityManager } from '@mikro-orm/postgresql';
import type { DatasetState } from '../../entities/dataset.entity';
import type { DatasetMetadata } from '../../entities/hda.entity';

/**
 * What the graph reads of a history dataset. An entity satisfies it; big listings build it straight
 * from SQL rows instead, which spares the ORM's per-entity work (the listing of a 5,000-dataset
 * history is one query and no hydration).
 */
export interface HdaView {
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
  history: { id: number };
  dataset: { id: number; state: DatasetState; fileSize: number | null; uuid: string; purged: boolean; externalFilename: string | null };
}

interface HdaRow {
  id: number;
  hid: number;
  name: string;
  info: string | null;
  blurb: string | null;
  peek: string | null;
  extension: string;
  dbkey: string;
  metadata: DatasetMetadata | string;
  visible: boolean;
  deleted: boolean;
  purged: boolean;
  annotation: string | null;
  tool_version: string | null;
  create_time: Date | string;
  update_time: Date | string;
  history_id: number;
  dataset_id: number;
  state: DatasetState;
  file_size: string | number | null;
  uuid: string;
  dataset_purged: boolean;
  external_filename: string | null;
}

export interface HdaQuery {
  historyIds: readonly number[];
  ids?: readonly number[];
  deleted?: boolean | null;
  visible?: boolean | null;
}

/** History datasets as views, by history then hid, in one query. */
export async function loadHdaViews(em: EntityManager, query: HdaQuery): Promise<HdaView[]> {
  const knex = em.getKnex();
  const builder = knex('history_dataset_association as h')
    .join('dataset as d', 'd.id', 'h.dataset_id')
    .select(
      'h.id', 'h.hid', 'h.name', 'h.info', 'h.blurb', 'h.peek', 'h.extension', 'h.dbkey', 'h.metadata', 'h.visible', 'h.deleted', 'h.purged',
      'h.annotation', 'h.tool_version', 'h.create_time', 'h.update_time', 'h.history_id', 'h.dataset_id', 'd.state', 'd.file_size', 'd.uuid',
      'd.purged as dataset_purged', 'd.external_filename',
    )
    .whereIn('h.history_id', query.historyIds as number[])
    .orderBy([{ column: 'h.history_id' }, { column: 'h.hid' }]);
  if (query.ids) builder.whereIn('h.id', query.ids as number[]);
  if (typeof query.deleted === 'boolean') builder.where('h.deleted', query.deleted);
  if (typeof query.visible === 'boolean') builder.where('h.visible', query.visible);
  const rows = await em.execute<HdaRow[]>(builder);
  return rows.map((row) => ({
    id: Number(row.id),
    hid: Number(row.hid),
    name: row.name,
    info: row.info,
    blurb: row.blurb,
    peek: row.peek,
    extension: row.extension,
    dbkey: row.dbkey,
    metadata: typeof row.metadata === 'string' ? (JSON.parse(row.metadata) as DatasetMetadata) : row.metadata,
    visible: row.visible,
    deleted: row.deleted,
    purged: row.purged,
    annotation: row.annotation,
    toolVersion: row.tool_version,
    createTime: new Date(row.create_time),
    updateTime: new Date(row.update_time),
    history: { id: Number(row.history_id) },
    dataset: {
      id: Number(row.dataset_id),
      state: row.state,
      fileSize: row.file_size === null ? null : Number(row.file_size),
      uuid: row.uuid,
      purged: row.dataset_purged,
      externalFilename: row.external_filename,
    },
  }));
}
