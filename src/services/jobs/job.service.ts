import type { ServiceContext } from '../../context/service-context';
import { Job } from '../../entities/job.entity';
import { AppError, errors } from '../../errors/error-kinds';
import { IdDecodeError } from '../../ids/id-codec';
import { decodeId, parseDateBound } from '../shared';
import { mayViewJob } from './job-access';
import { inputsByJobId, metricsByJobId, outputsByJobId } from './job.loaders';
import { type JobDatasetLinkView, type JobListQuery, type JobParts, type JobView, jobViewsInBatches, loadJobLinks, loadJobViews, NO_JOB_PARTS, readJob } from './job-view';
import type { HdaService } from '../datasets';
import type { LibraryDatasetLookup } from '../datasets';
import type { ToolCatalogService } from '../tools';

export interface JobListFilter {
  states?: string[];
  toolIds?: string[];
  toolIdLike?: string[];
  historyId?: string;
  dateRangeMin?: string[];
  dateRangeMax?: string[];
  orderBy?: string;
}

export interface JobSearch {
  toolId?: string;
  inputs?: unknown;
  states?: string[];
}

/** States a search matches by default. */
const SEARCH_STATES = ['running', 'queued', 'waiting', 'ok'];

/** Jobs: listing, show, their datasets and search. Job files and runners have their own services. */
export class JobService {
  constructor(private readonly hdas: HdaService, private readonly libraryDatasets: LibraryDatasetLookup, private readonly tools: ToolCatalogService) {}

  /** Repeated values of one filter are alternatives; filters combine with AND. Newest first. */
  async list(ctx: ServiceContext, filter: JobListFilter): Promise<JobView[]> {
    return loadJobViews(ctx, listQuery(ctx, filter));
  }

  /**
   * The same listing in batches as they are read (one statement, owner emails along): everything
   * that can refuse the request is decided before the first batch.
   */
  listInBatches(ctx: ServiceContext, filter: JobListFilter, batchSize: number): AsyncGenerator<JobView[], void, undefined> {
    return jobViewsInBatches(ctx, listQuery(ctx, filter), batchSize);
  }

  /**
   * A job the caller may see (one statement, with the parts the reader will ask the loaders for);
   * others' jobs are reported as not found.
   */
  async show(ctx: ServiceContext, encodedId: string, parts: JobParts = NO_JOB_PARTS): Promise<JobView> {
    ctx.caller.requireIdentity();
    const id = decodeId(ctx, encodedId, () => errors.malformedId());
    const read = await readJob(ctx, id, parts);
    if (!read || !mayViewJob(ctx.caller, read.job)) throw errors.notFound(`No Job found with id: ${encodedId}`);
    if (read.inputs) ctx.loaders.get(inputsByJobId).prime(id, read.inputs);
    if (read.outputs) ctx.loaders.get(outputsByJobId).prime(id, read.outputs);
    if (read.metrics) ctx.loaders.get(metricsByJobId).prime(id, read.metrics);
    return read.job;
  }

  async inputs(ctx: ServiceContext, encodedId: string): Promise<JobDatasetLinkView[]> {
    const job = await this.show(ctx, encodedId);
    return loadJobLinks(ctx, 'inputs', [job.id]);
  }

  async outputs(ctx: ServiceContext, encodedId: string): Promise<JobDatasetLinkView[]> {
    const job = await this.show(ctx, encodedId);
    return loadJobLinks(ctx, 'outputs', [job.id]);
  }

  /** Jobs are not submitted through this API: tools are run with POST /api/tools. */
  refuseCreation(ctx: ServiceContext): never {
    ctx.caller.requireIdentity();
    throw new AppError('NotImplemented', 'Please POST to /api/tools instead.');
  }

