import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, ID, Info, Mutation, Query, Resolver, Root } from 'type-graphql';
import { selectedFields, selects } from '../shared/lookahead';
import type { RequestContext } from '../../context/request-context';
import type { History } from '../../entities/history.entity';
import type { JobView } from '../../services/jobs';
import type { ContentsFilter } from '../../services/datasets';
import { historyById } from '../../services/histories';
import { mayReadHistory } from '../../services/histories';
import { errors } from '../../errors/error-kinds';
import { mayViewJob } from '../../services/jobs';
import { creatingJobByHdaId, hdaResubmitted } from '../../services/jobs';
import { hdaTags } from '../../services/tags';
import { HistoryType } from '../histories/history.type';
import { JobType } from '../jobs/job.type';
import { Access } from '../shared/access';
import { JSONObjectScalar } from '../shared/scalars';
import { DatasetFileType, DatasetRoleIdsType, HistoryContentType } from './history-content.type';
import { datasetRolesById } from '../../services/datasets';
import { isDetailed } from '../../services/datasets';
import { type DeliveredDatasetFile, deliverDatasetFile } from '../../services/datasets';
import { encoded } from '../shared/encoded-id';
import { HDA_SUMMARY_FIELDS, type HdaNode, hdaNode, hdaNodes } from './hda-node';

@Resolver(() => HistoryContentType)
export class HistoryContentResolver {
  @Query(() => [HistoryContentType], { description: 'Datasets of a readable history, by hid.' })
  @Access('anonymous')
  async historyContents(
    @Ctx() ctx: RequestContext,
    @Info() info: GraphQLResolveInfo,
    @Arg('historyId', () => ID) historyId: string,
    @Arg('ids', () => [ID], { nullable: true }) ids?: string[],
    @Arg('deleted', () => Boolean, { nullable: true }) deleted?: boolean,
    @Arg('visible', () => Boolean, { nullable: true }) visible?: boolean,
  ): Promise<HdaNode[]> {
    const filter: ContentsFilter = { ids, deleted, visible };
    const fields = selectedFields(info);
    const summary = [...fields].every((field) => (HDA_SUMMARY_FIELDS as readonly string[]).includes(field));
    const tags = fields.has('tags');
    return hdaNodes(ctx, await ctx.services.hdas.contents(ctx, historyId, filter, { tags, summary, permissions: fields.has('permissions') }), tags);
  }

  @Query(() => HistoryContentType)
  @Access('anonymous')
  async historyContent(
    @Ctx() ctx: RequestContext,
    @Info() info: GraphQLResolveInfo,
    @Arg('historyId', () => ID) historyId: string,
    @Arg('id', () => ID) id: string,
  ): Promise<HdaNode> {
    return hdaNode(ctx, await ctx.services.hdas.showInHistory(ctx, historyId, id, { tags: selects(info, 'tags'), permissions: selects(info, 'permissions') }));
  }

  @Query(() => HistoryContentType, { description: 'A history dataset by id (GET /api/datasets/{id}).' })
  @Access('anonymous')
  async dataset(@Ctx() ctx: RequestContext, @Info() info: GraphQLResolveInfo, @Arg('id', () => ID) id: string): Promise<HdaNode> {
    return hdaNode(ctx, await ctx.services.hdas.readable(ctx, id, { tags: selects(info, 'tags'), permissions: selects(info, 'permissions') }));
  }

