import { Field, Int, ObjectType } from 'type-graphql';
import type { HdaNode } from '../datasets/hda-node';
import type { HdcaNode } from './collection-nodes';
import { HistoryItemUnion } from './history-items.resolver';

@ObjectType({ description: 'Where a page ends, and whether more follows.' })
export class PageInfo {
  @Field(() => Boolean)
  hasNextPage!: boolean;

  @Field(() => String, { nullable: true, description: 'The cursor of the last item of the page (pass it as `after` for the next page).' })
  endCursor!: string | null;
}

@ObjectType({ description: 'An item of a history with the cursor that continues after it.' })
export class HistoryItemEdge {
  @Field(() => String)
  cursor!: string;

  @Field(() => HistoryItemUnion)
  node!: HdaNode | HdcaNode;
}

@ObjectType({ description: "A page of a history's datasets and collections, by hid." })
export class HistoryItemConnection {
  @Field(() => [HistoryItemEdge])
  edges!: HistoryItemEdge[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;

  @Field(() => Int, { description: 'All items the filter keeps, on every page.' })
  totalCount!: number;
}
