import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { join } from 'node:path';
import type { PoolAfterCreate } from './src/db/signals';
import { ALL_ENTITIES } from './src/entities';

/** Where the ORM connects: a PostgreSQL URL, or the unix-socket directory of the embedded PGlite. */
export type OrmConnection = { kind: 'server'; url: string } | { kind: 'embedded'; socketDir: string };

/**
 * The one ORM configuration. The same entities, dialect and migrations serve the embedded PGlite
 * (default, data under DATA_DIR) and a PostgreSQL server (DATABASE_URL).
 */
export function buildOrmConfig(connection: OrmConnection, overrides: Partial<Options> = {}, afterCreate?: PoolAfterCreate): Options {
  const target =
    connection.kind === 'server'
      ? { clientUrl: connection.url, pool: { min: 0, max: 10, afterCreate } }
      : // PGlite is a single session: one pooled connection, or statements of two requests interleave.
        { host: connection.socketDir, port: 5432, user: 'postgres', dbName: 'postgres', pool: { min: 1, max: 1, afterCreate } };
  return defineConfig({
    ...target,
    entities: ALL_ENTITIES,
    extensions: [Migrator],
    migrations: {
      path: join(__dirname, 'src/db/migrations'),
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
