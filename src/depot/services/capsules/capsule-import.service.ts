import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Caller } from '../../../context/caller';
import { sql } from '../../../db/sql/sql-statement';
import { AppError, errors } from '../../../errors/error-kinds';
import { extractArchive, linkTargetInside } from '../../../histories-archive/safe-extract';
import type { TaskRecord } from '../../../entities/background-task.entity';
import { enqueueTask } from '../../../tasks/task-queue';
import { type DepotCoreServices, DepotServiceContext } from '../../context/depot-service-context';
import type { TaskRunner } from '../../../tasks/task-runner';
import type { MetadataService } from '../metadata/metadata.service';
import type { RepositoryService } from '../repositories/repository.service';
import { Category } from '../../entities/category.entity';
import { Changeset } from '../../entities/changeset.entity';
import { DEPOT_TASKS } from '../../entities/depot-task.entity';
import { DepotUser } from '../../entities/depot-user.entity';
import { REPOSITORY_TYPES, type RepositoryType, Repository } from '../../entities/repository.entity';
import { GitRepository, SYMLINK_MODE } from '../../vcs/git-repository';
import { insertRepository } from '../repositories/repository.service';
import { repositoryNameProblem } from '../repositories/repository-name';
import { readRepositoryByName } from '../repositories/repository-view';
import { METADATA_TASK, type MetadataTaskPayload } from '../metadata/metadata-task';
import { unpackUpload } from '../revisions/upload-tree';
import { depotUrlOf } from '../shared/depot-url';
import { checkExportInfo, type ManifestRepository, parseManifest } from './capsule-format';
import { capsuleFile } from './capsule-paths';

/** Capsule imports run as durable tasks of the depot's queue; the route waits for the answer. */
export const CAPSULE_IMPORT_TASK = 'depot.capsule_import';

export interface CapsuleImportPayload {
  path: string;
  capsuleFileName: string;
  userId: number | null;
  isAdmin: boolean;
  depotUrl: string;
}

/** The platform's answer: a text naming each archive -> what became of it. */
export type ImportAnswer = Record<string, string>;

const TASK_STATE = sql<{ state: string; result: { answer?: ImportAnswer } | null; error: string | null }>('depot_task_state', 'select state, result, error from depot.background_task where id = $1');

/** Members of a capsule at most (archives and bundles of its repositories, two files more). */
const MAX_CAPSULE_MEMBERS = 10_000;

interface ImportedRevision {
  ctxRev: number;
  commit: string;
  message: string;
}

/**
 * `POST /api/repositories/new/import_capsule`: the repositories of a capsule the depot can read
 * (under DEPOT_CAPSULE_DIRS), each created when it does not exist and the caller may (an
 * administrator, or the owner named in the manifest), with every revision its bundle holds (else
 * the archive's files as one revision).
 */
export class CapsuleImportService {
  constructor(
    private readonly waitSeconds: number,
    private readonly tasks: TaskRunner,
    private readonly repositories: RepositoryService,
    private readonly metadata: MetadataService,
  ) {}

  async import(ctx: DepotServiceContext, depotUrl: string | null | undefined, capsuleFileName: string | null | undefined): Promise<ImportAnswer> {
    ctx.caller.requireIdentity();
    if (!depotUrl) throw errors.missing("Missing required parameter 'depot_url'.");
    if (!capsuleFileName) throw errors.missing("Missing required parameter 'capsule_file_name'.");
    const { config, layout } = ctx.services;
    const path = capsuleFile(config.capsuleDirs, layout.capsules, capsuleFileName);
    const payload: CapsuleImportPayload = { path, capsuleFileName, userId: ctx.caller.userId, isAdmin: ctx.caller.isAdmin, depotUrl: depotUrlOf(ctx) };
    const task = await enqueueTask(ctx.em, CAPSULE_IMPORT_TASK, { ...payload }, DEPOT_TASKS);
    this.tasks.notify();
    return this.answerOf(ctx, task.id);
  }

