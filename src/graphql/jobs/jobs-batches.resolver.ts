import { Arg, Ctx, Field, ObjectType, Resolver, Root, Subscription } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { JobListFilter } from '../../services/jobs';
import type { JobView } from '../../services/jobs';
import { Access } from '../shared/access';
import { subscriptionArgs } from '../shared/subscription-args';
import { JobType } from './job.type';

/** Jobs per batch of the streamed listing (a cursor reads this many rows at a time). */
const JOBS_BATCH = 1000;

@ObjectType({ simpleResolvers: true, description: 'A batch of the job listing, newest first, as it is read.' })
export class JobsBatch {
  @Field(() => [JobType])
  jobs!: JobView[];
}

@Resolver()
export class JobsBatchesResolver {
  @Subscription(() => JobsBatch, {
    description:
      "The caller's jobs (administrators: all), newest first, as `jobs` filters them, in batches as they are read, then the end: the streamed job listing. Refusals come before the first batch.",
    subscribe: async ({ context, info }) => (context as RequestContext).services.jobs.listInBatches(context as RequestContext, subscriptionArgs(info) as JobListFilter, JOBS_BATCH),
  })
  @Access('user')
  jobsBatches(
    @Root() jobs: JobView[],
    @Ctx() _ctx: RequestContext,
    @Arg('states', () => [String], { nullable: true }) _states?: string[],
    @Arg('toolIds', () => [String], { nullable: true }) _toolIds?: string[],
    @Arg('toolIdLike', () => [String], { nullable: true }) _toolIdLike?: string[],
    @Arg('historyId', () => String, { nullable: true }) _historyId?: string,
    @Arg('dateRangeMin', () => [String], { nullable: true }) _dateRangeMin?: string[],
    @Arg('dateRangeMax', () => [String], { nullable: true }) _dateRangeMax?: string[],
    @Arg('orderBy', () => String, { nullable: true }) _orderBy?: string,
  ): JobsBatch {
    return { jobs };
  }
}
