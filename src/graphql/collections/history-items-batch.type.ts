import { Field, ObjectType } from 'type-graphql';
import type { HdaNode } from '../datasets/hda-node';
import type { HdcaNode } from './collection-nodes';
import { HistoryItemUnion } from './history-items.resolver';

@ObjectType({ description: "A batch of a history's datasets and collections, by hid, as the listing reads them." })
export class HistoryItemsBatch {
  @Field(() => [HistoryItemUnion])
  items!: Array<HdaNode | HdcaNode>;
}