  @Query(() => DatasetFileType, { description: 'Where the content of a readable dataset is, and how the display routes serve it (`preview`, a `toExt` download).' })
  @Access('anonymous')
  datasetFile(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID) id: string,
    @Arg('preview', () => Boolean, { nullable: true, description: 'Only the start of a large file.' }) preview?: boolean,
    @Arg('toExt', () => String, { nullable: true, description: "A download with this extension (empty: the dataset's own)." }) toExt?: string,
  ): Promise<DeliveredDatasetFile> {
    return deliverDatasetFile(ctx, id, { preview: preview ?? false, toExt: toExt ?? null });
  }

  @Mutation(() => HistoryContentType, { description: "Copies a readable history dataset into the caller's history." })
  @Access('owner')
  async copyDataset(
    @Ctx() ctx: RequestContext,
    @Arg('historyId', () => ID) historyId: string,
    @Arg('source', () => String, { nullable: true, description: "'hda' (or 'library')." }) source?: string,
    @Arg('content', () => ID, { nullable: true, description: 'The id of the dataset to copy.' }) content?: string,
    @Arg('type', () => String, { nullable: true, description: "Contents type; default 'dataset'." }) type?: string,
  ): Promise<HdaNode> {
    return hdaNode(ctx, await ctx.services.hdas.copyInto(ctx, historyId, { type, source, content }));
  }

  @Mutation(() => HistoryContentType, { description: 'Changes name, info, genome build, annotation, visibility, deletion, tags; purges.' })
  @Access('owner')
  async updateDataset(
    @Ctx() ctx: RequestContext,
    @Arg('historyId', () => ID) historyId: string,
    @Arg('id', () => ID) id: string,
    @Arg('changes', () => JSONObjectScalar) changes: Record<string, unknown>,
  ): Promise<HdaNode> {
    return hdaNode(ctx, await ctx.services.hdas.update(ctx, historyId, id, changes));
  }

  @Mutation(() => HistoryContentType, {
    description: "Changes a dataset's datatype to a known extension (owner or administrator; not while a job reads or writes it); its metadata, peek and blurb are read again.",
  })
  @Access('owner')
  async changeDatasetDatatype(
    @Ctx() ctx: RequestContext,
    @Arg('historyId', () => ID) historyId: string,
    @Arg('id', () => ID) id: string,
    @Arg('datatype', () => String, { description: "The new extension, one of `datatypes(uploadOnly: \"false\")`." }) datatype: string,
  ): Promise<HdaNode> {
    return hdaNode(ctx, await ctx.services.hdas.changeDatatype(ctx, historyId, id, datatype));
  }

  @Mutation(() => HistoryContentType, {
    description: "The attributes form's auto-detect: the datatype the file's content says (the upload's sniffers), its metadata read again; the same rules as changeDatasetDatatype, and only once the file is written.",
  })
  @Access('owner')
  async autoDetectDatasetDatatype(@Ctx() ctx: RequestContext, @Arg('historyId', () => ID) historyId: string, @Arg('id', () => ID) id: string): Promise<HdaNode> {
    return hdaNode(ctx, await ctx.services.hdas.autoDetectDatatype(ctx, historyId, id));
  }

  @Mutation(() => HistoryContentType, {
    description: "The attributes form's Auto-detect of metadata: columns, their types and names, lines, peek and blurb read again from the file; the datatype kept (owner or administrator; not while a job reads or writes it).",
  })
  @Access('owner')
  async redetectDatasetMetadata(@Ctx() ctx: RequestContext, @Arg('historyId', () => ID) historyId: string, @Arg('id', () => ID) id: string): Promise<HdaNode> {
    return hdaNode(ctx, await ctx.services.hdas.redetectMetadata(ctx, historyId, id));
  }

  @Mutation(() => HistoryContentType)
  @Access('owner')
  async deleteDataset(
    @Ctx() ctx: RequestContext,
    @Arg('historyId', () => ID) historyId: string,
    @Arg('id', () => ID) id: string,
    @Arg('purge', () => Boolean, { nullable: true }) purge?: boolean,
  ): Promise<HdaNode> {
    return hdaNode(ctx, await ctx.services.hdas.delete(ctx, historyId, id, purge ?? false));
  }

  @FieldResolver(() => Boolean, {
    description: "Whether the job that made it was ever resubmitted to another destination (job_conf.xml <resubmit>): the platform's `resubmitted`.",
  })
  resubmitted(@Root() hda: HdaNode, @Ctx() ctx: RequestContext): Promise<boolean> | boolean {
    // Read along with the dataset (no statement of its own); a dataset a mutation just wrote is looked up.
    return hda.resubmitted ?? ctx.loaders.get(hdaResubmitted).load(hda.view.id);
  }

  @FieldResolver(() => [String])
  tags(@Root() hda: HdaNode, @Ctx() ctx: RequestContext): Promise<string[]> | string[] {
    return hda.tags ?? ctx.loaders.get(hdaTags).load(hda.view.id);
  }

  @FieldResolver(() => DatasetRoleIdsType, {
    nullable: true,
    description: "Role ids of its access and manage permissions (the platform's `permissions`); null when the caller may not read the dataset.",
  })
  async permissions(@Root() hda: HdaNode, @Ctx() ctx: RequestContext): Promise<{ access: string[]; manage: string[] } | null> {
    if (!hda.accessible) return null;
    const roles = (isDetailed(hda.view) && hda.view.permissions) || (await ctx.loaders.get(datasetRolesById).load(hda.view.dataset.id));
    return { access: roles.access.map((id) => encoded(ctx, id)), manage: roles.manage.map((id) => encoded(ctx, id)) };
  }

  @FieldResolver(() => HistoryType)
  async history(@Root() hda: HdaNode, @Ctx() ctx: RequestContext): Promise<History> {
    const history = await ctx.loaders.get(historyById).load(hda.view.history.id);
    if (!history) throw new Error(`history ${hda.view.history.id} of dataset ${hda.view.id} is missing`);
    // A public dataset is readable by id; its history keeps its own rules.
    if (!mayReadHistory(ctx.caller, history)) throw errors.notAccessible('History is not accessible by the current user');
    return history;
  }

  @FieldResolver(() => JobType, { nullable: true, description: 'The job that created it (when the caller may see that job and read the dataset).' })
  async creatingJob(@Root() hda: HdaNode, @Ctx() ctx: RequestContext): Promise<JobView | null> {
    if (!hda.accessible) return null;
    const job = await ctx.loaders.get(creatingJobByHdaId).load(hda.view.id);
    return job && mayViewJob(ctx.caller, job) ? job : null;
  }
}
