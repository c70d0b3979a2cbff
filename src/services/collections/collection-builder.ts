import type { EntityManager } from '@mikro-orm/postgresql';
import { DatasetCollection, DatasetCollectionElement } from '../../entities/dataset-collection.entity';
import type { HistoryDatasetAssociation } from '../../entities/hda.entity';

/** One element to write: a history dataset, an existing collection, or a new child collection. */
export type BuildNode =
  | { identifier: string; hda: HistoryDatasetAssociation }
  | { identifier: string; collection: DatasetCollection }
  | { identifier: string; collectionType: string; children: BuildNode[] };

/**
 * Creates a collection and its elements (new child collections included) in the unit of work; the
 * caller's flush writes them in one go.
 */
export function buildCollection(em: EntityManager, collectionType: string, nodes: readonly BuildNode[]): DatasetCollection {
  const collection = em.create(DatasetCollection, { collectionType, elementCount: nodes.length });
  nodes.forEach((node, elementIndex) => {
    const element = em.create(DatasetCollectionElement, { collection, elementIndex, elementIdentifier: node.identifier });
    if ('hda' in node) element.hda = node.hda;
    else if ('collection' in node) element.childCollection = node.collection;
    else element.childCollection = buildCollection(em, node.collectionType, node.children);
  });
  return collection;
}
