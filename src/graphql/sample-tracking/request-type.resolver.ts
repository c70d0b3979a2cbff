import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { FormView } from '../../services/sample-tracking';
import type { ExternalServiceView, RequestTypeView, SampleStateView } from '../../services/sample-tracking';
import { formById, servicesByRequestTypeId, statesByRequestTypeId } from '../../services/sample-tracking';
import { Access } from '../shared/access';
import { encoded } from '../shared/encoded-id';
import { FormDefinitionType } from './form.type';
import { ExternalServiceInputType, ExternalServiceType, RequestTypeInputType, RequestTypeType, SampleStateType } from './request-type.type';

@Resolver(() => RequestTypeType)
export class RequestTypeResolver {
  @Query(() => [RequestTypeType], { description: 'The request types the caller may access (their access roles), by name.' })
  @Access('permission')
  requestTypes(@Ctx() ctx: RequestContext): Promise<RequestTypeView[]> {
    return ctx.services.requestTypes.list(ctx);
  }

  @Query(() => RequestTypeType)
  @Access('permission')
  requestType(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<RequestTypeView> {
    return ctx.services.requestTypes.show(ctx, id);
  }

  @Mutation(() => RequestTypeType, { description: 'A request type from its XML, two forms, an external service and access roles (administrators).' })
  @Access('admin')
  createRequestType(@Ctx() ctx: RequestContext, @Arg('input', () => RequestTypeInputType) input: RequestTypeInputType): Promise<RequestTypeView> {
    return ctx.services.requestTypes.create(ctx, input);
  }

  @FieldResolver(() => ID)
  id(@Root() type: RequestTypeView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, type.id);
  }

  @FieldResolver(() => ID)
  requestFormId(@Root() type: RequestTypeView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, type.requestFormId);
  }

  @FieldResolver(() => ID)
  sampleFormId(@Root() type: RequestTypeView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, type.sampleFormId);
  }

  @FieldResolver(() => FormDefinitionType, { nullable: true })
  requestForm(@Root() type: RequestTypeView, @Ctx() ctx: RequestContext): Promise<FormView | null> {
    return ctx.loaders.get(formById).load(type.requestFormId);
  }

  @FieldResolver(() => FormDefinitionType, { nullable: true })
  sampleForm(@Root() type: RequestTypeView, @Ctx() ctx: RequestContext): Promise<FormView | null> {
    return ctx.loaders.get(formById).load(type.sampleFormId);
  }

  @FieldResolver(() => FormDefinitionType, { nullable: true, description: 'The run-details template of its samples.' })
  runDetailsForm(@Root() type: RequestTypeView, @Ctx() ctx: RequestContext): Promise<FormView | null> | null {
    return type.runDetailsFormId === null ? null : ctx.loaders.get(formById).load(type.runDetailsFormId);
  }

  @FieldResolver(() => [SampleStateType], { description: 'The states its samples pass through, in order.' })
  states(@Root() type: RequestTypeView, @Ctx() ctx: RequestContext): Promise<SampleStateView[]> {
    return ctx.loaders.get(statesByRequestTypeId).load(type.id);
  }

  @FieldResolver(() => [ExternalServiceType])
  externalServices(@Root() type: RequestTypeView, @Ctx() ctx: RequestContext): Promise<ExternalServiceView[]> {
    return ctx.loaders.get(servicesByRequestTypeId).load(type.id);
  }
}

@Resolver(() => SampleStateType)
export class SampleStateResolver {
  @FieldResolver(() => ID)
  id(@Root() state: SampleStateView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, state.id);
  }
}

@Resolver(() => ExternalServiceType)
export class ExternalServiceResolver {
  @Query(() => [ExternalServiceType], { description: 'External services (administrators).' })
  @Access('admin')
  externalServices(@Ctx() ctx: RequestContext): Promise<ExternalServiceView[]> {
    return ctx.services.externalServices.list(ctx);
  }

  @Mutation(() => ExternalServiceType, { description: 'An external service of a type (administrators).' })
  @Access('admin')
  createExternalService(@Ctx() ctx: RequestContext, @Arg('input', () => ExternalServiceInputType) input: ExternalServiceInputType): Promise<ExternalServiceView> {
    return ctx.services.externalServices.create(ctx, input);
  }

  @FieldResolver(() => ID)
  id(@Root() service: ExternalServiceView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, service.id);
  }

  @FieldResolver(() => String)
  externalServiceType(@Root() service: ExternalServiceView): string {
    return service.externalServiceTypeId;
  }
}
