import { Arg, Ctx, ID, Resolver, Root, Subscription } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { type InvocationEvent, invocationEvents } from '../../services/workflows';
import type { InvocationView } from '../../services/workflows';
import { InvocationType } from './workflow.type';

/** Subscribing checks once that the caller may read the run (its owner or an administrator); then every change of it is delivered. */
async function subscribeToInvocation(ctx: RequestContext, encodedInvocationId: string): Promise<AsyncIterable<InvocationEvent>> {
  const invocation = await ctx.services.invocations.show(ctx, null, encodedInvocationId);
  return invocationEvents(ctx.services.db.signals, invocation.id);
}

@Resolver()
export class InvocationChangedResolver {
  @Subscription(() => InvocationType, {
    description:
      "A workflow run as it is when the subscription starts, then each time it changes (its state, a step, a job of it or the job's state), whichever process changed it (graphql-ws over WebSocket at /graphql).",
    subscribe: ({ args, context }) => subscribeToInvocation(context as RequestContext, String(args.invocationId)),
  })
  async workflowInvocationChanged(@Root() _event: InvocationEvent, @Ctx() ctx: RequestContext, @Arg('invocationId', () => ID) invocationId: string): Promise<InvocationView> {
    // The run's nested fields (steps, jobs, their datasets) resolve with this same context: each
    // event forgets what the previous one read. Still the caller's run (or an error).
    ctx.forgetReads();
    return ctx.services.invocations.show(ctx, null, invocationId);
  }
}
