import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { type JobView, jobInputCollections, jobParameters, mappedElements, mayReplaceMappedElements, type ParameterNode, rerunFormState } from '../../services/jobs';
import { encoded } from '../shared/encoded-id';
import { JobInputCollectionType, JobParameterType, JobRerunStateType } from './job-details.type';
import { JobType } from './job.type';

/** The job details screen's fields of a job: labelled parameters, collections read, and the state to run it again. */
@Resolver(() => JobType)
export class JobDetailsResolver {
  @FieldResolver(() => String, { nullable: true, description: "The tool's name (null when it is no longer installed)." })
  toolName(@Root() job: JobView, @Ctx() ctx: RequestContext): string | null {
    return ctx.services.tools.registry.get(job.toolId)?.name ?? null;
  }

  @FieldResolver(() => Boolean, { description: 'Whether the tool is still installed (else parameters are listed by their stored names).' })
  toolInstalled(@Root() job: JobView, @Ctx() ctx: RequestContext): boolean {
    return ctx.services.tools.registry.get(job.toolId) !== undefined;
  }

  @FieldResolver(() => [JobParameterType], { description: "The parameters by the tool form's labels, nested as the form nests them." })
  parameters(@Root() job: JobView, @Ctx() ctx: RequestContext): Promise<ParameterNode[]> {
    return jobParameters(ctx, job, ctx.services.tools.registry.get(job.toolId));
  }

  @FieldResolver(() => [JobInputCollectionType], { description: 'The dataset collections the job read, with hid and name.' })
  inputCollections(@Root() job: JobView, @Ctx() ctx: RequestContext): Promise<JobInputCollectionType[]> {
    return jobInputCollections(ctx, job, ctx.services.tools.registry.get(job.toolId));
  }

  @FieldResolver(() => JobRerunStateType, { nullable: true, description: 'The tool form filled in from the job ("Run this job again"); null when the tool is no longer installed or is the upload tool.' })
  async rerunState(@Root() job: JobView, @Ctx() ctx: RequestContext): Promise<JobRerunStateType | null> {
    const tool = ctx.services.tools.registry.get(job.toolId);
    if (!tool || tool.id === 'upload1') return null;
    const { values, repeats } = rerunFormState(tool, job.params);
    const mapped = await mappedElements(ctx, job.id);
    return {
      toolId: tool.id,
      toolVersion: job.toolVersion,
      values,
      repeats,
      mappedElements: mapped.map((element) => ({
        outputName: element.outputName,
        outputDatasetId: encoded(ctx, element.outputHdaId),
        collectionId: encoded(ctx, element.hdcaId),
        historyId: encoded(ctx, element.historyId),
        collectionHid: element.hid,
        collectionName: element.name,
        elementPath: element.path,
      })),
      remappable: mayReplaceMappedElements(ctx.caller.userId, { userId: job.user?.id ?? null, state: job.state }, mapped.length),
    };
  }
}
