import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { join } from 'node:path';
import type { PoolAfterCreate } from './src/db/signals';
import { ALL_ENTITIES } from './src/entities';

/** What one application keeps in the database: its entities, its migrations and (the depot) its schema. */
export interface OrmTarget {
  entities: NonNullable<Options['entities']>;
  migrationsPath: string;
  /** A PostgreSQL schema of its own; absent means `public`. */
  schema?: string;
}

export const PLATFORM_TARGET: OrmTarget = { entities: ALL_ENTITIES, migrationsPath: join(__dirname, 'src/db/migrations') };

/**
 * The one ORM configuration, for the embedded server (default, its cluster under DATA_DIR) and any
 * PostgreSQL server (DATABASE_URL) alike: a URL.
 */
export function buildOrmConfig(url: string, overrides: Partial<Options> = {}, afterCreate?: PoolAfterCreate, target: OrmTarget = PLATFORM_TARGET): Options {
  return defineConfig({
    clientUrl: url,
    ...socketOf(url),
    pool: { min: 0, max: 10, afterCreate },
    entities: target.entities,
    ...(target.schema ? { schema: target.schema } : {}),
    // No `extensions: [Migrator]`: the ORM requires @mikro-orm/migrations when a migration runs, so a
    // process (or test file) that starts without migrating never loads it.
    migrations: {
      path: target.migrationsPath,
      glob: '!(*.d).{js,ts}',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
      fileName: (timestamp: string, name?: string) => `Migration${timestamp}${name ? `_${name}` : ''}`,
    },
    forceUtcTimezone: true,
    // Explicit `type:` on every property, so no decorator metadata is needed at runtime.
    discovery: { requireEntitiesArray: true },
    allowGlobalContext: false,
    debug: false,
    ...overrides,
  });
}

/**
 * A URL naming a Unix socket's directory in its `host` parameter (`postgresql://u:p@localhost/db?host=/dir`,
 * libpq's form, which the embedded server's URLs take): the ORM reads only the URL's host name, so
 * the socket is given to it as the host (pg then connects to `<dir>/.s.PGSQL.<port>`).
 */
function socketOf(url: string): { host: string; port: number } | Record<string, never> {
  const parsed = new URL(url);
  const host = parsed.searchParams.get('host');
  return host ? { host, port: parsed.port ? Number(parsed.port) : 5432 } : {};
}
