import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Dataset, type DatasetState } from '../../entities/dataset.entity';
import { HistoryDatasetAssociation } from '../../entities/hda.entity';
import type { History } from '../../entities/history.entity';
import { heldRolesCte } from '../permissions';
import { datasetAccessibleProbe } from './hda-reads';
import { applyDefaultDatasetPermissions } from './default-permissions';
import { allocateHids } from './hid-allocation';

export interface NewHdaFields {
  name: string;
  extension?: string;
  dbkey?: string;
  state?: DatasetState;
  visible?: boolean;
  info?: string | null;
}

/**
 * Creates history datasets, each with a new dataset, taking consecutive hids (one statement) and
 * written in one flush (multi-row inserts). `toolVersion`: of the tool whose outputs they are.
 */
export async function createHdas(em: EntityManager, history: History, items: NewHdaFields[], common: { toolVersion?: string } = {}): Promise<HistoryDatasetAssociation[]> {
  if (items.length === 0) return [];
  const firstHid = await allocateHids(em, history.id, items.length);
  const hdas = items.map((item, index) => {
    const dataset = em.create(Dataset, { state: item.state ?? 'queued', uuid: randomUUID() });
    return em.create(HistoryDatasetAssociation, {
      history,
      dataset,
      hid: firstHid + index,
      name: item.name,
      extension: item.extension ?? 'data',
      dbkey: item.dbkey ?? '?',
      visible: item.visible ?? true,
      info: item.info ?? null,
      ...(common.toolVersion === undefined ? {} : { toolVersion: common.toolVersion }),
    });
  });
  await em.flush();
  if (history.user) await applyDefaultDatasetPermissions(em, history.user.id, hdas.map((hda) => hda.dataset.id));
  return hdas;
}

/** Copies history datasets into a history: new associations sharing the same datasets (files). */
export async function copyHdas(em: EntityManager, target: History, sources: HistoryDatasetAssociation[]): Promise<HistoryDatasetAssociation[]> {
  if (sources.length === 0) return [];
  const firstHid = await allocateHids(em, target.id, sources.length);
  const copies = sources.map((source, index) =>
    em.create(HistoryDatasetAssociation, {
      history: target,
      dataset: source.dataset,
      hid: firstHid + index,
      name: source.name,
      info: source.info,
      blurb: source.blurb,
      peek: source.peek,
      extension: source.extension,
      dbkey: source.dbkey,
      metadata: { ...source.metadata },
      visible: source.visible,
      annotation: source.annotation,
      toolVersion: source.toolVersion,
      copiedFromHdaId: source.id,
    }),
  );
  await em.flush();
  return copies;
}

/**
 * Who copies a history's datasets: one who may change the source history (every dataset), or a user
 * (null: anonymous) who copies only those whose access roles they all hold (`mayReadDataset`).
 */
export type CopyingReader = { access: 'all' } | { access: 'roles'; userId: number | null };

/**
 * Copies every dataset of a history that is not deleted (with `allDatasets`, every one not purged,
 * deleted ones staying deleted: 15.05's "all datasets"), and that the reader may read, into another
 * history in one statement (hid order kept, consecutive hids taken in one more): the rows `copyHdas`
 * writes for them. A dataset the reader may not read is left behind: as owner of the copy they could
 * read it. Returns the copies' ids by source id, for the caller to refer to (`em.getReference`).
 */
export async function copyHistoryDatasets(
  em: EntityManager,
  sourceHistoryId: number,
  targetHistoryId: number,
  reader: CopyingReader,
  options: { allDatasets?: boolean } = {},
): Promise<Map<number, number>> {
  const which = options.allDatasets ? 'not s.purged' : 'not s.deleted';
  // The held CTE names the user twice (`?` bindings in order): own roles, then the groups'.
  const held = reader.access === 'roles' ? { cte: `with ${heldRolesCte('?')} `, filter: `and ${datasetAccessibleProbe('s.dataset_id')}`, bindings: [reader.userId, reader.userId] } : null;
  const [{ count }] = await em.execute<Array<{ count: string }>>(
    `${held?.cte ?? ''}select count(*) as count from history_dataset_association s where s.history_id = ? and ${which} ${held?.filter ?? ''}`,
    [...(held?.bindings ?? []), sourceHistoryId],
  );
  if (Number(count) === 0) return new Map();
  const firstHid = await allocateHids(em, targetHistoryId, Number(count));
  const now = new Date();
  const rows = await em.execute<Array<{ id: number; copied_from_hda_id: number }>>(
    `${held?.cte ?? ''}insert into history_dataset_association (create_time, update_time, history_id, dataset_id, hid, name, info, blurb, peek, extension, dbkey, metadata,
       visible, deleted, annotation, tool_version, copied_from_hda_id)
     select ?, ?, ?, s.dataset_id, ? + row_number() over (order by s.hid, s.id) - 1, s.name, s.info, s.blurb, s.peek, s.extension, s.dbkey, s.metadata,
       s.visible, s.deleted, s.annotation, s.tool_version, s.id
     from history_dataset_association s where s.history_id = ? and ${which} ${held?.filter ?? ''} order by s.hid, s.id
     returning id, copied_from_hda_id`,
    [...(held?.bindings ?? []), now, now, targetHistoryId, firstHid, sourceHistoryId],
  );
  return new Map(rows.map((row) => [Number(row.copied_from_hda_id), Number(row.id)]));
}

/** What a copy from a library needs of a library dataset version. */
export interface LibraryVersionSource {
  id: number;
  name: string;
  info: string | null;
  blurb: string | null;
  peek: string | null;
  extension: string;
  dbkey: string;
  metadata: Record<string, unknown>;
  dataset: HistoryDatasetAssociation['dataset'];
}

/** Imports a library dataset version into a history: a new history dataset sharing its file. */
export async function copyLddaToHistory(em: EntityManager, target: History, source: LibraryVersionSource): Promise<HistoryDatasetAssociation> {
  const hid = await allocateHids(em, target.id, 1);
  const copy = em.create(HistoryDatasetAssociation, {
    history: target,
    dataset: source.dataset,
    hid,
    name: source.name,
    info: source.info,
    blurb: source.blurb,
    peek: source.peek,
    extension: source.extension,
    dbkey: source.dbkey,
    metadata: { ...source.metadata },
    copiedFromLddaId: source.id,
  });
  await em.flush();
  return copy;
}
