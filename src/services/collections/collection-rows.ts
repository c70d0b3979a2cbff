import type { EntityManager } from '@mikro-orm/postgresql';
import { DatasetCollection } from '../../entities/dataset-collection.entity';
import type { BuildNode } from './collection-builder';

type Row = Record<string, unknown>;

/**
 * A collection of history datasets (no nested collections) in two statements: the collection, then its
 * elements in order; the collection comes back managed, to be placed in a history. Null when a node
 * is not a history dataset (the caller builds those with `buildCollection`).
 */
export async function insertFlatCollection(em: EntityManager, collectionType: string, nodes: readonly BuildNode[]): Promise<DatasetCollection | null> {
  const leaves = nodes.flatMap((node) => ('hda' in node ? [{ identifier: node.identifier, hdaId: node.hda.id }] : []));
  if (leaves.length !== nodes.length) return null;
  const now = new Date();
  const [row] = await em.execute<Row[]>('insert into dataset_collection (create_time, update_time, collection_type, element_count) values (?, ?, ?, ?) returning *', [now, now, collectionType, leaves.length]);
  const collection = em.map(DatasetCollection, row);
  if (leaves.length > 0) {
    await em.execute(
      `insert into dataset_collection_element (collection_id, element_index, element_identifier, hda_id)
       select ?, r.ord, r.identifier, r.hda_id from jsonb_to_recordset(?::jsonb) as r(ord int, identifier text, hda_id int) order by r.ord`,
      [collection.id, JSON.stringify(leaves.map((leaf, ord) => ({ ord, identifier: leaf.identifier, hda_id: leaf.hdaId })))],
    );
  }
  return collection;
}
