import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { closeServer } from '../src/app/platform';
import { loadConfig } from '../src/config/app-config';
import { startDepot } from '../src/depot/app/depot';
import { depotConfigOf } from '../src/depot/config/depot-config';
import { createLogger } from '../src/logging/logger';
import { depotSeedStatements, LATEST_SEEDED_CHANGESET, SEEDED_REPOSITORY } from './depot-seed';
import { type BenchPlatform, type Figures, measure } from './harness';

const DEPOT_URL = 'http://localhost:9009';

/**
 * `npm run bench` (BENCH_ONLY=depot): the depot alone on a fresh database (the embedded
 * PostgreSQL of a new DATA_DIR, which the depot starts itself, or the reset `depot` schema of BENCH_DATABASE_URL), `repositories` x `revisions` seeded by SQL, its listings
 * and shows measured anonymously, as installers call them.
 */
export async function benchDepot(repositories: number, revisions: number): Promise<Figures[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'depot-bench-'));
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) {
    const client = new Client({ connectionString: serverUrl });
    await client.connect();
    await client.query('DROP SCHEMA IF EXISTS depot CASCADE');
    await client.end();
  }
  const app = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: serverUrl, MASTER_API_KEY: 'bench-master-key', LOG_LEVEL: 'silent' });
  const depot = await startDepot(depotConfigOf(app, { DEPOT_URL, EXPOSE_QUERY_COUNT: 'true', DEPOT_ID_SECRET: 'depot-bench-secret' }), createLogger('silent'));
  const server = depot.http.app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const bench = { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` } as BenchPlatform;
  try {
    const connection = depot.services.db.orm.em.getConnection();
    for (const statement of depotSeedStatements({ repositories, revisions, depotUrl: DEPOT_URL })) await connection.execute(statement);
    const [{ changeset }] = await connection.execute<Array<{ changeset: string }>>(LATEST_SEEDED_CHANGESET);
    const [{ id }] = await connection.execute<Array<{ id: number }>>('select max(id) as id from depot.repository_metadata');
    const revisionId = depot.services.ids.encode(id);
    const { name, owner } = SEEDED_REPOSITORY;
    const gql = (query: string) => JSON.stringify({ query });
    const targets = [
      { label: 'depot GET /api/repositories', path: '/api/repositories' },
      { label: 'depot GET /api/repository_revisions', path: '/api/repository_revisions?downloadable=true' },
      { label: 'depot GET get_ordered_installable_revisions', path: `/api/repositories/get_ordered_installable_revisions?name=${name}&owner=${owner}` },
      { label: 'depot GET get_repository_revision_install_info', path: `/api/repositories/get_repository_revision_install_info?name=${name}&owner=${owner}&changeset_revision=${changeset}` },
      { label: 'depot GET /api/repository_revisions/{id}', path: `/api/repository_revisions/${revisionId}` },
      { label: 'depot GraphQL repositories { revisions }', path: '/graphql', method: 'POST' as const, body: gql('{ repositories { name owner categories { name } revisions { changesetRevision downloadable } } }') },
    ];
    const figures: Figures[] = [];
    for (const target of targets) figures.push(await measure(bench, target, '', target.path.startsWith('/api/repository_revisions?') ? repositories * revisions : repositories));
    return figures;
  } finally {
    await closeServer(server);
    await depot.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