  private async answerOf(ctx: DepotServiceContext, taskId: number): Promise<ImportAnswer> {
    const deadline = Date.now() + this.waitSeconds * 1000;
    for (let pause = 25; ; pause = Math.min(pause * 2, 500)) {
      const row = await ctx.one(TASK_STATE, [taskId]);
      if (row?.state === 'done') return row.result?.answer ?? {};
      if (row?.state === 'failed') {
        ctx.log.error({ taskId, error: row.error }, 'capsule import failed');
        throw new AppError('InternalServerError', 'The capsule could not be imported.');
      }
      if (Date.now() >= deadline) throw new AppError('InternalServerError', 'The capsule import did not finish in time; it goes on in the background.');
      this.tasks.notify();
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  /** The task: the import as the caller who asked for it. */
  async run(services: DepotCoreServices, em: EntityManager, payload: CapsuleImportPayload): Promise<ImportAnswer> {
    const user = payload.userId === null ? null : await em.findOne(DepotUser, { id: payload.userId });
    const caller = user ? Caller.ofUser({ id: user.id, email: user.email, username: user.username }, payload.isAdmin) : Caller.master();
    const ctx = new DepotServiceContext(em, caller, services, services.log);
    return this.importFile(ctx, payload);
  }

  /** `{}` for a file that is empty, unreadable or not a valid capsule (the platform's answer). */
  private async importFile(ctx: DepotServiceContext, payload: CapsuleImportPayload): Promise<ImportAnswer> {
    const file = await stat(payload.path).catch(() => null);
    if (!file?.isFile() || file.size === 0) return {};
    const scratch = join(ctx.services.layout.tmp, `import-${randomBytes(8).toString('hex')}`);
    try {
      const dir = join(scratch, 'capsule');
      try {
        await extractArchive(payload.path, dir, { maxTotalBytes: ctx.services.config.maxUploadBytes, maxMembers: MAX_CAPSULE_MEMBERS });
      } catch (error) {
        ctx.log.info({ err: error, capsule: payload.capsuleFileName }, 'capsule unreadable');
        return {};
      }
      let manifest: ManifestRepository[];
      try {
        checkExportInfo(await readFile(join(dir, 'export_info.xml'), 'utf8'));
        manifest = parseManifest(await readFile(join(dir, 'manifest.xml'), 'utf8'));
      } catch (error) {
        ctx.log.info({ err: error, capsule: payload.capsuleFileName }, 'capsule invalid');
        return {};
      }
      if (manifest.some((entry) => !existsSync(join(dir, entry.archive)) || (entry.bundle !== null && !existsSync(join(dir, entry.bundle))))) return {};
      const answer: ImportAnswer = {};
      for (const entry of manifest) {
        answer[`Archive of repository "${entry.name}" owned by "${entry.owner}"`] = await this.importOne(ctx, entry, dir, scratch, payload);
      }
      return answer;
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }

  private async importOne(ctx: DepotServiceContext, entry: ManifestRepository, dir: string, scratch: string, payload: CapsuleImportPayload): Promise<string> {
    const existing = await readRepositoryByName(ctx, entry.name, entry.owner);
    const status = existing
      ? existing.deleted
        ? 'Exists, deleted'
        : existing.deprecated
          ? 'Exists, deprecated'
          : 'Exists'
      : ctx.caller.isAdmin || ctx.caller.user?.username === entry.owner
        ? null
        : 'Not authorized to import';
    if (status) return `Import not necessary: repository status for this Tool Shed is: ${status}.`;
    const owner = await ctx.em.findOne(DepotUser, { username: entry.owner });
    if (!owner) return `Import failed: repository owner "${entry.owner}" does not have an account in this Tool Shed.`;
    const nameProblem = repositoryNameProblem(entry.name);
    if (nameProblem) return `Import failed: ${nameProblem}`;
    if (!REPOSITORY_TYPES.includes(entry.type as RepositoryType)) return `Import failed: the repository type "${entry.type}" is not valid.`;

    let message = '';
    const categories = entry.categories.length ? await ctx.em.find(Category, { name: { $in: entry.categories } }) : [];
    for (const name of entry.categories) {
      if (!categories.some((category) => category.name === name)) message += `This Tool Shed does not have the category "${name}" so it will not be associated with this repository.`;
    }
    const { layout } = ctx.services;
    try {
      const repository = await this.repositories.withNewRepository(ctx, async (em, created) => {
        const row = await insertRepository(em, layout, {
          name: entry.name,
          type: entry.type as RepositoryType,
          userId: owner.id,
          description: entry.description,
          longDescription: entry.longDescription,
          categories,
        });
        created(row.id);
        const git = new GitRepository(layout.repositoryDir(row.id));
        const work = join(scratch, `repository-${row.id}`);
        await mkdir(work, { recursive: true });
        const revisions = entry.bundle
          ? await importBundle(git, join(dir, entry.bundle), entry.changesetRevision)
          : await importArchive(ctx, git, join(dir, entry.archive), work, `Imported from capsule ${payload.capsuleFileName}`, owner);
        for (const revision of revisions) {
          em.create(Changeset, {
            repository: em.getReference(Repository, row.id),
            ctxRev: revision.ctxRev,
            changesetRevision: revision.commit.slice(0, 12),
            commitHash: revision.commit,
            commitMessage: revision.message,
            user: em.getReference(DepotUser, owner.id),
            metadata: null,
            metadataError: null,
          });
        }
        await em.flush();
        // Durable: should this process stop before the metadata below, the task computes it.
        const task: MetadataTaskPayload = { repositoryId: row.id, depotUrl: payload.depotUrl };
        await enqueueTask(em, METADATA_TASK, { ...task }, DEPOT_TASKS);
        return row.id;
      });
      // The metadata now, in order: repositories imported next may depend on this one.
      await this.metadata.refresh(ctx.em, repository.id, payload.depotUrl);
      return `${message}Repository "${entry.name}" has been created.`;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      ctx.log.warn({ err: error, repository: entry.name, owner: entry.owner }, 'capsule repository not imported');
      return `${message}Import failed: ${reason}`;
    }
  }
}

/** Every revision of a bundle up to the exported changeset, checked like an upload (no link pointing outside). */
async function importBundle(git: GitRepository, bundle: string, changesetRevision: string): Promise<ImportedRevision[]> {
  const head = await git.fetchBundle(bundle);
  if (!head.startsWith(changesetRevision)) throw new Error(`the bundle ends at ${head.slice(0, 12)}, not at the exported changeset ${changesetRevision}`);
  const line = await git.lineOf(head);
  for (const { commit } of line) {
    for (const entry of await git.files(commit)) {
      if (entry.mode === '160000') throw new Error(`revision ${commit.slice(0, 12)} holds a submodule (${entry.path})`);
      if (entry.mode === SYMLINK_MODE) linkTargetInside(entry.path, (await git.blob(entry.blob)).toString('utf8'));
    }
  }
  await git.moveBranch(head, null);
  return line.map((revision, ctxRev) => ({ ctxRev, commit: revision.commit, message: revision.message }));
}

/** The archive's files as the repository's one revision (a capsule of the original platform has no bundle). */
async function importArchive(ctx: DepotServiceContext, git: GitRepository, archive: string, work: string, message: string, owner: DepotUser): Promise<ImportedRevision[]> {
  const tree = join(work, 'tree');
  await mkdir(tree, { recursive: true });
  await unpackUpload(archive, tree, ctx.services.config.maxUploadBytes);
  const treeHash = await git.writeTree(tree, join(work, 'index'));
  const commit = await git.commitTree(treeHash, null, message, { name: owner.username, email: owner.email });
  await git.moveBranch(commit, null);
  return [{ ctxRev: 0, commit, message }];
}

/** What the import task uses: the core, and the import service it runs. */
export interface CapsuleImportTaskServices extends DepotCoreServices {
  capsuleImports: CapsuleImportService;
}

export function capsuleImportTaskHandler(services: CapsuleImportTaskServices) {
  return async (task: TaskRecord, em: EntityManager): Promise<Record<string, unknown>> => ({
    answer: await services.capsuleImports.run(services, em, task.payload as unknown as CapsuleImportPayload),
  });
}
