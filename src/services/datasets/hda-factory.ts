import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Dataset, type DatasetState } from '../../entities/dataset.entity';
import { HistoryDatasetAssociation } from '../../entities/hda.entity';
import type { History } from '../../entities/history.entity';
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
