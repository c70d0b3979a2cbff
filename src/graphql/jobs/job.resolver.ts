import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, ID, Info, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { History } from '../../entities/history.entity';
import type { Job } from '../../entities/job.entity';
import type { JobAttemptView, JobDatasetLinkView, JobView } from '../../services/jobs';
import type { UserView } from '../../services/users';
import { type MetricView, metricView } from '../../jobs/metrics-format';
import { historyById } from '../../services/histories';
import { platformParams, shownParams } from '../../format/job-params';
import { attemptsByJobId, hdaById, inputsByJobId, jobTextById, metricsByJobId, outputsByJobId } from '../../services/jobs';
import { userById } from '../../services/users';
import { HistoryContentType } from '../datasets/history-content.type';
import { type HdaNode, hdaNode } from '../datasets/hda-node';
import { HistoryType } from '../histories/history.type';
import { Access } from '../shared/access';
import { encoded } from '../shared/encoded-id';
import { selects } from '../shared/lookahead';
import { JSONObjectScalar } from '../shared/scalars';
import { UserType } from '../users/user.type';
import { JobAttemptType, JobDatasetType, JobMetricType, JobType } from './job.type';
import { mayViewOwner } from '../../services/users';

@Resolver(() => JobType)
export class JobResolver {
  @Query(() => [JobType], { description: "The caller's jobs (administrators: all), newest first." })
  @Access('user')
  jobs(
    @Ctx() ctx: RequestContext,
    @Arg('states', () => [String], { nullable: true }) states?: string[],
    @Arg('toolIds', () => [String], { nullable: true }) toolIds?: string[],
    @Arg('toolIdLike', () => [String], { nullable: true }) toolIdLike?: string[],
    @Arg('historyId', () => String, { nullable: true }) historyId?: string,
    @Arg('dateRangeMin', () => [String], { nullable: true }) dateRangeMin?: string[],
    @Arg('dateRangeMax', () => [String], { nullable: true }) dateRangeMax?: string[],
    @Arg('orderBy', () => String, { nullable: true }) orderBy?: string,
  ): Promise<JobView[]> {
    return ctx.services.jobs.list(ctx, { states, toolIds, toolIdLike, historyId, dateRangeMin, dateRangeMax, orderBy });
  }

  @Query(() => JobType)
  @Access('user')
  job(@Ctx() ctx: RequestContext, @Info() info: GraphQLResolveInfo, @Arg('id', () => ID) id: string): Promise<JobView> {
    return ctx.services.jobs.show(ctx, id, { inputs: selects(info, 'inputs'), outputs: selects(info, 'outputs'), metrics: selects(info, 'metrics'), email: selects(info, 'userEmail') });
  }

  @Query(() => [JobType], { description: 'Earlier jobs of a tool with identical parameters and input datasets.' })
  @Access('user')
  searchJobs(
    @Ctx() ctx: RequestContext,
    @Arg('toolId', () => String, { nullable: true }) toolId?: string,
    @Arg('inputs', () => JSONObjectScalar, { nullable: true }) inputs?: Record<string, unknown>,
    @Arg('states', () => [String], { nullable: true }) states?: string[],
  ): Promise<Job[]> {
    return ctx.services.jobs.search(ctx, { toolId, inputs, states });
  }

  @Mutation(() => JobType, { description: 'Not offered: run tools with runTool.' })
  @Access('user')
  createJob(@Ctx() ctx: RequestContext): Job {
    return ctx.services.jobs.refuseCreation(ctx);
  }

