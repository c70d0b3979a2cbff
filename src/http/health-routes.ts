import { readdirSync } from 'node:fs';
import { type Request, type Response, Router } from 'express';
import { PLATFORM_TARGET } from '../../mikro-orm.config';
import type { AppServices } from '../context/app-services';
import { sql } from '../db/sql/sql-statement';
import { unreachableCause } from '../errors/database-errors';

/** How long `/ready` waits for the database before saying it is unreachable. */
const DATABASE_TIMEOUT_MS = 2000;
/** What a 503 of `/ready` tells a load balancer: ask again in this many seconds. */
export const RETRY_AFTER_SECONDS = 5;

/** The newest migration this build carries: `/ready` wants it applied. */
function newestMigration(): string | null {
  try {
    const names = readdirSync(PLATFORM_TARGET.migrationsPath)
      .filter((name) => /^Migration\d+.*\.(ts|js)$/.test(name) && !name.endsWith('.d.ts'))
      .map((name) => name.replace(/\.(ts|js)$/, ''))
      .sort();
    return names.at(-1) ?? null;
  } catch {
    return null;
  }
}

const MIGRATED = sql<{ migrated: boolean }>(
  'ready_migrated',
  `select exists(select 1 from mikro_orm_migrations where name = $1 or name like $1 || '.%') as migrated`,
);

/** A database error as a cause a person reads: its code or kind, never a server path. */
function causeOf(error: unknown): string {
  if (error instanceof Error && error.message === 'timed out') return 'no answer in time';
  return unreachableCause(error) ?? 'connection failed';
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * `GET /health`: the process answers (liveness: restart it when this fails). `GET /ready`: it can
 * serve (readiness: send it traffic): the database answers within 2 s, this build's migrations are
 * applied, the job workers' loop is alive. 200 with each check's `ok`; 503 with `Retry-After` and the
 * failed checks' causes otherwise. Neither needs a key, neither says more than that.
 */
export function healthRoutes(services: Pick<AppServices, 'db' | 'jobEngine'>): Router {
  const router = Router();
  const migration = newestMigration();
  router.get('/health', (_req: Request, res: Response) => {
    res.setHeader('cache-control', 'no-store');
    res.json({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) });
  });
  router.get('/ready', async (_req: Request, res: Response) => {
    const checks: Record<string, string> = {};
    try {
      const [row] = await withTimeout(services.db.reader.rows(null, MIGRATED, [migration ?? '']), DATABASE_TIMEOUT_MS);
      checks.database = 'ok';
      checks.migrations = migration === null || row?.migrated ? 'ok' : `not applied (the newest, ${migration}, is missing)`;
    } catch (error) {
      checks.database = `unreachable (${causeOf(error)})`;
      checks.migrations = 'unknown';
    }
    checks.jobWorkers = services.jobEngine.workersProblem() ?? 'ok';
    const ready = Object.values(checks).every((value) => value === 'ok');
    res.setHeader('cache-control', 'no-store');
    if (!ready) res.setHeader('retry-after', String(RETRY_AFTER_SECONDS));
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable', checks });
  });
  return router;
}
