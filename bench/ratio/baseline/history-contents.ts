import type { Response } from 'express';
import { platformTime } from './formats';
import { readable, type HistoryAccess } from './histories';
import { type Ctx, decodeId, encodeId, writeChunk } from './http';

/** Rows per cursor read. */
const BATCH = 1000;

const HISTORY_ACCESS = 'select h.id, h.user_id, h.published, h.importable from history h where h.id = $1';

interface CollectionRow {
  id: number;
  hid: number;
  name: string;
  visible: boolean;
  deleted: boolean;
  create_time: Date;
  update_time: Date;
  collection_type: string;
  element_count: number;
  populated: boolean;
}

const HISTORY_COLLECTIONS = `
  select a.id, a.hid, a.name, a.visible, a.deleted, a.create_time, a.update_time, c.collection_type, c.element_count, c.populated
  from history_dataset_collection_association a join dataset_collection c on c.id = a.collection_id
  where a.history_id = $1
  order by a.hid`;

interface DatasetRow {
  id: number;
  name: string;
  hid: number;
  dataset_id: number;
  state: string;
  extension: string;
  deleted: boolean;
  purged: boolean;
  visible: boolean;
}

const HISTORY_DATASETS = `
  select hda.id, hda.name, hda.hid, hda.dataset_id, d.state, hda.extension, hda.deleted, hda.purged, hda.visible
  from history_dataset_association hda join dataset d on d.id = hda.dataset_id
  where hda.history_id = $1
  order by hda.hid`;

function collectionItem(ctx: Ctx, row: CollectionRow, historyId: string): Record<string, unknown> {
  const id = encodeId(ctx, row.id);
  return {
    id,
    model_class: 'HistoryDatasetCollectionAssociation',
    name: row.name,
    hid: row.hid,
    history_id: historyId,
    history_content_type: 'dataset_collection',
    // The platform's `_base_to_dict`: a collection's contents type, as against a dataset's 'file'.
    type: 'collection',
    collection_type: row.collection_type,
    element_count: row.element_count,
    populated: row.populated,
    visible: row.visible,
    deleted: row.deleted,
    create_time: platformTime(row.create_time),
    update_time: platformTime(row.update_time),
    url: `/api/histories/${historyId}/contents/dataset_collections/${id}`,
  };
}

function datasetItem(ctx: Ctx, hda: DatasetRow, historyId: string): Record<string, unknown> {
  const id = encodeId(ctx, hda.id);
  return {
    id,
    name: hda.name,
    type_id: `dataset-${id}`,
    history_id: historyId,
    hid: hda.hid,
    history_content_type: 'dataset',
    dataset_id: encodeId(ctx, hda.dataset_id),
    state: hda.state,
    extension: hda.extension,
    deleted: hda.deleted,
    purged: hda.purged,
    visible: hda.visible,
    type: 'file',
    url: `/api/histories/${historyId}/contents/${id}`,
  };
}

/**
 * GET /api/histories/{id}/contents (summary view), streamed: the history's access row and its
 * collections first, then the datasets through a cursor, 1,000 rows at a time, each row written as
 * it comes (collections placed among them by hid), with backpressure.
 */
export async function streamHistoryContents(ctx: Ctx, encodedHistoryId: string, res: Response): Promise<void> {
  const history = readable(ctx, encodedHistoryId, await ctx.sql.row<HistoryAccess & { id: number }>(HISTORY_ACCESS, [decodeId(ctx, encodedHistoryId)]));
  const collections = await ctx.sql.rows<CollectionRow>(HISTORY_COLLECTIONS, [history.id]);
  const historyId = encodeId(ctx, history.id);
  let gone = false;
  let next = 0;
  let written = false;
  const write = async (texts: string[]) => {
    if (texts.length === 0) return;
    if (!written) {
      res.setHeader('x-sql-queries', String(ctx.sql.count));
      res.status(200).type('application/json');
    }
    if (!(await writeChunk(res, `${written ? ',' : '['}${texts.join(',')}`))) gone = true;
    written = true;
  };
  const reading = ctx.sql.batches<DatasetRow>(HISTORY_DATASETS, [history.id], BATCH);
  try {
    for await (const rows of reading) {
      const texts: string[] = [];
      for (const row of rows) {
        while (next < collections.length && collections[next].hid < row.hid) texts.push(JSON.stringify(collectionItem(ctx, collections[next++], historyId)));
        texts.push(JSON.stringify(datasetItem(ctx, row, historyId)));
      }
      await write(texts);
      if (gone) return;
    }
  } finally {
    await reading.return();
  }
  await write(collections.slice(next).map((row) => JSON.stringify(collectionItem(ctx, row, historyId))));
  if (!written) {
    res.setHeader('x-sql-queries', String(ctx.sql.count));
    res.status(200).type('application/json').end('[]');
  } else res.end(']');
}
