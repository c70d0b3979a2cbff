import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { TrackingUpdate } from '../../services/sample-tracking';
import type { RequestTypeView } from '../../services/sample-tracking';
import type { RequestEventView, RequestView } from '../../services/sample-tracking';
import type { SampleView } from '../../services/sample-tracking';
import { eventsByRequestId, requestById, requestTypeById, sampleCountByRequestId, samplesByRequestId } from '../../services/sample-tracking';
import { userById } from '../../services/users';
import type { UserView } from '../../services/users';
import { Access } from '../shared/access';
import { encoded } from '../shared/encoded-id';
import { UserType } from '../users/user.type';
import { RequestTypeType } from './request-type.type';
import { RequestEventType, RequestInputType, SampleTrackingUpdateType, SequencingRequestType } from './request.type';
import { SampleType } from './sample.type';

@Resolver(() => SequencingRequestType)
export class SequencingRequestResolver {
  @Query(() => [SequencingRequestType], { description: "Administrators: every request; others: their own (never deleted ones)." })
  @Access('user')
  requests(@Ctx() ctx: RequestContext): Promise<RequestView[]> {
    return ctx.services.requests.list(ctx);
  }

  @Query(() => SequencingRequestType)
  @Access('owner')
  request(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<RequestView> {
    return ctx.services.requests.show(ctx, id);
  }

  @Mutation(() => SequencingRequestType, { description: 'A new request (state New) on a request type the caller may access.' })
  @Access('permission')
  createRequest(@Ctx() ctx: RequestContext, @Arg('input', () => RequestInputType) input: RequestInputType): Promise<RequestView> {
    return ctx.services.requests.create(ctx, input);
  }

  @Mutation(() => SequencingRequestType, { description: "New (or Rejected) -> In Progress; its samples enter the type's first state." })
  @Access('owner')
  submitRequest(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<RequestView> {
    return ctx.services.requestStates.submit(ctx, id);
  }

  @Mutation(() => SequencingRequestType, { description: 'In Progress -> Rejected, with the reason (administrators); the owner may then change and resubmit it.' })
  @Access('admin')
  rejectRequest(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string, @Arg('comment', () => String, { nullable: true }) comment?: string): Promise<RequestView> {
    return ctx.services.requestStates.reject(ctx, id, comment);
  }

  @Mutation(() => SampleTrackingUpdateType, { description: "updateType 'request_state': the request follows its samples (all in the last state: Complete)." })
  @Access('owner')
  updateRequest(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID) id: string,
    @Arg('updateType', () => String, { nullable: true }) updateType?: string,
  ): Promise<TrackingUpdate> {
    return ctx.services.requestStates.update(ctx, id, updateType);
  }

  @FieldResolver(() => ID)
  id(@Root() request: RequestView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, request.id);
  }

  @FieldResolver(() => String, { description: "The owner's email." })
  userEmail(@Root() request: RequestView): string {
    return request.userEmail;
  }

  @FieldResolver(() => UserType, { nullable: true })
  user(@Root() request: RequestView, @Ctx() ctx: RequestContext): Promise<UserView | null> {
    return ctx.loaders.get(userById).load(request.userId);
  }

  @FieldResolver(() => Int)
  numOfSamples(@Root() request: RequestView, @Ctx() ctx: RequestContext): number | Promise<number> {
    return request.numOfSamples ?? ctx.loaders.get(sampleCountByRequestId).load(request.id);
  }

  @FieldResolver(() => ID)
  requestTypeId(@Root() request: RequestView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, request.requestTypeId);
  }

  @FieldResolver(() => RequestTypeType, { nullable: true })
  requestType(@Root() request: RequestView, @Ctx() ctx: RequestContext): Promise<RequestTypeView | null> {
    return ctx.loaders.get(requestTypeById).load(request.requestTypeId);
  }

  @FieldResolver(() => [SampleType], { description: 'In the order they were added.' })
  samples(@Root() request: RequestView, @Ctx() ctx: RequestContext): Promise<SampleView[]> {
    return ctx.loaders.get(samplesByRequestId).load(request.id);
  }

  @FieldResolver(() => [RequestEventType], { description: 'Oldest first; the newest is the state.' })
  events(@Root() request: RequestView, @Ctx() ctx: RequestContext): Promise<RequestEventView[]> {
    return ctx.loaders.get(eventsByRequestId).load(request.id);
  }
}

@Resolver(() => RequestEventType)
export class RequestEventResolver {
  @FieldResolver(() => ID)
  id(@Root() event: RequestEventView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, event.id);
  }
}

@Resolver(() => SampleTrackingUpdateType)
export class SampleTrackingUpdateResolver {
  @FieldResolver(() => SequencingRequestType, { nullable: true, description: 'The request, after the update.' })
  request(@Root() update: TrackingUpdate, @Ctx() ctx: RequestContext): Promise<RequestView | null> | null {
    return update.requestId === null ? null : ctx.loaders.get(requestById).load(update.requestId);
  }
}
