import type { EntityManager } from '@mikro-orm/postgresql';
import { RepositoryMetadata } from '../../entities/repository-metadata.entity';
import { Repository } from '../../entities/repository.entity';
import { keepsEverythingOf } from '../../metadata/compare-metadata';
import { flagsOf, isInstallable, type RevisionMetadata } from '../../metadata/metadata-types';

export interface ComputedRevision {
  ctxRev: number;
  changesetRevision: string;
  metadata: RevisionMetadata;
}

/**
 * Applies one revision's metadata to the repository's installable revisions (inside the
 * repository's lock, revisions in order): a revision with nothing to install adds nothing; one
 * that keeps everything of the latest record moves that record forward (the platform updates the
 * record to the new changeset); anything else is a new installable record.
 */
export async function applyRevision(em: EntityManager, repositoryId: number, revision: ComputedRevision): Promise<'none' | 'superseded' | 'added'> {
  if (!isInstallable(revision.metadata)) return 'none';
  const latest = await em.findOne(RepositoryMetadata, { repository: repositoryId }, { orderBy: { ctxRev: 'desc' } });
  const fields = { changesetRevision: revision.changesetRevision, ctxRev: revision.ctxRev, metadata: revision.metadata as Record<string, unknown>, ...flagsOf(revision.metadata) };
  if (latest && latest.ctxRev < revision.ctxRev && keepsEverythingOf(revision.metadata, latest.metadata as RevisionMetadata)) {
    em.assign(latest, fields);
    await em.flush();
    return 'superseded';
  }
  if (latest && latest.ctxRev >= revision.ctxRev) return 'none';
  em.create(RepositoryMetadata, { repository: em.getReference(Repository, repositoryId), ...fields, timeLastTested: null, toolTestResults: null });
  await em.flush();
  return 'added';
}
