import { Field, Int, ObjectType } from 'type-graphql';
import type { JobView } from '../../services/jobs';
import { PageInfo } from '../collections/history-items-page.types';
import { JobType } from './job.type';

@ObjectType({ description: 'A job with the cursor that continues after it.' })
export class JobEdge {
  @Field(() => String)
  cursor!: string;

  @Field(() => JobType)
  node!: JobView;
}

@ObjectType({ description: 'A page of jobs, newest update first.' })
export class JobConnection {
  @Field(() => [JobEdge])
  edges!: JobEdge[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;

  @Field(() => Int, { description: 'All jobs the filter keeps, on every page.' })
  totalCount!: number;
}
