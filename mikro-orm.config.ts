import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { join } from 'node:path';
import type { PoolAfterCreate } from './src/db/signals';
import { ALL_ENTITIES } from './src/entities';

/** Where the ORM connects: a PostgreSQL URL, or the unix-socket directory of the embedded PGlite. */
export type OrmConnection = { kind: 'server'; url: string } | { kind: 'embedded'; socketDir: string };

/** What one application keeps in the database: its entities, its migrations and (the depot) its schema. */
export interface OrmTarget {
  entities: NonNullable<Options['entities']>;
  migrationsPath: string;
  /** A PostgreSQL schema of its own; absent means `public`. */
  schema?: string;
}

export const PLATFORM_TARGET: OrmTarget = { entities: ALL_ENTITIES, migrationsPath: join(__dirname, 'src/db/migrations') };

/**
 * The one ORM configuration. The same entities, dialect and migrations serve the embedded PGlite
 * (default, data under DATA_DIR) and a PostgreSQL server (DATABASE_URL).
 */
export function buildOrmConfig(connection: OrmConnection, overrides: Partial<Options> = {}, afterCreate?: PoolAfterCreate, target: OrmTarget = PLATFORM_TARGET): Options {
  const where =
    connection.kind === 'server'
      ? { clientUrl: connection.url, pool: { min: 0, max: 10, afterCreate } }
      : // PGlite is a single session: one pooled connection, or statements of two requests interleave.
        { host: connection.socketDir, port: 5432, user: 'postgres', dbName: 'postgres', pool: { min: 1, max: 1, afterCreate } };
  return defineConfig({
    ...where,
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
