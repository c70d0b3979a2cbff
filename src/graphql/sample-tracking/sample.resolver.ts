import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, ID, Info, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { TrackingUpdate } from '../../services/sample-tracking';
import type { RequestView } from '../../services/sample-tracking';
import type { SampleDatasetView, SampleEventView, SampleView } from '../../services/sample-tracking';
import { datasetsBySampleId, eventsBySampleId, requestById, sampleById } from '../../services/sample-tracking';
import { encodeFolderId } from '../../services/libraries';
import { Access } from '../shared/access';
import { selectsAny } from '../shared/lookahead';
import { encoded } from '../shared/encoded-id';
import { SampleTrackingUpdateType, SequencingRequestType } from './request.type';
import { SampleDatasetInputType, SampleDatasetType, SampleEventType, SampleInputType, SampleType, SampleUpdateInputType } from './sample.type';

@Resolver(() => SampleType)
export class SampleResolver {
  @Query(() => [SampleType], { description: 'The samples of a request the caller may see.' })
  @Access('owner')
  samples(@Ctx() ctx: RequestContext, @Arg('requestId', () => ID) requestId: string, @Info() info: GraphQLResolveInfo): Promise<SampleView[]> {
    return ctx.services.samples.list(ctx, requestId, selectsAny(info, ['state', 'stateId']));
  }

  @Mutation(() => [SampleType], { description: 'Samples added to a new or rejected request (its owner or an administrator).' })
  @Access('owner')
  addSamples(
    @Ctx() ctx: RequestContext,
    @Arg('requestId', () => ID) requestId: string,
    @Arg('samples', () => [SampleInputType]) samples: SampleInputType[],
  ): Promise<SampleView[]> {
    return ctx.services.samples.add(ctx, requestId, samples);
  }

  @Mutation(() => SampleTrackingUpdateType, { description: 'PUT /api/samples/{id}: sample_state, run_details or sample_dataset_transfer_status (administrators).' })
  @Access('admin')
  updateSample(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string, @Arg('input', () => SampleUpdateInputType) input: SampleUpdateInputType): Promise<TrackingUpdate> {
    return ctx.services.sampleUpdates.update(ctx, id, input);
  }

  @Mutation(() => [SampleDatasetType], { description: "Datasets of a sample as they appear on the sequencer, status 'Not started' (administrators)." })
  @Access('admin')
  addSampleDatasets(
    @Ctx() ctx: RequestContext,
    @Arg('sampleId', () => ID) sampleId: string,
    @Arg('datasets', () => [SampleDatasetInputType]) datasets: SampleDatasetInputType[],
  ): Promise<SampleDatasetView[]> {
    return ctx.services.sampleUpdates.addDatasets(ctx, sampleId, datasets);
  }

  @FieldResolver(() => ID)
  id(@Root() sample: SampleView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, sample.id);
  }

  @FieldResolver(() => ID)
  requestId(@Root() sample: SampleView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, sample.requestId);
  }

  @FieldResolver(() => SequencingRequestType, { nullable: true })
  request(@Root() sample: SampleView, @Ctx() ctx: RequestContext): Promise<RequestView | null> {
    return ctx.loaders.get(requestById).load(sample.requestId);
  }

  @FieldResolver(() => ID, { nullable: true })
  stateId(@Root() sample: SampleView, @Ctx() ctx: RequestContext): string | null {
    return sample.stateId === null ? null : encoded(ctx, sample.stateId);
  }

  @FieldResolver(() => ID, { nullable: true, description: "The data library the sample's datasets go to." })
  libraryId(@Root() sample: SampleView, @Ctx() ctx: RequestContext): string | null {
    return sample.libraryId === null ? null : encoded(ctx, sample.libraryId);
  }

  @FieldResolver(() => ID, { nullable: true, description: "Its folder ('F' + encoded id)." })
  folderId(@Root() sample: SampleView, @Ctx() ctx: RequestContext): string | null {
    return sample.folderId === null ? null : encodeFolderId(ctx, sample.folderId);
  }

  @FieldResolver(() => [SampleEventType], { description: 'Oldest first; the newest is the state.' })
  events(@Root() sample: SampleView, @Ctx() ctx: RequestContext): Promise<SampleEventView[]> {
    return ctx.loaders.get(eventsBySampleId).load(sample.id);
  }

  @FieldResolver(() => [SampleDatasetType])
  datasets(@Root() sample: SampleView, @Ctx() ctx: RequestContext): Promise<SampleDatasetView[]> {
    return ctx.loaders.get(datasetsBySampleId).load(sample.id);
  }
}

@Resolver(() => SampleEventType)
export class SampleEventResolver {
  @FieldResolver(() => ID)
  id(@Root() event: SampleEventView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, event.id);
  }

  @FieldResolver(() => ID)
  stateId(@Root() event: SampleEventView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, event.stateId);
  }
}

@Resolver(() => SampleDatasetType)
export class SampleDatasetResolver {
  @FieldResolver(() => ID)
  id(@Root() dataset: SampleDatasetView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, dataset.id);
  }

  @FieldResolver(() => ID)
  sampleId(@Root() dataset: SampleDatasetView, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, dataset.sampleId);
  }

  @FieldResolver(() => ID, { nullable: true })
  externalServiceId(@Root() dataset: SampleDatasetView, @Ctx() ctx: RequestContext): string | null {
    return dataset.externalServiceId === null ? null : encoded(ctx, dataset.externalServiceId);
  }
}

@Resolver(() => SampleTrackingUpdateType)
export class SampleTrackingUpdateSampleResolver {
  @FieldResolver(() => SampleType, { nullable: true, description: 'The sample, after the update.' })
  sample(@Root() update: TrackingUpdate, @Ctx() ctx: RequestContext): Promise<SampleView | null> | null {
    return update.sampleId === null ? null : ctx.loaders.get(sampleById).load(update.sampleId);
  }

}
