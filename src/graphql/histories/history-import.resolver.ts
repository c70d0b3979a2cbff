import { Arg, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { FileUpload } from 'graphql-upload-minimal';
import type { RequestContext } from '../../context/request-context';
import type { BackgroundTask } from '../../entities/background-task.entity';
import type { ImportProgress } from '../../services/histories';
import { storeUpload } from '../../services/tools';
import { errors } from '../../errors/error-kinds';
import { Access } from '../shared/access';
import { UploadScalar } from '../shared/scalars';

@ObjectType('HistoryImportProgress', { description: 'Where an import of a history archive is, for a screen that follows it.' })
export class HistoryImportProgressType {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: "'queued', 'running', 'done' (historyId set) or 'failed' (error set)." })
  state!: string;

  @Field(() => String, { description: 'The URL, or the name of the uploaded file.' })
  source!: string;

  @Field(() => ID, { nullable: true, description: 'The new history, once done.' })
  historyId!: string | null;

  @Field(() => Int, { nullable: true, description: 'Datasets the new history received, once done.' })
  datasets!: number | null;

  @Field(() => String, { nullable: true })
  error!: string | null;
}

const queued = (ctx: RequestContext, task: BackgroundTask, source: string): ImportProgress => ({
  id: ctx.services.ids.encode(task.id),
  state: task.state,
  source,
  historyId: null,
  datasets: null,
  error: null,
});

/** The web UI's imports of history archives (an uploaded file or a URL), followed until the new history exists. */
@Resolver()
export class HistoryImportResolver {
  @Mutation(() => HistoryImportProgressType, {
    description: 'Imports an exported history archive (an uploaded file, or an http(s) URL) as a new history of the caller, in the background, tried once.',
  })
  @Access('user')
  async importHistoryArchive(
    @Ctx() ctx: RequestContext,
    @Arg('file', () => UploadScalar, { nullable: true }) file?: Promise<FileUpload>,
    @Arg('url', () => String, { nullable: true }) url?: string,
  ): Promise<ImportProgress> {
    ctx.caller.requireUser();
    if (file && url) throw errors.invalid('Give either a file or a URL, not both.');
    if (file) {
      const stored = await storeUpload(file, ctx.services.layout.uploadStore, ctx.services.config.maxUploadBytes);
      return queued(ctx, await ctx.services.historyImports.queueUploaded(ctx, stored), stored.name);
    }
    if (!url?.trim()) throw errors.missing('Give an archive file or its URL.');
    return queued(ctx, await ctx.services.historyImports.queueFollowed(ctx, url), url.trim());
  }

  @Query(() => HistoryImportProgressType, { description: "Where one of the caller's history imports is." })
  @Access('user')
  historyImport(@Ctx() ctx: RequestContext, @Arg('id', () => ID) id: string): Promise<ImportProgress> {
    return ctx.services.historyImports.progress(ctx, id);
  }
}
