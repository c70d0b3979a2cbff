import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { loadDatatypesRegistry } from '../../datatypes';
import type { HistoryDatasetAssociation } from '../../entities/hda.entity';
import type { History } from '../../entities/history.entity';
import type { Job } from '../../entities/job.entity';
import type { ContentsFilter } from '../../services/datasets/hda.service';
import { historyById } from '../../services/histories/history.loaders';
import { mayViewJob } from '../../services/jobs/job-access';
import { creatingJobByHdaId } from '../../services/jobs/job.loaders';
import { hdaTags } from '../../services/tags/tag.loaders';
import { HistoryType } from '../histories/history.type';
import { JobType } from '../jobs/job.type';
import { Access } from '../shared/access';
import { encoded } from '../shared/encoded-id';
import { JSONObjectScalar } from '../shared/scalars';
import { DatasetFileType, HistoryContentType } from './history-content.type';

@Resolver(() => HistoryContentType)
export class HistoryContentResolver {
  @Query(() => [HistoryContentType], { description: 'Datasets of a readable history, by hid.' })
  @Access('anonymous')
  historyContents(
    @Ctx() ctx: RequestContext,
    @Arg('historyId', () => ID) historyId: string,
    @Arg('ids', () => [ID], { nullable: true }) ids?: string[],
    @Arg('deleted', () => Boolean, { nullable: true }) deleted?: boolean,
    @Arg('visible', () => Boolean, { nullable: true }) visible?: boolean,
  ): Promise<HistoryDatasetAssociation[]> {
    const filter: ContentsFilter = { ids, deleted, visible };
    return ctx.services.hdas.contents(ctx, historyId, filter);
  }

  @Query(() => HistoryContentType)
  @Access('anonymous')
  historyContent(@Ctx() ctx: RequestContext, @Arg('historyId', () => ID) historyId: string, @Arg('id', () => ID) id: string): Promise<HistoryDatasetAssociation> {
    return ctx.services.hdas.showInHistory(ctx, historyId, id);
  }

  @Query(() => HistoryContentType, { description: 'A history dataset by id (GET /api/datasets/{id}).' })
  @Access('anonymous')
  dataset(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<HistoryDatasetAssociation> {
    return ctx.services.hdas.findReadable(ctx, id);
  }

  @Query(() => DatasetFileType, { description: 'Where the content of a readable dataset is, and how to serve it.' })
  @Access('anonymous')
  datasetFile(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string) {
    return ctx.services.hdas.fileOf(ctx, id);
  }

  @Mutation(() => HistoryContentType, { description: "Copies a readable history dataset into the caller's history." })
  @Access('owner')
  copyDataset(
    @Ctx() ctx: RequestContext,
    @Arg('historyId', () => ID) historyId: string,
    @Arg('source', () => String, { nullable: true, description: "'hda' (or 'library')." }) source?: string,
    @Arg('content', () => ID, { nullable: true, description: 'The id of the dataset to copy.' }) content?: string,
    @Arg('type', () => String, { nullable: true, description: "Contents type; default 'dataset'." }) type?: string,
  ): Promise<HistoryDatasetAssociation> {
    return ctx.services.hdas.copyInto(ctx, historyId, { type, source, content });
  }

  @Mutation(() => HistoryContentType, { description: 'Changes name, info, genome build, annotation, visibility, deletion, tags; purges.' })
  @Access('owner')
  updateDataset(
    @Ctx() ctx: RequestContext,
    @Arg('historyId', () => ID) historyId: string,
    @Arg('id', () => ID) id: string,
    @Arg('changes', () => JSONObjectScalar) changes: Record<string, unknown>,
  ): Promise<HistoryDatasetAssociation> {
    return ctx.services.hdas.update(ctx, historyId, id, changes);
  }

  @Mutation(() => HistoryContentType)
  @Access('owner')
  deleteDataset(
    @Ctx() ctx: RequestContext,
    @Arg('historyId', () => ID) historyId: string,
    @Arg('id', () => ID) id: string,
    @Arg('purge', () => Boolean, { nullable: true }) purge?: boolean,
  ): Promise<HistoryDatasetAssociation> {
    return ctx.services.hdas.delete(ctx, historyId, id, purge ?? false);
  }

  @FieldResolver(() => ID)
  id(@Root() hda: HistoryDatasetAssociation, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, hda.id);
  }

  @FieldResolver(() => ID)
  historyId(@Root() hda: HistoryDatasetAssociation, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, hda.history.id);
  }

  @FieldResolver(() => ID)
  datasetId(@Root() hda: HistoryDatasetAssociation, @Ctx() ctx: RequestContext): string {
    return encoded(ctx, hda.dataset.id);
  }

  @FieldResolver(() => String)
  state(@Root() hda: HistoryDatasetAssociation): string {
    return hda.dataset.state;
  }

  @FieldResolver(() => String)
  genomeBuild(@Root() hda: HistoryDatasetAssociation): string {
    return hda.dbkey;
  }

  @FieldResolver(() => String, { nullable: true })
  misc_info(@Root() hda: HistoryDatasetAssociation): string | null {
    return hda.info;
  }

  @FieldResolver(() => String, { nullable: true })
  misc_blurb(@Root() hda: HistoryDatasetAssociation): string | null {
    return hda.blurb;
  }

  @FieldResolver(() => Number)
  fileSize(@Root() hda: HistoryDatasetAssociation): number {
    return hda.dataset.fileSize ?? 0;
  }

  @FieldResolver(() => String)
  uuid(@Root() hda: HistoryDatasetAssociation): string {
    return hda.dataset.uuid;
  }

  @FieldResolver(() => JSONObjectScalar)
  metadata(@Root() hda: HistoryDatasetAssociation): Record<string, unknown> {
    return hda.metadata;
  }

  @FieldResolver(() => String, { description: 'The datatype class, module.Class.' })
  dataType(@Root() hda: HistoryDatasetAssociation): string {
    return loadDatatypesRegistry().className(hda.extension) ?? 'galaxy.datatypes.data.Data';
  }

  @FieldResolver(() => String, { nullable: true, description: 'Path on the server (administrators only).' })
  fileName(@Root() hda: HistoryDatasetAssociation, @Ctx() ctx: RequestContext): string | null {
    return ctx.caller.isAdmin ? ctx.services.layout.objects.pathOf(hda.dataset) : null;
  }

  @FieldResolver(() => [String])
  tags(@Root() hda: HistoryDatasetAssociation, @Ctx() ctx: RequestContext): Promise<string[]> {
    return ctx.loaders.get(hdaTags).load(hda.id);
  }

  @FieldResolver(() => HistoryType)
  async history(@Root() hda: HistoryDatasetAssociation, @Ctx() ctx: RequestContext): Promise<History> {
    const history = await ctx.loaders.get(historyById).load(hda.history.id);
    if (!history) throw new Error(`history ${hda.history.id} of dataset ${hda.id} is missing`);
    return history;
  }

  @FieldResolver(() => JobType, { nullable: true, description: 'The job that created it (when the caller may see that job).' })
  async creatingJob(@Root() hda: HistoryDatasetAssociation, @Ctx() ctx: RequestContext): Promise<Job | null> {
    const job = await ctx.loaders.get(creatingJobByHdaId).load(hda.id);
    return job && mayViewJob(ctx.caller, job) ? job : null;
  }
}
