import type { ServiceContext } from '../../context/service-context';
import { StatementShapes } from '../../db/sql/sql-statement';
import { ROW_ACCESS_COLUMNS, type RowAccess, rowReadable } from '../datasets';
import { heldRolesCte } from '../permissions';
import { HDA_COLUMNS, type HdaRow, type HdaView, toView as hdaViewOf } from '../datasets';
import type { CollectionView } from './hdca-view';

export type ElementType = 'hda' | 'ldda' | 'dataset_collection';

/** One element of a collection: a history dataset, a library dataset version, or a child collection. */
export interface ElementView {
  id: number;
  collectionId: number;
  index: number;
  identifier: string;
  type: ElementType;
  /**
   * The full view of a dataset element, `accessible` saying whether the caller may read it (the
   * dataset may lie in a history the caller does not own): the graph shows one they may not read in
   * its inaccessible form (inaccessible-view.ts).
   */
  hda: HdaView | null;
  lddaId: number | null;
  child: CollectionView | null;
}

type ElementRow = Partial<HdaRow> & Partial<RowAccess> & {
  elementId: number;
  collectionId: number;
  elementIndex: number;
  elementIdentifier: string;
  hdaId: number | null;
  lddaId: number | null;
  childId: number | null;
  childType: string | null;
  childCount: number | null;
  childPopulated: boolean | null;
};

/**
 * The elements of collections and of every collection nested in them, in one statement (a recursive
 * walk down the tree), each with the full view of its dataset and, but for administrators (who read
 * every dataset), what `mayReadDataset` needs of it ($2: the caller's user id).
 */
const TREE = new StatementShapes<{ access: boolean }, ElementRow>(
  'collection_element_tree',
  ({ access }) => `with recursive ${access ? `${heldRolesCte('$2')}, ` : ''}tree(id) as (
     select unnest($1::int[])
     union
     select e.child_collection_id from dataset_collection_element e join tree t on e.collection_id = t.id where e.child_collection_id is not null
   )
   select e.id as "elementId", e.collection_id as "collectionId", e.element_index as "elementIndex", e.element_identifier as "elementIdentifier",
          e.hda_id as "hdaId", e.ldda_id as "lddaId", e.child_collection_id as "childId", cc.collection_type as "childType",
          cc.element_count as "childCount", cc.populated as "childPopulated", ${HDA_COLUMNS}${access ? `, ${ROW_ACCESS_COLUMNS}` : ''}
     from tree t
     join dataset_collection_element e on e.collection_id = t.id
     left join dataset_collection cc on cc.id = e.child_collection_id
     left join history_dataset_association h on h.id = e.hda_id
     left join dataset d on d.id = h.dataset_id
     ${access ? 'left join history hi on hi.id = h.history_id' : ''}
    order by e.collection_id, e.element_index`,
  ({ access }) => String(access),
);

/** An element of a tree read with (`access`) or without (administrators) each dataset's access facts. */
function elementOf(ctx: ServiceContext, row: ElementRow, access: boolean): ElementView {
  const child: CollectionView | null =
    row.childId === null ? null : { id: row.childId, collectionType: row.childType ?? '', elementCount: row.childCount ?? 0, populated: row.childPopulated ?? true };
  return {
    id: row.elementId,
    collectionId: row.collectionId,
    index: row.elementIndex,
    identifier: row.elementIdentifier,
    type: child ? 'dataset_collection' : row.lddaId !== null && row.hdaId === null ? 'ldda' : 'hda',
    hda: row.hdaId === null ? null : hdaViewOf(row as HdaRow, !access || rowReadable(ctx.caller, row as ElementRow & RowAccess)),
    lddaId: row.lddaId,
    child,
  };
}

/** Elements of the given collections and of all collections below them, by collection id. */
export async function loadElementTrees(ctx: ServiceContext, collectionIds: readonly number[]): Promise<Map<number, ElementView[]>> {
  const byCollection = new Map<number, ElementView[]>(collectionIds.map((id) => [id, []]));
  const access = !ctx.caller.isAdmin;
  for (const row of await ctx.rows(TREE.for({ access }), access ? [collectionIds, ctx.caller.userId] : [collectionIds])) {
    const element = elementOf(ctx, row, access);
    let list = byCollection.get(element.collectionId);
    if (!list) byCollection.set(element.collectionId, (list = []));
    list.push(element);
  }
  return byCollection;
}

/** The datasets at the leaves of a collection, depth first, with the identifiers leading to each. */
export interface LeafDataset {
  path: string[];
  hda: HdaView;
}

export function leavesOf(trees: Map<number, ElementView[]>, collectionId: number, prefix: string[] = []): LeafDataset[] {
  const leaves: LeafDataset[] = [];
  for (const element of trees.get(collectionId) ?? []) {
    const path = [...prefix, element.identifier];
    if (element.child) leaves.push(...leavesOf(trees, element.child.id, path));
    else if (element.hda) leaves.push({ path, hda: element.hda });
  }
  return leaves;
}
