import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { FileUpload } from 'graphql-upload-minimal';
import type { RequestContext } from '../../context/request-context';
import { storeUpload } from '../../services/tools';
import { Access } from '../shared/access';
import { UploadScalar } from '../shared/scalars';

/** The job files API (GET/POST /api/jobs/{id}/files) for runners, authorised by job_key. */
@Resolver()
export class JobFilesResolver {
  @Query(() => String, { description: 'The server path to stream, after the job_key and path checks.' })
  @Access('job_key')
  jobFileToRead(
    @Ctx() ctx: RequestContext,
    @Arg('jobId', () => String) jobId: string,
    @Arg('path', () => String, { nullable: true }) path?: string,
    @Arg('jobKey', () => String, { nullable: true }) jobKey?: string,
  ): Promise<string> {
    return ctx.services.jobFiles.pathToRead(ctx, { jobId, path, jobKey });
  }

  @Mutation(() => String, { description: "Stores a file for a running job; answers 'ok'." })
  @Access('job_key')
  async writeJobFile(
    @Ctx() ctx: RequestContext,
    @Arg('jobId', () => String) jobId: string,
    @Arg('path', () => String, { nullable: true }) path?: string,
    @Arg('jobKey', () => String, { nullable: true }) jobKey?: string,
    @Arg('file', () => UploadScalar, { nullable: true }) file?: Promise<FileUpload>,
    @Arg('uploadStorePath', () => String, { nullable: true, description: "A file an upload front-end stored (__file_path)." }) uploadStorePath?: string,
  ): Promise<string> {
    await ctx.services.jobFiles.write(ctx, { jobId, path, jobKey }, async () => {
      if (uploadStorePath) return ctx.services.jobFiles.checkUploadStorePath(ctx, uploadStorePath);
      if (file) return (await storeUpload(file, ctx.services.layout.uploadStore, ctx.services.config.maxUploadBytes)).path;
      return null;
    });
    return 'ok';
  }
}
