import type { EntityManager } from '@mikro-orm/postgresql';

/** The advisory-lock namespace of depot repositories (any constant of the depot's own). */
const LOCK_SPACE = 9009;

/**
 * Runs `work` in a transaction holding the repository's advisory lock: writers of one repository
 * (uploads, metadata runs, imports) take turns, across every process on the database. The lock
 * goes with the transaction.
 */
export function withRepositoryLock<T>(em: EntityManager, repositoryId: number, work: (em: EntityManager) => Promise<T>): Promise<T> {
  return em.transactional(async (trx) => {
    await trx.execute('select pg_advisory_xact_lock(?, ?)', [LOCK_SPACE, repositoryId]);
    return work(trx);
  });
}
