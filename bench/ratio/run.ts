/**
 * `npm run bench:ratio`: the service against a plain express + pg baseline doing the same work, in one
 * run, on one database (by default the embedded PostgreSQL of a fresh DATA_DIR, which the service and
 * the baseline share; BENCH_DATABASE_URL=postgres://… for a server, whose schema is reset). Seeds
 * through the REST API, then measures every target on both with autocannon and prints req/s, p50,
 * p99, SQL statements per request, and the service's share of its baseline.
 *
 * BENCH_ITEMS (1000): size of the big listings; BENCH_SECONDS (5): each measurement;
 * BENCH_CONNECTIONS (1,10); BENCH_WEB_CONCURRENCY (2): processes of the extra run;
 * BENCH_ONLY: a substring of the target labels to measure; BENCH_BIG_LIBRARY (0): datasets of a library
 * seeded by SQL after the API seed, whose folder and recursive listings are measured too (100000);
 * BENCH_MANY_HISTORIES (100000; 0: none): histories of a user of their own seeded by SQL, whose index is measured.
 *
 * The baseline keeps the key's user in memory as the service does (both pay no statement for a known key);
 * the targets with a `keyLookupFloor` are also read on a second baseline process that looks the key up by
 * one statement per request (KEY_CACHE=off). The floors are printed last, met or missed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { type EmbeddedServer, openEmbeddedServer } from '../../src/db/embedded-server';
import { createLogger } from '../../src/logging/logger';
import { depotSeedStatements, LATEST_SEEDED_CHANGESET, SEEDED_REPOSITORY } from '../depot-seed';
import { read } from './measure';
import { printComparison, printFloors, printKeyLookupRows, printRows, type Row } from './print-rows';
import { freePort, type ServerProcess, startServerProcess } from './processes';
import { BENCH_ADMIN_EMAIL, BENCH_USER_EMAIL, type Seeded, seedThroughApi } from './seed';
import { BIG_LIBRARY_IDS, bigLibrarySeedStatements } from './seed-big-library';
import { FIRST_INSTALLED_REPOSITORY, INSTALLED_REPOSITORIES, installedRepositorySeedStatements, installsUserKey } from './seed-installs';
import { manyHistoriesSeedStatements, manyHistoriesUserKey } from './seed-many-histories';
import { bigLibraryTargetsFor, type DepotSeeded, depotTargetsFor, installsTargetsFor, manyHistoriesTargetsFor, type Target, targetsFor } from './targets';
import { IdCodec } from '../../src/ids/id-codec';
import { writeBenchToolData } from './tool-data-fixture';

const MASTER_KEY = 'ratio-master-key';
const ID_SECRET = 'ratio-bench-secret-0123456789abc';
const DEPOT_ID_SECRET = 'ratio-depot-secret-0123456789ab';
const DEPOT_URL = 'http://localhost:9009';
/** The depot of the ratio run: 1,000 repositories of 5 revisions, seeded by SQL (BENCH_DEPOT_REPOSITORIES). */
const DEPOT_REVISIONS = 5;

interface Settings {
  serverUrl: string | undefined;
  items: number;
  seconds: number;
  connections: number[];
  webConcurrency: number;
  /** Another checkout of the service (its own node_modules), measured beside this one on the same database: before and after a change in one run. */
  compareCheckout: string | undefined;
  only: string | undefined;
  /** Datasets of a library seeded by SQL (BENCH_BIG_LIBRARY; 0: none), listed by folder and recursively. */
  bigLibrary: number;
  /** Histories of a user of their own seeded by SQL (BENCH_MANY_HISTORIES; 0: none), whose index is measured. */
  manyHistories: number;
  depotRepositories: number;
}

function settings(): Settings {
  return {
    serverUrl: process.env.BENCH_DATABASE_URL || undefined,
    items: Number(process.env.BENCH_ITEMS ?? 1000),
    seconds: Number(process.env.BENCH_SECONDS ?? 5),
    connections: (process.env.BENCH_CONNECTIONS ?? '1,10').split(',').map(Number),
    webConcurrency: Number(process.env.BENCH_WEB_CONCURRENCY ?? 2),
    only: process.env.BENCH_ONLY,
    bigLibrary: Number(process.env.BENCH_BIG_LIBRARY ?? 0),
    manyHistories: Number(process.env.BENCH_MANY_HISTORIES ?? 100_000),
    depotRepositories: Number(process.env.BENCH_DEPOT_REPOSITORIES ?? 1000),
    compareCheckout: process.env.BENCH_COMPARE_CHECKOUT || undefined,
  };
}