  @FieldResolver(() => ID)
  id(@Root() job: JobView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, job.id);
  }

  @FieldResolver(() => JSONObjectScalar, {
    description: "Parameters in the platform's raw form (name -> the JSON text it stores), without those named like a dataset input.",
  })
  async params(@Root() job: JobView, @Ctx() ctx: RequestContext): Promise<Record<string, string>> {
    const inputs = await ctx.loaders.get(inputsByJobId).load(job.id);
    const raw = platformParams(job.params, ctx.services.tools.registry.get(job.toolId), ctx.services.ids);
    return shownParams(raw, inputs.filter((input) => input.hda || input.ldda).map((input) => input.name), ctx.services.ids);
  }

  @FieldResolver(() => [JobDatasetType])
  inputs(@Root() job: JobView, @Ctx() ctx: RequestContext): Promise<JobDatasetLinkView[]> {
    return ctx.loaders.get(inputsByJobId).load(job.id);
  }

  @FieldResolver(() => [JobDatasetType])
  outputs(@Root() job: JobView, @Ctx() ctx: RequestContext): Promise<JobDatasetLinkView[]> {
    return ctx.loaders.get(outputsByJobId).load(job.id);
  }

  @FieldResolver(() => [JobMetricType])
  async metrics(@Root() job: JobView, @Ctx() ctx: RequestContext): Promise<MetricView[]> {
    return (await ctx.loaders.get(metricsByJobId).load(job.id)).map(metricView);
  }

  @FieldResolver(() => [JobAttemptType], {
    description: "Its runs, in the order they ran: a job_conf.xml <resubmit> rule sends a job that reached a limit on to another destination. Where each ran (destination, runner, external id and state) is the administrators'.",
  })
  attempts(@Root() job: JobView, @Ctx() ctx: RequestContext): Promise<JobAttemptView[]> {
    return ctx.loaders.get(attemptsByJobId).load(job.id);
  }

  @FieldResolver(() => String)
  async stdout(@Root() job: JobView, @Ctx() ctx: RequestContext): Promise<string> {
    return job.stdout ?? (await ctx.loaders.get(jobTextById).load(job.id)).stdout;
  }

  @FieldResolver(() => String)
  async stderr(@Root() job: JobView, @Ctx() ctx: RequestContext): Promise<string> {
    return job.stderr ?? (await ctx.loaders.get(jobTextById).load(job.id)).stderr;
  }

  @FieldResolver(() => String, { nullable: true, description: 'Administrators only.' })
  commandLine(@Root() job: JobView, @Ctx() ctx: RequestContext): string | null {
    return ctx.caller.isAdmin ? job.commandLine : null;
  }

  @FieldResolver(() => String, { nullable: true, description: 'Administrators only.' })
  externalId(@Root() job: JobView, @Ctx() ctx: RequestContext): string | null {
    return ctx.caller.isAdmin ? job.externalId : null;
  }

  @FieldResolver(() => String, { nullable: true, description: "Administrators only: the runner that ran or runs the job ('local', 'remote' or 'slurm')." })
  runner(@Root() job: JobView, @Ctx() ctx: RequestContext): string | null {
    return ctx.caller.isAdmin ? job.runner : null;
  }

  @FieldResolver(() => String, { nullable: true, description: 'Administrators only: the destination of the job configuration (job_conf.xml) the job was routed to.' })
  destinationId(@Root() job: JobView, @Ctx() ctx: RequestContext): string | null {
    return ctx.caller.isAdmin ? job.destinationId : null;
  }

  @FieldResolver(() => String, { nullable: true, description: "Administrators only: Slurm's state of the job while Slurm holds it (PENDING, RUNNING…)." })
  externalState(@Root() job: JobView, @Ctx() ctx: RequestContext): string | null {
    return ctx.caller.isAdmin ? job.externalState : null;
  }

  @FieldResolver(() => String, { nullable: true, description: "The job owner's email (the owner and administrators)." })
  async userEmail(@Root() job: JobView, @Ctx() ctx: RequestContext): Promise<string | null> {
    const ownerId = job.user?.id;
    if (!mayViewOwner(ctx.caller, ownerId)) return null;
    // A streamed listing reads the email along; otherwise one batched load for the request.
    if (job.userEmail !== undefined) return job.userEmail;
    return (await ctx.loaders.get(userById).load(ownerId))?.email ?? null;
  }

  @FieldResolver(() => UserType, { nullable: true })
  async user(@Root() job: JobView, @Ctx() ctx: RequestContext): Promise<UserView | null> {
    const ownerId = job.user?.id;
    return mayViewOwner(ctx.caller, ownerId) ? ctx.loaders.get(userById).load(ownerId) : null;
  }

  @FieldResolver(() => HistoryType, { nullable: true })
  history(@Root() job: JobView, @Ctx() ctx: RequestContext): Promise<History | null> | null {
    return job.history ? ctx.loaders.get(historyById).load(job.history.id) : null;
  }
}

@Resolver(() => JobDatasetType)
export class JobDatasetResolver {
  @FieldResolver(() => String, { nullable: true, description: "'hda' (library datasets: 'ldda')." })
  src(@Root() link: JobDatasetLinkView): string | null {
    if (link.hda) return 'hda';
    return link.ldda ? 'ldda' : null;
  }

  @FieldResolver(() => ID, { nullable: true })
  datasetId(@Root() link: JobDatasetLinkView, @Ctx() ctx: RequestContext): string | null {
    if (link.hda) return encoded(ctx, link.hda.id);
    return link.ldda ? encoded(ctx, link.ldda.id) : null;
  }

  @FieldResolver(() => HistoryContentType, { nullable: true })
  async dataset(@Root() link: JobDatasetLinkView, @Ctx() ctx: RequestContext): Promise<HdaNode | null> {
    const hda = link.hda ? await ctx.loaders.get(hdaById).load(link.hda.id) : null;
    return hda ? hdaNode(ctx, hda) : null;
  }
}
