import type { EntityManager } from '@mikro-orm/postgresql';
import type { HistoryDatasetAssociation } from '../entities/hda.entity';
import { JobInputDataset, JobOutputDataset } from '../entities/job-dataset.entity';
import { Job } from '../entities/job.entity';
import type { LibraryDatasetDatasetAssociation } from '../entities/library-dataset.entity';

/** What a job writes: a history dataset, or a library dataset version (library uploads). */
export type OutputAssociation = HistoryDatasetAssociation | LibraryDatasetDatasetAssociation;

/** The dataset association an output link points at (null when it was removed since). */
export function outputOf(link: JobOutputDataset): OutputAssociation | null {
  return link.hda ?? link.ldda ?? null;
}

/**
 * A job with its input and output history datasets or library dataset versions (and their datasets)
 * loaded, fresh from the database: a long run's EntityManager must see a state another process
 * changed meanwhile.
 */
export interface LoadedJob {
  job: Job;
  inputs: JobInputDataset[];
  outputs: JobOutputDataset[];
}

export async function loadJob(em: EntityManager, jobId: number): Promise<LoadedJob> {
  const job = await em.findOneOrFail(Job, { id: jobId }, { populate: ['user', 'history'], refresh: true });
  const [inputs, outputs] = await Promise.all([
    em.find(JobInputDataset, { job: jobId }, { populate: ['hda', 'hda.dataset'], orderBy: { id: 'asc' }, refresh: true }),
    em.find(JobOutputDataset, { job: jobId }, { populate: ['hda', 'hda.dataset', 'ldda', 'ldda.dataset'], orderBy: { id: 'asc' }, refresh: true }),
  ]);
  return { job, inputs, outputs };
}

/**
 * `loadJob` into an EntityManager that holds nothing yet (a new fork: nothing to refresh), joined:
 * one statement each for the job, its inputs and its outputs with what they point at.
 */
export async function loadJobFresh(fresh: EntityManager, jobId: number): Promise<LoadedJob> {
  const job = await fresh.findOneOrFail(Job, { id: jobId }, { populate: ['user', 'history'], strategy: 'joined' });
  const [inputs, outputs] = await Promise.all([
    fresh.find(JobInputDataset, { job: jobId }, { populate: ['hda', 'hda.dataset'], orderBy: { id: 'asc' }, strategy: 'joined' }),
    fresh.find(JobOutputDataset, { job: jobId }, { populate: ['hda', 'hda.dataset', 'ldda', 'ldda.dataset'], orderBy: { id: 'asc' }, strategy: 'joined' }),
  ]);
  return { job, inputs, outputs };
}