async function resetServerDatabase(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public; DROP SCHEMA IF EXISTS depot CASCADE;');
  await client.end();
}

/** Runs SQL on the run's database (the server's, or the service's database on the embedded server), beside the running service. */
async function withDatabase<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Platform ids of a run that seeds no platform data (only depot targets measured). */
const PLACEHOLDER: Seeded = {
  userKey: '',
  adminKey: '',
  smallHistoryId: '',
  bigHistoryId: '',
  mixedHistoryId: '',
  datasetId: '',
  jobId: '',
  libraryDatasetId: '',
  smallFolderId: '',
  bigFolderId: '',
  libraryId: '',
  bigRequestId: '',
  sharedHistoryId: '',
  pageId: '',
  visualizationId: '',
  workflowId: '',
};

class Bench {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'ratio-bench-'));
  private readonly running = new Set<ServerProcess>();
  /** The same tool data tables for the service and the baseline. */
  private readonly toolData: Record<string, string>;
  /** The depot of the last service started (its DEPOT_PORT). */
  depotBaseUrl = '';
  /** Without a server: the runner's hold on the embedded PostgreSQL of the run's DATA_DIR (the service and the baseline join it). */
  private embedded: EmbeddedServer | null = null;

  constructor(readonly s: Settings) {
    this.toolData = writeBenchToolData(join(this.dataDir, 'tool-data'), s.items);
  }

  /** Starts (initialises) the embedded PostgreSQL of the run's DATA_DIR when there is no server; held until close. */
  async open(): Promise<void> {
    if (!this.s.serverUrl) this.embedded = await openEmbeddedServer(this.dataDir, createLogger('warn'));
  }

  /** Where the seeds run SQL: the server, or the service's database on the embedded server. */
  get databaseUrl(): string {
    if (this.s.serverUrl) return this.s.serverUrl;
    if (!this.embedded) throw new Error('the embedded PostgreSQL is not open');
    return this.embedded.url();
  }

  /** `root`: the checkout to run (another one's service, for BENCH_COMPARE_CHECKOUT, on the same database). */
  async startService(webConcurrency = 1, root?: string): Promise<ServerProcess> {
    const env: Record<string, string> = {
      DATA_DIR: this.dataDir,
      ID_SECRET,
      MASTER_API_KEY: MASTER_KEY,
      ADMIN_USERS: BENCH_ADMIN_EMAIL,
      // The operator's default: one log line per request (to a file here).
      LOG_LEVEL: 'info',
      EXPOSE_QUERY_COUNT: 'true',
      WEB_CONCURRENCY: String(webConcurrency),
      ...this.toolData,
      DEPOT_ID_SECRET,
      DEPOT_URL,
    };
    const depotPort = await freePort();
    env.DEPOT_PORT = String(depotPort);
    // Without a server the service runs as the default does (DATA_DIR only): it joins the embedded PostgreSQL there.
    if (this.s.serverUrl) env.DATABASE_URL = this.s.serverUrl;
    const name = root ? 'compared' : 'service';
    const service = await startServerProcess(name, 'src/main.ts', env, await freePort(), '/api/version', join(this.dataDir, `${name}.log`), root);
    this.running.add(service);
    if (root) return service;
    this.depotBaseUrl = `http://127.0.0.1:${depotPort}`;
    // Both applications start together: the depot listens once the platform does.
    for (let tries = 0; tries < 100; tries += 1) {
      if (await fetch(`${this.depotBaseUrl}/api/categories`).then(() => true, () => false)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return service;
  }

  /** `keyCache`: the key's user kept in memory as the service keeps it; false: looked up per request. */
  async startBaseline(keyCache = true): Promise<ServerProcess> {
    const env: Record<string, string> = { ID_SECRET, ADMIN_USERS: BENCH_ADMIN_EMAIL, DATA_DIR: this.dataDir, ...this.toolData, DEPOT_ID_SECRET, DEPOT_URL, KEY_CACHE: keyCache ? 'on' : 'off' };
    if (this.s.serverUrl) env.DATABASE_URL = this.s.serverUrl;
    const name = keyCache ? 'baseline' : 'baseline-key-lookup';
    const baseline = await startServerProcess(name, 'bench/ratio/baseline/server.ts', env, await freePort(), '/', join(this.dataDir, `${name}.log`));
    this.running.add(baseline);
    return baseline;
  }

  async stop(server: ServerProcess): Promise<void> {
    await server.stop();
    this.running.delete(server);
  }

  async close(): Promise<void> {
    for (const server of this.running) await server.stop();
    // The last hold: the embedded PostgreSQL stops.
    await this.embedded?.release();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const s = settings();
  const database = s.serverUrl ? 'PostgreSQL server' : 'embedded PostgreSQL';
  if (s.serverUrl) await resetServerDatabase(s.serverUrl);
  const bench = new Bench(s);
  try {
    await bench.open();
    let service = await bench.startService();
    const selected = (target: Target) => !s.only || target.label.includes(s.only);
    // The platform is seeded through its API only when one of its targets is measured.
    const platformTargets = targetsFor(PLACEHOLDER, s.items).filter(selected);
    let seeded: Seeded = PLACEHOLDER;
    if (platformTargets.length > 0) {
      const started = Date.now();
      seeded = await seedThroughApi(service.baseUrl, MASTER_KEY, s.items);
      process.stdout.write(`seeded through the API in ${((Date.now() - started) / 1000).toFixed(1)} s (${database}, ${s.items} items)\n`);
    }
    let depotTargets = depotTargetsFor({ repositories: s.depotRepositories, ...SEEDED_REPOSITORY, changeset: '' }).filter(selected);
    let installsTargets = installsTargetsFor({ repositories: INSTALLED_REPOSITORIES, repositoryId: '' }).filter(selected);
    // Any user lists installed repositories: a run measuring only them seeds one user through the API.
    if (installsTargets.length > 0 && platformTargets.length === 0) seeded = { ...PLACEHOLDER, userKey: await installsUserKey(service.baseUrl, MASTER_KEY) };
    if (depotTargets.length > 0 || installsTargets.length > 0) {
      const started = Date.now();
      const { depot, installedId } = await withDatabase(bench.databaseUrl, async (client) => {
        let depot: DepotSeeded | null = null;
        if (depotTargets.length > 0) {
          for (const statement of depotSeedStatements({ repositories: s.depotRepositories, revisions: DEPOT_REVISIONS, depotUrl: DEPOT_URL })) await client.query(statement);
          const changeset = (await client.query<{ changeset: string }>(LATEST_SEEDED_CHANGESET)).rows[0].changeset;
          depot = { repositories: s.depotRepositories, ...SEEDED_REPOSITORY, changeset };
        }
        let installedId: number | null = null;
        if (installsTargets.length > 0) {
          for (const statement of installedRepositorySeedStatements(INSTALLED_REPOSITORIES)) await client.query(statement);
          installedId = Number((await client.query<{ id: number }>(FIRST_INSTALLED_REPOSITORY)).rows[0].id);
        }
        return { depot, installedId };
      });
      if (depot) {
        depotTargets = depotTargetsFor(depot).filter(selected);
        process.stdout.write(`depot seeded by SQL in ${((Date.now() - started) / 1000).toFixed(1)} s (${s.depotRepositories} repositories of ${DEPOT_REVISIONS} revisions)\n`);
      }
      if (installedId !== null) {
        installsTargets = installsTargetsFor({ repositories: INSTALLED_REPOSITORIES, repositoryId: new IdCodec(ID_SECRET).encode(installedId) }).filter(selected);
        process.stdout.write(`${INSTALLED_REPOSITORIES} installed repository records seeded by SQL\n`);
      }
    }
    let bigTargets: Target[] = [];
    if (s.bigLibrary > 0 && platformTargets.length > 0) {
      const started = Date.now();
      const ids = await withDatabase(bench.databaseUrl, async (client) => {
        for (const statement of bigLibrarySeedStatements(s.bigLibrary, BENCH_USER_EMAIL)) await client.query(statement);
        return (await client.query<{ library_id: number; folder_id: number }>(BIG_LIBRARY_IDS)).rows[0];
      });
      const codec = new IdCodec(ID_SECRET);
      bigTargets = bigLibraryTargetsFor({ datasets: s.bigLibrary, libraryId: codec.encode(ids.library_id), folderId: `F${codec.encode(ids.folder_id)}` }).filter(selected);
      process.stdout.write(`a library of ${s.bigLibrary} datasets seeded by SQL in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    }
    let manyTargets = manyHistoriesTargetsFor(s.manyHistories, '').filter(selected);
    if (s.manyHistories > 0 && manyTargets.length > 0) {
      const started = Date.now();
      const key = await manyHistoriesUserKey(service.baseUrl, MASTER_KEY);
      await withDatabase(bench.databaseUrl, async (client) => {
        for (const statement of manyHistoriesSeedStatements(s.manyHistories)) await client.query(statement);
      });
      manyTargets = manyHistoriesTargetsFor(s.manyHistories, key).filter(selected);
      process.stdout.write(`${s.manyHistories} histories of one user seeded by SQL in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    } else manyTargets = [];
    if (s.compareCheckout) {
      // Both services read from a fresh start: the one that took the seeding would otherwise carry its heap.
      await bench.stop(service);
      service = await bench.startService();
    }
    const targets = [...targetsFor(seeded, s.items).filter(selected).filter(() => platformTargets.length > 0), ...manyTargets, ...bigTargets, ...installsTargets, ...depotTargets];
    const serviceUrl = (target: Target) => (target.app === 'depot' ? bench.depotBaseUrl : service.baseUrl);
    const keyOf = (target: Target) => (target.anonymous ? '' : (target.key ?? (target.as === 'admin' ? seeded.adminKey : seeded.userKey)));
    const rows: Row[] = [];
    const comparedRows: Row[] = [];
    // Both up at once on the same database; each target is measured on the baseline then the service, back to back
    // (and, with BENCH_COMPARE_CHECKOUT, on the other checkout's service too, its platform targets only).
    const baseline = await bench.startBaseline();
    const keyLookup = targets.some((target) => target.keyLookupFloor !== undefined) ? await bench.startBaseline(false) : null;
    const compared = s.compareCheckout ? await bench.startService(1, s.compareCheckout) : null;
    for (const [index, target] of targets.entries()) {
      const base = await read(baseline.baseUrl, target, keyOf(target), s.connections, s.seconds);
      const lookup = keyLookup && target.keyLookupFloor !== undefined ? await read(keyLookup.baseUrl, target, keyOf(target), s.connections, s.seconds) : undefined;
      const other = compared && target.app !== 'depot' ? compared : null;
      // The two services take turns at going first, so neither always reads a machine the other just warmed.
      const first = other && index % 2 === 1 ? await read(other.baseUrl, target, keyOf(target), s.connections, s.seconds) : null;
      const svc = await read(serviceUrl(target), target, keyOf(target), s.connections, s.seconds);
      rows.push({ target, service: svc, baseline: base, keyLookup: lookup });
      if (other) comparedRows.push({ target, service: first ?? (await read(other.baseUrl, target, keyOf(target), s.connections, s.seconds)), baseline: base });
    }
    await bench.stop(baseline);
    if (keyLookup) await bench.stop(keyLookup);
    printRows(`service / plain express + pg (both keep the key's user in memory), ${database}, one service process`, rows, s.connections);
    printKeyLookupRows(`service / plain express + pg looking the key up per request, ${database}, ${Math.max(...s.connections)} connections`, rows);
    if (compared) {
      await bench.stop(compared);
      printRows(`${s.compareCheckout} / plain express + pg (the same baseline readings), ${database}`, comparedRows, s.connections);
      printComparison(s.compareCheckout as string, rows, comparedRows);
    }
    printFloors(rows);

    if (s.webConcurrency > 1) {
      await bench.stop(service);
      service = await bench.startService(s.webConcurrency);
      const show = targets.find((target) => target.label.startsWith('GET /api/histories/{id}'));
      if (show && platformTargets.length > 0) {
        const many = await read(service.baseUrl, show, seeded.userKey, [Math.max(...s.connections)], s.seconds);
        const one = rows.find((row) => row.target === show)!;
        const c = Math.max(...s.connections);
        process.stdout.write(
          `\nWEB_CONCURRENCY=${s.webConcurrency}: ${show.label} at ${c} connections: ${many.loads[0].reqPerSec} req/s (p50 ${many.loads[0].p50} ms, p99 ${many.loads[0].p99} ms) ` +
            `beside ${one.service.loads[one.service.loads.length - 1].reqPerSec} req/s with one process\n`,
        );
      }
    }
  } finally {
    await bench.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
