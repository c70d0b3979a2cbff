import { Arg, Ctx, Field, Float, ID, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import type { ExportProgress, ExportStatus } from '../../services/histories';
import { Access } from '../shared/access';

@ObjectType('HistoryExportStatus')
export class HistoryExportStatusType {
  @Field(() => Boolean, { description: 'False: the archive is being prepared (REST answers 202).' })
  ready!: boolean;

  @Field(() => ID, { nullable: true })
  exportId!: string | null;

  @Field(() => String, { nullable: true })
  downloadUrl!: string | null;
}

@ObjectType('HistoryExportProgress', { description: 'Where an export of a history is, for a screen that follows it.' })
export class HistoryExportProgressType {
  @Field(() => ID)
  exportId!: string;

  @Field(() => String, { description: "'queued', 'running', 'ok' (downloadUrl set) or 'error' (error set)." })
  state!: string;

  @Field(() => String, { nullable: true })
  downloadUrl!: string | null;

  @Field(() => Float, { nullable: true, description: 'Bytes of the ready archive.' })
  fileSize!: number | null;

  @Field(() => String, { nullable: true })
  error!: string | null;
}

@ObjectType('HistoryExportArchive')
export class HistoryExportArchiveType {
  @Field(() => String, { description: 'Server path of the archive (for the download route).' })
  path!: string;

  @Field(() => String)
  filename!: string;

  @Field(() => Boolean)
  gzip!: boolean;
}

@Resolver()
export class HistoryExportResolver {
  @Mutation(() => HistoryExportStatusType, { description: 'The ready, up-to-date export, or a queued one.' })
  @Access('owner')
  exportHistory(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID) id: string,
    @Arg('force', () => Boolean, { nullable: true }) force?: boolean,
    @Arg('gzip', () => Boolean, { nullable: true }) gzip?: boolean,
    @Arg('includeHidden', () => Boolean, { nullable: true }) includeHidden?: boolean,
    @Arg('includeDeleted', () => Boolean, { nullable: true }) includeDeleted?: boolean,
  ): Promise<ExportStatus> {
    return ctx.services.historyExports.request(ctx, id, {
      force: force ?? false,
      gzip: gzip ?? true,
      includeHidden: includeHidden ?? false,
      includeDeleted: includeDeleted ?? false,
    });
  }

  @Query(() => HistoryExportProgressType, { description: "Where one export of the caller's history is." })
  @Access('owner')
  historyExport(@Ctx() ctx: RequestContext, @Arg('historyId', () => ID) historyId: string, @Arg('exportId', () => ID) exportId: string): Promise<ExportProgress> {
    return ctx.services.historyExports.progress(ctx, historyId, exportId);
  }

  @Query(() => HistoryExportArchiveType)
  @Access('owner')
  historyExportArchive(@Ctx() ctx: RequestContext, @Arg('historyId', () => ID) historyId: string, @Arg('exportId', () => ID) exportId: string) {
    return ctx.services.historyExports.archive(ctx, historyId, exportId);
  }
}