  /**
   * The caller's earlier jobs of a tool with the same parameters and the same input datasets (as
   * underlying files, so copies match), none of whose outputs is deleted.
   */
  async search(ctx: ServiceContext, search: JobSearch): Promise<Job[]> {
    const user = ctx.caller.requireUser();
    if (!search.toolId) throw errors.missingAttribute('No tool id');
    this.tools.find(search.toolId);
    if (search.inputs === undefined || search.inputs === null) throw errors.missingAttribute('No inputs defined');
    if (typeof search.inputs !== 'object' || Array.isArray(search.inputs)) throw errors.invalidAttribute('inputs must be an object');
    const knex = ctx.em.getKnex();
    const query = knex('job as j').select('j.id').where('j.tool_id', search.toolId).andWhere('j.user_id', user.id);
    query.whereIn('j.state', search.states?.length ? search.states : SEARCH_STATES);
    for (const [name, value] of Object.entries(search.inputs as Record<string, unknown>)) {
      if (value && typeof value === 'object' && !Array.isArray(value) && 'id' in value) {
        const ref = value as { id: unknown; src?: unknown };
        const datasetId = await this.searchedDatasetId(ctx, ref.src ?? 'hda', String(ref.id));
        query.whereExists((sub) => {
          sub
            .select(knex.raw('1'))
            .from('job_to_input_dataset as ji')
            .join('history_dataset_association as h', 'h.id', 'ji.hda_id')
            .whereRaw('ji.job_id = j.id')
            .andWhere('ji.name', name)
            .andWhere('h.deleted', false)
            .andWhere('h.dataset_id', datasetId);
        });
      } else {
        query.whereRaw('j.params ->> ? = ?', [name, typeof value === 'string' ? value : JSON.stringify(value)]);
      }
    }
    query.whereNotExists((sub) => {
      sub
        .select(knex.raw('1'))
        .from('job_to_output_dataset as jo')
        .join('history_dataset_association as h', 'h.id', 'jo.hda_id')
        .whereRaw('jo.job_id = j.id')
        .andWhere('h.deleted', true);
    });
    const rows = await ctx.em.execute<Array<{ id: number }>>(query.orderBy('j.id', 'desc'));
    if (rows.length === 0) return [];
    return ctx.em.find(Job, { id: { $in: rows.map((row) => Number(row.id)) } }, { orderBy: { id: 'desc' } });
  }

  /**
   * The file behind a searched input: a history dataset (`hda`) or a library dataset version (`ldda`,
   * which tools read through the history dataset it was imported as, sharing its file).
   */
  private async searchedDatasetId(ctx: ServiceContext, src: unknown, encodedId: string): Promise<number> {
    const notFound = () => errors.notFound(`Dataset ${encodedId} not found`);
    const found = src === 'hda' ? this.hdas.findReadable(ctx, encodedId) : src === 'ldda' ? this.libraryDatasets.findAccessibleVersion(ctx, 'ldda', encodedId) : null;
    if (!found) throw notFound();
    const dataset = await found.catch((error: unknown) => {
      if (error instanceof AppError && error.kind !== 'MalformedId') throw notFound();
      throw error;
    });
    return dataset.dataset.id;
  }
}

/** The listing's query: the caller's jobs (administrators: all); refuses a caller without identity and a malformed history id. */
function listQuery(ctx: ServiceContext, filter: JobListFilter): JobListQuery {
  ctx.caller.requireIdentity();
  let historyIds: number[] | null = null;
  if (filter.historyId) {
    try {
      historyIds = [ctx.services.ids.decode(filter.historyId)];
    } catch (error) {
      if (error instanceof IdDecodeError) throw new AppError('ObjectAttributeInvalidException');
      throw error;
    }
  }
  const some = <T>(values: T[] | undefined): T[] | null => (values?.length ? values : null);
  return {
    userId: ctx.caller.isAdmin ? null : ctx.caller.requireUser().id,
    historyIds,
    states: some(filter.states),
    toolIds: some(filter.toolIds),
    toolIdLike: some(filter.toolIdLike),
    updatedFrom: some(filter.dateRangeMin?.map((d) => parseDateBound(d, 'min'))),
    updatedBefore: some(filter.dateRangeMax?.map((d) => parseDateBound(d, 'max'))),
    orderBy: filter.orderBy === 'create_time' ? 'create_time' : 'update_time',
  };
}
