import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { cancelJobs, type DestinationMemory, destinationMemory, jobCounts, readJobLock, setJobLock } from '../../services/job-admin';
import { Access } from '../shared/access';
import { Audited } from '../shared/audited';
import { encoded } from '../shared/encoded-id';
import { DestinationMemoryType, JobCountsType, JobLockType, JobsCancelledType } from './job-admin.types';

@Resolver()
export class JobAdminResolver {
  @Query(() => JobLockType, { description: 'Whether new jobs are locked (administrators only).' })
  @Access('admin')
  jobLock(@Ctx() ctx: RequestContext): Promise<JobLockType> {
    return readJobLock(ctx);
  }

  @Query(() => JobCountsType, { description: 'The jobs that may still run, by state and destination (administrators only; `jobCountsChanged` follows them live).' })
  @Access('admin')
  async jobCounts(@Ctx() ctx: RequestContext): Promise<JobCountsType> {
    return { counts: await jobCounts(ctx), countedAt: new Date() };
  }

  @Query(() => [DestinationMemoryType], {
    description: 'The memory the jobs that ended in the last `days` used at each destination, against what they were given (administrators only).',
  })
  @Access('admin')
  destinationMemory(@Ctx() ctx: RequestContext, @Arg('days', () => Int, { defaultValue: 30 }) days: number): Promise<DestinationMemory[]> {
    return destinationMemory(ctx, days);
  }

  @Mutation(() => JobLockType, {
    description: "Locks or unlocks new jobs (15.05's job lock, administrators only): while locked, new jobs are created and wait queued in every server process; unlocked, they run.",
  })
  @Access('admin')
  @Audited('job.lock', (args) => ({ type: 'jobs', id: null, label: args.locked ? 'locked' : 'unlocked' }))
  setJobLock(@Ctx() ctx: RequestContext, @Arg('locked', () => Boolean) locked: boolean): Promise<JobLockType> {
    return setJobLock(ctx, locked);
  }

  @Mutation(() => JobsCancelledType, {
    description: 'Stops jobs that may still run (administrators only): each becomes `deleted` and its outputs discarded; a running local command is killed, a Slurm job cancelled.',
  })
  @Access('admin')
  @Audited('job.cancel', (args) => {
    const ids = Array.isArray(args.ids) ? args.ids.map(String) : [];
    // A long selection is named by its count (its ids stay in the entry's details).
    return { type: 'job', id: ids.length <= 20 ? ids.join(',') : null, label: ids.length === 1 ? null : `${ids.length} jobs` };
  })
  async cancelJobs(
    @Ctx() ctx: RequestContext,
    @Arg('ids', () => [ID]) ids: string[],
    @Arg('message', () => String, { nullable: true, description: "Why, shown in the job's info." }) message?: string,
  ): Promise<JobsCancelledType> {
    const done = await cancelJobs(ctx, ids, message);
    return { cancelledIds: done.cancelled.map((id) => encoded(ctx, id)), alreadyFinishedIds: done.alreadyFinished.map((id) => encoded(ctx, id)) };
  }
}
