import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../context/request-context';
import { datasetProvenance, type ProvenanceRecord } from '../../services/jobs';
import { Access } from '../shared/access';
import { JSONObjectScalar } from '../shared/scalars';

/** How a history dataset was made, in the platform's provenance form (GET …/contents/{id}/provenance). */
@Resolver()
export class ProvenanceResolver {
  @Query(() => JSONObjectScalar, {
    description: "The creating job of a readable history dataset: tool_id, job_id, parameters (raw), stdout, stderr; follow: inputs' own provenance, recursively.",
  })
  @Access('user')
  datasetProvenance(
    @Ctx() ctx: RequestContext,
    @Arg('historyId', () => ID) historyId: string,
    @Arg('id', () => ID) id: string,
    @Arg('follow', () => Boolean, { defaultValue: false }) follow: boolean,
  ): Promise<ProvenanceRecord> {
    return datasetProvenance(ctx, historyId, id, follow);
  }
}
