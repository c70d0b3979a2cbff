import { realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { basename, dirname, resolve, sep } from 'node:path';
import type { ServiceContext } from '../../context/service-context';
import { JobInputDataset, JobOutputDataset } from '../../entities/job-dataset.entity';
import { FINISHED_JOB_STATES, Job } from '../../entities/job.entity';
import { AppError, errors } from '../../errors/error-kinds';
import { IdDecodeError } from '../../ids/id-codec';
import { moveFileAtomically } from '../../storage/atomic-write';
import { secretsEqual } from '../../auth/secrets';

export interface JobFileRequest {
  jobId: string;
  path?: string | null;
  jobKey?: string | null;
}

const inside = (path: string, dir: string) => path === dir || path.startsWith(dir + sep);

/**
 * Resolves symlinks in the part of a path that exists: the deepest existing ancestor is resolved
 * and the missing rest appended (the file, and directories a write would create, may not exist yet).
 */
async function resolveExisting(path: string): Promise<string> {
  const absolute = resolve(path);
  const missing: string[] = [];
  let existing = absolute;
  for (;;) {
    try {
      return resolve(await realpath(existing), ...missing);
    } catch {
      const parent = dirname(existing);
      if (parent === existing) return absolute;
      missing.unshift(basename(existing));
      existing = parent;
    }
  }
}

/**
 * The job files API for job runners (sessionless, authenticated by `job_key` = the job id encoded
 * with the `jobs_files` kind). Reads are limited to the job's own files; writes to its outputs,
 * their extra files, its job directory, and `GALAXY_VERSION_*` files in the scratch directory.
 */
export class JobFilesService {
  /** The file to stream for GET. */
  async pathToRead(ctx: ServiceContext, request: JobFileRequest): Promise<string> {
    const { job, path } = await this.authorize(ctx, request);
    // Access first, existence second: a refusal must not tell whether a file exists elsewhere.
    const real = await resolveExisting(path);
    const allowed = await this.readableRoots(ctx, job);
    if (!allowed.some((root) => inside(real, root))) throw errors.notAccessible('Job is not authorized to read the supplied path.');
    if (!(await realpath(real).catch(() => null))) throw errors.notFound(`No file at ${path}`);
    return real;
  }

  /**
   * Stores a received file at the requested path. The checks come first; `source` then yields the
   * file on local disk (a received upload, or a file of the upload store), which is moved into place.
   */
  async write(ctx: ServiceContext, request: JobFileRequest, source: () => Promise<string | null>): Promise<void> {
    const { job, path } = await this.authorize(ctx, request);
    const target = await resolveExisting(path);
    const allowed = await this.writableTargets(ctx, job);
    const ok =
      allowed.files.includes(target) ||
      allowed.dirs.some((dir) => inside(target, dir) && target !== dir) ||
      (inside(target, allowed.scratch) && basename(target).startsWith('GALAXY_VERSION_'));
    if (!ok) throw errors.notAccessible('Job is not authorized to write to supplied path.');
    const file = await source();
    if (!file) throw errors.missingAttribute("Job files action requires a 'file'.");
    await moveFileAtomically(file, target);
  }

  /** `__file_path`: a file an upload front-end already stored must lie in the upload store. */
  checkUploadStorePath(ctx: ServiceContext, filePath: string): string {
    const store = realpathSync(ctx.services.layout.uploadStore);
    let real: string;
    try {
      real = realpathSync(filePath);
    } catch {
      throw errors.notAccessible('Invalid __file_path specified.');
    }
    if (!inside(real, store)) throw errors.notAccessible('Invalid __file_path specified.');
    return real;
  }

  private async authorize(ctx: ServiceContext, request: JobFileRequest): Promise<{ job: Job; path: string }> {
    if (!request.path) throw errors.missingAttribute("Job files action requires a valid 'path'.");
    if (!request.jobKey) throw errors.missingAttribute("Job files action requires a valid 'job_key'.");
    let id: number;
    try {
      id = ctx.services.ids.decode(request.jobId);
    } catch (error) {
      if (error instanceof IdDecodeError) throw errors.malformedId(`Malformed id ( ${request.jobId} ) specified, unable to decode`, { id: request.jobId });
      throw error;
    }
    const expected = ctx.services.ids.encode(id, 'jobs_files');
    if (!secretsEqual(request.jobKey, expected)) throw errors.notAccessible('Invalid job_key supplied.');
    const job = await ctx.em.findOne(Job, { id });
    if (!job) throw errors.notFound(`No Job found with id: ${request.jobId}`);
    if (FINISHED_JOB_STATES.includes(job.state)) {
      throw new AppError('ItemAccessibilityException', 'Attempting to read or modify the files of a job that has already completed.');
    }
    return { job, path: request.path };
  }

  private async readableRoots(ctx: ServiceContext, job: Job): Promise<string[]> {
    const store = ctx.services.layout.objects;
    const inputs = await ctx.em.find(JobInputDataset, { job }, { populate: ['hda', 'hda.dataset'] });
    const outputs = await ctx.em.find(JobOutputDataset, { job }, { populate: ['hda', 'hda.dataset'] });
    const roots = [await resolveExisting(ctx.services.layout.jobDirectory(job.id))];
    for (const link of [...inputs, ...outputs]) {
      if (!link.hda) continue;
      roots.push(await resolveExisting(store.pathOf(link.hda.dataset)));
      roots.push(await resolveExisting(store.extraFilesPathOf(link.hda.dataset)));
    }
    return roots;
  }

  private async writableTargets(ctx: ServiceContext, job: Job): Promise<{ files: string[]; dirs: string[]; scratch: string }> {
    const store = ctx.services.layout.objects;
    const outputs = await ctx.em.find(JobOutputDataset, { job }, { populate: ['hda', 'hda.dataset'] });
    const files: string[] = [];
    const dirs = [await resolveExisting(ctx.services.layout.jobDirectory(job.id))];
    for (const output of outputs) {
      if (!output.hda) continue;
      files.push(await resolveExisting(store.pathOf(output.hda.dataset)));
      dirs.push(await resolveExisting(store.extraFilesPathOf(output.hda.dataset)));
    }
    return { files, dirs, scratch: await realpath(ctx.services.layout.tmp) };
  }
}
