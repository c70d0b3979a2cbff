import type { EntityManager } from '@mikro-orm/postgresql';
import { JobInputDataset, JobOutputDataset } from '../entities/job-dataset.entity';
import { Job } from '../entities/job.entity';

/**
 * A job with its input and output history datasets (and their datasets) loaded, fresh from the
 * database: a long run's EntityManager must see a state another process changed meanwhile.
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
    em.find(JobOutputDataset, { job: jobId }, { populate: ['hda', 'hda.dataset'], orderBy: { id: 'asc' }, refresh: true }),
  ]);
  return { job, inputs, outputs };
}
