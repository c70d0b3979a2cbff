import { createWriteStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { errors } from '../../../errors/error-kinds';
import { sql } from '../../../db/sql/sql-statement';
import { writeAtomically } from '../../../storage/atomic-write';
import type { DepotServiceContext } from '../../context/depot-service-context';
import { GitRepository } from '../../vcs/git-repository';

/** A revision's archive, ready to send. */
export interface RevisionArchive {
  path: string;
  fileName: string;
}

const REVISION = sql<{ repositoryId: number; deleted: boolean; commitHash: string | null; changesetRevision: string | null }>(
  'depot_archive_revision',
  `select r.id as "repositoryId", r.deleted, c.commit_hash as "commitHash", c.changeset_revision as "changesetRevision"
     from depot.repository r join depot.galaxy_user u on u.id = r.user_id
     left join depot.changeset c on c.repository_id = r.id and (c.changeset_revision = $3 or c.commit_hash = $3)
    where r.name = $1 and u.username = $2`,
);

/**
 * `GET /repos/{owner}/{name}/archive/{changeset_revision}.tar.gz`: a revision's files as a gzip
 * tar, its members under `<name>-<changeset_revision>/` (as the original's web archives). A
 * revision's archive never changes: it is written once (atomically) and then sent from disk.
 */
export class ArchiveService {
  async prepare(ctx: DepotServiceContext, owner: string, name: string, changesetRevision: string): Promise<RevisionArchive> {
    const row = await ctx.one(REVISION, [name, owner, changesetRevision.toLowerCase()]);
    if (!row || row.deleted) throw errors.notFound(`Unable to locate repository ${name} owned by ${owner}.`);
    if (!row.commitHash || !row.changesetRevision) throw errors.notFound(`Unable to locate changeset revision ${changesetRevision} of repository ${name} owned by ${owner}.`);
    const { layout } = ctx.services;
    const path = join(layout.archives, String(row.repositoryId), `${row.commitHash}.tar.gz`);
    if (!existsSync(path)) {
      const git = new GitRepository(layout.repositoryDir(row.repositoryId));
      const source = git.archive(row.commitHash, `${name}-${row.changesetRevision}/`);
      await writeAtomically(path, (temp) => pipeline(source, createWriteStream(temp)));
    }
    // The platform counts clones; here, archive downloads.
    await ctx.em.execute('update depot.repository set times_downloaded = times_downloaded + 1 where id = ?', [row.repositoryId]);
    return { path, fileName: `${name}-${row.changesetRevision}.tar.gz` };
  }
}
