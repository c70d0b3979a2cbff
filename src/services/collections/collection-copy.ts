import type { ServiceContext } from '../../context/service-context';
import { HistoryDatasetAssociation } from '../../entities/hda.entity';
import type { History } from '../../entities/history.entity';
import { buildCollection, type BuildNode } from './collection-builder';
import { insertFlatCollection } from './collection-rows';
import { type ElementView, loadElementTrees } from './collection-elements';
import { loadHdcaViews } from './hdca-view';
import type { HdcaService } from './hdca.service';

/** New elements for a copy of a collection tree, each dataset element mapped through `hdaFor`. */
function copiedNodes(trees: Map<number, ElementView[]>, collectionId: number, hdaFor: (id: number) => HistoryDatasetAssociation): BuildNode[] {
  return (trees.get(collectionId) ?? []).flatMap((element): BuildNode[] => {
    if (element.child) return [{ identifier: element.identifier, collectionType: element.child.collectionType, children: copiedNodes(trees, element.child.id, hdaFor) }];
    return element.hda ? [{ identifier: element.identifier, hda: hdaFor(element.hda.id) }] : [];
  });
}

/**
 * Copies a history's live collections into its copy, in hid order: each gets new elements pointing at
 * the copied datasets (the originals where a dataset was not copied), as the platform's history copy
 * does. Two statements read every collection and element of the source, whatever their number.
 */
export async function copyHistoryCollections(ctx: ServiceContext, hdcaService: HdcaService, source: History, target: History, copies: ReadonlyMap<number, HistoryDatasetAssociation>): Promise<void> {
  const hdcas = await loadHdcaViews(ctx, { historyIds: [source.id], deleted: false });
  if (hdcas.length === 0) return;
  const trees = await loadElementTrees(ctx, hdcas.map((hdca) => hdca.collection.id));
  const hdaFor = (id: number) => copies.get(id) ?? ctx.em.getReference(HistoryDatasetAssociation, id);
  for (const hdca of hdcas) {
    const nodes = copiedNodes(trees, hdca.collection.id, hdaFor);
    const collection = (await insertFlatCollection(ctx.em, hdca.collection.collectionType, nodes)) ?? buildCollection(ctx.em, hdca.collection.collectionType, nodes);
    const placed = await hdcaService.place(ctx, target, collection, hdca.name, hdca.id, hdca.implicitOutputName);
    placed.visible = hdca.visible;
  }
  await ctx.em.flush();
}
