import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../../db/sql/sql-statement';
import type { DepotLayout } from '../../app/depot-layout';
import type { DepotConfig } from '../../config/depot-config';
import { Changeset } from '../../entities/changeset.entity';
import { Repository } from '../../entities/repository.entity';
import type { RevisionMetadata } from '../../metadata/metadata-types';
import { computeRevisionMetadata, type RevisionFile } from '../../metadata/revision-metadata';
import type { Database } from '../../../db/database';
import type { Logger } from '../../../logging/logger';
import type { TaskRunner } from '../../../tasks/task-runner';
import { GitRepository } from '../../vcs/git-repository';
import { withRepositoryLock } from '../../vcs/repository-lock';
import { applyRevision } from './installable-records';

interface PendingRow {
  id: number;
  ctxRev: number;
  changesetRevision: string;
  commitHash: string;
}

const PENDING = sql<PendingRow>(
  'depot_changesets_pending',
  `select c.id, c.ctx_rev as "ctxRev", c.changeset_revision as "changesetRevision", c.commit_hash as "commitHash"
     from depot.changeset c where c.repository_id = $1 and c.metadata_state = 'pending' order by c.ctx_rev`,
);

const STATE_OF = sql<{ state: string }>('depot_changeset_state', 'select metadata_state as state from depot.changeset where repository_id = $1 and ctx_rev = $2');

/** The latest installable revision of a repository of this depot (undefined: no such repository). */
const LATEST_INSTALLABLE = sql<{ changeset: string | null }>(
  'depot_latest_installable',
  `select (select m.changeset_revision from depot.repository_metadata m where m.repository_id = r.id and m.downloadable order by m.ctx_rev desc limit 1) as changeset
     from depot.repository r join depot.galaxy_user u on u.id = r.user_id where r.name = $1 and u.username = $2`,
);

/**
 * Metadata of new revisions, computed by a background task: the revision's files are read from
 * git (outside any transaction), then applied in revision order under the repository's lock.
 */
export class MetadataService {
  constructor(
    private readonly db: Database,
    private readonly layout: DepotLayout,
    private readonly config: DepotConfig,
    private readonly tasks: TaskRunner,
    private readonly log: Logger,
  ) {}

  /** Computes and applies every pending revision of the repository; answers how many it applied. */
  async refresh(em: EntityManager, repositoryId: number, depotUrl: string): Promise<number> {
    const repository = await em.findOne(Repository, { id: repositoryId }, { populate: ['user'] });
    if (!repository) return 0;
    const git = new GitRepository(this.layout.repositoryDir(repositoryId));
    let applied = 0;
    for (;;) {
      const pending = await this.db.reader.rows(null, PENDING, [repositoryId]);
      if (pending.length === 0) return applied;
      const computed: Array<PendingRow & { metadata: RevisionMetadata }> = [];
      for (const row of pending) {
        computed.push({ ...row, metadata: await this.compute(em, git, row.commitHash, depotUrl, repository.user.username, repository.name) });
      }
      await withRepositoryLock(em, repositoryId, async (trx) => {
        for (const revision of computed) {
          // Another worker may have applied it meanwhile: each revision is applied once, in order.
          const changeset = await trx.findOne(Changeset, { id: revision.id });
          if (!changeset || changeset.metadataState !== 'pending') continue;
          await applyRevision(trx, repositoryId, revision);
          changeset.metadataState = 'done';
          changeset.metadata = revision.metadata as Record<string, unknown>;
          await trx.flush();
          applied += 1;
        }
      });
    }
  }

  private async compute(em: EntityManager, git: GitRepository, commit: string, depotUrl: string, owner: string, name: string): Promise<RevisionMetadata> {
    const entries = (await git.files(commit)).filter((entry) => entry.mode !== '120000' && entry.mode !== '160000');
    const files: RevisionFile[] = entries.map((entry) => ({ path: entry.path, size: entry.size, read: async () => (await git.blob(entry.blob)).toString('utf8') }));
    return computeRevisionMetadata(files, {
      depotUrl,
      owner,
      name,
      latestInstallable: async (dependencyName, dependencyOwner) => {
        const row = await this.db.reader.one(null, LATEST_INSTALLABLE, [dependencyName, dependencyOwner]);
        return row === null ? undefined : row.changeset;
      },
    });
  }

  /** The task gave up: its waiting revisions are marked failed, with the reason. */
  async markFailed(em: EntityManager, repositoryId: number, error: string): Promise<void> {
    await em.nativeUpdate(Changeset, { repository: repositoryId, metadataState: 'pending' }, { metadataState: 'error', metadataError: error });
  }

  /**
   * Waits (up to DEPOT_METADATA_WAIT_SECONDS) until a revision's metadata is computed, by whichever
   * process runs the task, so an upload answers once its revision is installable.
   */
  async waitFor(repositoryId: number, ctxRev: number): Promise<boolean> {
    const deadline = Date.now() + this.config.metadataWaitSeconds * 1000;
    for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
      const row = await this.db.reader.one(null, STATE_OF, [repositoryId, ctxRev]);
      if (!row || row.state !== 'pending') return true;
      if (Date.now() >= deadline) {
        this.log.warn({ repositoryId, ctxRev }, 'metadata of an uploaded revision not ready yet; answering anyway');
        return false;
      }
      this.tasks.notify();
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
