import { Ctx, Resolver, Root, Subscription } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { type JobCountEvent, jobCountEvents, readJobCounts } from '../../services/job-admin';
import { JobCountsType } from './job-admin.types';

/** Subscribing is for administrators (checked once); then the counts as they are, and again after each change of the job table. */
async function subscribeToJobCounts(ctx: RequestContext): Promise<AsyncIterable<JobCountEvent>> {
  ctx.caller.requireAdmin();
  return jobCountEvents(ctx.services.db.signals);
}

@Resolver()
export class JobCountsChangedResolver {
  @Subscription(() => JobCountsType, {
    description:
      'The jobs that may still run, by state and destination, when the subscription starts and after each job created or moved (its state or destination), whichever process moved it (administrators only; graphql-ws over WebSocket at /graphql).',
    subscribe: ({ context }) => subscribeToJobCounts(context as RequestContext),
  })
  async jobCountsChanged(@Root() _event: JobCountEvent, @Ctx() ctx: RequestContext): Promise<JobCountsType> {
    // Each event reads on a fresh EntityManager: the subscription lives long.
    const em = ctx.services.db.orm.em.fork();
    return { counts: await readJobCounts(em, ctx.services.jobEngine.routing), countedAt: new Date() };
  }
}
