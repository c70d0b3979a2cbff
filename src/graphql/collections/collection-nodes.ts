import type { RequestContext } from '../../context/request-context';
import type { ElementView } from '../../services/collections';
import type { CollectionView, HdcaView } from '../../services/collections';
import { type HdaNode, hdaNode } from '../datasets/hda-node';
import { encoded } from '../shared/encoded-id';

/** A collection as the graph shows it; `rawId` finds its elements. */
export interface CollectionNode {
  rawId: number;
  id: string;
  collectionType: string;
  elementCount: number;
  populated: boolean;
}

export interface ElementNode {
  id: string;
  elementIdentifier: string;
  elementIndex: number;
  elementType: string;
  dataset: HdaNode | null;
  collection: CollectionNode | null;
}

export interface HdcaNode {
  view: HdcaView;
  id: string;
  historyId: string;
  hid: number;
  name: string;
  visible: boolean;
  deleted: boolean;
  createTime: Date;
  updateTime: Date;
  collectionType: string;
  elementCount: number;
  populated: boolean;
  implicitOutputName: string | null;
  collection: CollectionNode;
}

export function collectionNode(ctx: RequestContext, view: CollectionView): CollectionNode {
  return { rawId: view.id, id: encoded(ctx, view.id), collectionType: view.collectionType, elementCount: view.elementCount, populated: view.populated };
}

export function hdcaNode(ctx: RequestContext, view: HdcaView): HdcaNode {
  return {
    view,
    id: encoded(ctx, view.id),
    historyId: encoded(ctx, view.history.id),
    hid: view.hid,
    name: view.name,
    visible: view.visible,
    deleted: view.deleted,
    createTime: view.createTime,
    updateTime: view.updateTime,
    collectionType: view.collection.collectionType,
    elementCount: view.collection.elementCount,
    populated: view.collection.populated,
    implicitOutputName: view.implicitOutputName,
    collection: collectionNode(ctx, view.collection),
  };
}

export function elementNode(ctx: RequestContext, element: ElementView): ElementNode {
  return {
    id: encoded(ctx, element.id),
    elementIdentifier: element.identifier,
    elementIndex: element.index,
    elementType: element.type,
    dataset: element.hda ? hdaNode(ctx, element.hda) : null,
    collection: element.child ? collectionNode(ctx, element.child) : null,
  };
}
