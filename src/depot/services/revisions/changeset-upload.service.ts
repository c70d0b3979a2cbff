import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { FileUpload } from 'graphql-upload-minimal';
import { AppError, errors } from '../../../errors/error-kinds';
import { decodeId } from '../../../services/shared';
import { type LocalFileUpload, storeUpload } from '../../../services/tools';
import { enqueueTask } from '../../../tasks/task-queue';
import type { DepotServiceContext } from '../../context/depot-service-context';
import { Changeset } from '../../entities/changeset.entity';
import { DEPOT_TASKS } from '../../entities/depot-task.entity';
import { DepotUser } from '../../entities/depot-user.entity';
import { Repository } from '../../entities/repository.entity';
import { GitRepository } from '../../vcs/git-repository';
import { withRepositoryLock } from '../../vcs/repository-lock';
import { METADATA_TASK, type MetadataTaskPayload } from '../metadata/metadata-task';
import { depotUrlOf } from '../shared/depot-url';
import { unpackUpload } from './upload-tree';
import type { TaskRunner } from '../../../tasks/task-runner';
import type { MetadataService } from '../metadata/metadata.service';

/** What an upload answers (the platform's `{message, content_alert}`). */
export interface UploadResult {
  message: string;
  contentAlert: string;
  changesetRevision: string;
  ctxRev: number;
}

/** The next revision of a repository, committed under its lock (what the transaction records). */
export interface CommittedRevision {
  commit: string;
  ctxRev: number;
}

/**
 * `POST /api/repositories/{id}/changeset_revision`: a tarball becomes the repository's next
 * revision (a git commit whose tree is exactly the tarball's content). Only the owner uploads.
 */
export class ChangesetUploadService {
  constructor(
    private readonly tasks: TaskRunner,
    private readonly metadata: MetadataService,
  ) {}

  async upload(ctx: DepotServiceContext, encodedId: string, file: Promise<FileUpload> | FileUpload | null | undefined, commitMessage: string | null | undefined): Promise<UploadResult> {
    const user = ctx.caller.requireUser();
    const repositoryId = decodeId(ctx, encodedId, () => errors.malformedId('The given id is invalid.'));
    const repository = await ctx.em.findOne(Repository, { id: repositoryId });
    if (!repository) throw errors.notFound('Unable to locate repository for the given id.');
    if (repository.user.id !== user.id) throw errors.notOwned('Only the owner of a repository may upload revisions to it.');
    if (repository.deleted) throw errors.invalid('The repository is deleted; it takes no new revisions.', { content_alert: '' });
    if (!file) throw errors.missing("Missing required parameter 'file'.", { content_alert: '' });

    const { config, layout } = ctx.services;
    const stored = await storeUpload(file as Promise<LocalFileUpload> | LocalFileUpload, layout.uploadStore, config.maxUploadBytes);
    const scratch = join(layout.tmp, `upload-${randomBytes(8).toString('hex')}`);
    try {
      const tree = join(scratch, 'tree');
      await mkdir(tree, { recursive: true });
      await unpackUpload(stored.path, tree, config.maxUploadBytes);
      const message = (commitMessage ?? '').trim() || 'Uploaded';
      const committed = await this.commit(ctx, repository.id, tree, join(scratch, 'index'), message, user.id);
      this.tasks.notify();
      await this.metadata.waitFor(repository.id, committed.ctxRev);
      return {
        message: `The file '${basename(stored.name)}' has been successfully uploaded to the repository.`,
        contentAlert: '',
        changesetRevision: committed.commit.slice(0, 12),
        ctxRev: committed.ctxRev,
      };
    } finally {
      await rm(scratch, { recursive: true, force: true });
      await rm(stored.path, { force: true });
    }
  }

  /**
   * Under the repository's lock: the tree of `dir` as a commit on top of the branch, its changeset
   * row and a metadata task, then the branch moves. A tree equal to the tip's is refused (400).
   * If the transaction fails after the branch moved, the branch moves back.
   */
  private async commit(ctx: DepotServiceContext, repositoryId: number, dir: string, indexFile: string, message: string, userId: number): Promise<CommittedRevision> {
    const git = new GitRepository(ctx.services.layout.repositoryDir(repositoryId));
    const author = ctx.caller.requireUser();
    // Set once the branch has moved (inside the transaction): what to undo should the commit fail.
    const moved: Array<{ from: string | null; to: string }> = [];
    try {
      return await withRepositoryLock(ctx.em, repositoryId, async (em) => {
        const head = await git.head();
        const tree = await git.writeTree(dir, indexFile);
        if (head !== null && (await git.treeOf(head)) === tree) throw new AppError('RequestParameterInvalidException', 'No changes to repository.', { content_alert: '' });
        const commit = await git.commitTree(tree, head, message, { name: author.username ?? author.email, email: author.email });
        const ctxRev = await em.count(Changeset, { repository: repositoryId });
        em.create(Changeset, {
          repository: em.getReference(Repository, repositoryId),
          ctxRev,
          changesetRevision: commit.slice(0, 12),
          commitHash: commit,
          commitMessage: message,
          user: em.getReference(DepotUser, userId),
          metadata: null,
          metadataError: null,
        });
        await em.flush();
        const payload: MetadataTaskPayload = { repositoryId, depotUrl: depotUrlOf(ctx) };
        await enqueueTask(em, METADATA_TASK, { ...payload }, DEPOT_TASKS);
        await git.moveBranch(commit, head);
        moved.push({ from: head, to: commit });
        return { commit, ctxRev };
      });
    } catch (error) {
      for (const undo of moved) await this.moveBack(git, undo.from, undo.to, ctx);
      throw error;
    }
  }

  private async moveBack(git: GitRepository, from: string | null, to: string, ctx: DepotServiceContext): Promise<void> {
    try {
      if (from === null) await git.deleteBranch(to);
      else await git.moveBranch(from, to);
    } catch (error) {
      ctx.log.error({ err: error, repository: git.dir }, 'could not move the branch back after a failed upload');
    }
  }
}
