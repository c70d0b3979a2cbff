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

/**
 * A collection tree (history datasets, existing collections and new child collections, any depth) in
 * two statements per rank beside the root's: each rank's new collections in one, then its elements in
 * one, so a list of 500 pairs is five statements. The root comes back managed, to be placed in a history.
 */
export async function insertCollectionTree(em: EntityManager, collectionType: string, nodes: readonly BuildNode[]): Promise<DatasetCollection> {
  const now = new Date();
  const [row] = await em.execute<Row[]>('insert into dataset_collection (create_time, update_time, collection_type, element_count) values (?, ?, ?, ?) returning *', [now, now, collectionType, nodes.length]);
  const root = em.map(DatasetCollection, row);
  let rank: Array<{ collectionId: number; nodes: readonly BuildNode[] }> = [{ collectionId: root.id, nodes }];
  while (rank.length > 0) {
    const newChildren = rank.flatMap((parent) => parent.nodes.flatMap((node) => ('children' in node ? [node] : [])));
    let childIds: number[] = [];
    if (newChildren.length > 0) {
      const made = await em.execute<Array<{ id: number }>>(
        `insert into dataset_collection (create_time, update_time, collection_type, element_count)
         select ?, ?, r.collection_type, r.element_count from jsonb_to_recordset(?::jsonb) as r(ord int, collection_type text, element_count int) order by r.ord
         returning id`,
        [now, now, JSON.stringify(newChildren.map((child, ord) => ({ ord, collection_type: child.collectionType, element_count: child.children.length })))],
      );
      // One statement takes its serial ids in the order it inserts its rows.
      childIds = made.map((made) => Number(made.id)).sort((a, b) => a - b);
    }
    let next = 0;
    const elements: Array<{ collection_id: number; ord: number; identifier: string; hda_id: number | null; child_id: number | null }> = [];
    const nextRank: typeof rank = [];
    for (const parent of rank) {
      parent.nodes.forEach((node, ord) => {
        const element = { collection_id: parent.collectionId, ord, identifier: node.identifier, hda_id: null, child_id: null };
        if ('hda' in node) elements.push({ ...element, hda_id: node.hda.id });
        else if ('collection' in node) elements.push({ ...element, child_id: node.collection.id });
        else {
          const childId = childIds[next++];
          elements.push({ ...element, child_id: childId });
          nextRank.push({ collectionId: childId, nodes: node.children });
        }
      });
    }
    if (elements.length > 0) {
      await em.execute(
        `insert into dataset_collection_element (collection_id, element_index, element_identifier, hda_id, child_collection_id)
         select r.collection_id, r.ord, r.identifier, r.hda_id, r.child_id
         from jsonb_to_recordset(?::jsonb) as r(collection_id int, ord int, identifier text, hda_id int, child_id int) order by r.collection_id, r.ord`,
        [JSON.stringify(elements)],
      );
    }
    rank = nextRank;
  }
  return root;
}
