import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { Job } from '../../entities/job.entity';
import type { RemoteJobSpec } from '../../services/jobs';
import { JobType } from '../jobs/job.type';
import { Access } from '../shared/access';
import { RemoteJobResultInput, RemoteJobType } from './remote-job.type';

/** Remote job runners (x-runner-token): claim, keep alive, report. */
@Resolver()
export class RemoteJobResolver {
  @Mutation(() => RemoteJobType, { nullable: true, description: 'The oldest runnable queued job, or null.' })
  @Access('runner')
  claimRemoteJob(@Ctx() ctx: RequestContext, @Arg('runnerName', () => String) runnerName: string): Promise<RemoteJobSpec | null> {
    return ctx.services.remoteJobs.claim(ctx, runnerName);
  }

  @Mutation(() => Boolean, { description: 'False: the job was cancelled or taken back; stop it.' })
  @Access('runner')
  heartbeatRemoteJob(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID) id: string,
    @Arg('jobKey', () => String) jobKey: string,
    @Arg('claimId', () => String, { nullable: true, description: "The claim's claimId: false once this claim was taken back." }) claimId?: string,
  ): Promise<boolean> {
    return ctx.services.remoteJobs.heartbeat(ctx, id, jobKey, claimId);
  }

  @Mutation(() => JobType)
  @Access('runner')
  completeRemoteJob(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID) id: string,
    @Arg('jobKey', () => String) jobKey: string,
    @Arg('result', () => RemoteJobResultInput) result: RemoteJobResultInput,
    @Arg('claimId', () => String, { nullable: true, description: "The claim's claimId: refused once this claim was taken back." }) claimId?: string,
  ): Promise<Job> {
    return ctx.services.remoteJobs.complete(ctx, id, jobKey, result, claimId);
  }
}
