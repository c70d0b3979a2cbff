import { Field, Int, ObjectType } from 'type-graphql';
import type { HistoryView } from '../../services/histories';
import { PageInfo } from '../collections/history-items-page.types';
import { HistoryType } from './history.type';

@ObjectType({ description: 'A history with the cursor that continues after it.' })
export class HistoryEdge {
  @Field(() => String)
  cursor!: string;

  @Field(() => HistoryType)
  node!: HistoryView;
}

@ObjectType({ description: "A page of the caller's histories, newest first." })
export class HistoryConnection {
  @Field(() => [HistoryEdge])
  edges!: HistoryEdge[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;

  @Field(() => Int, { description: 'All histories the filter keeps, on every page.' })
  totalCount!: number;
}
