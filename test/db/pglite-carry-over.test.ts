import 'reflect-metadata';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { type Platform, startPlatform } from '../../src/app/platform';
import { loadConfig } from '../../src/config/app-config';
import { listTables } from '../../src/db/embedded-server/pglite-carry-over/carry-over-catalog';
import { migrateAllSchemas } from '../../src/db/database';
import { copyTableRows } from '../../src/db/embedded-server/pglite-carry-over/copy-table-rows';
import { type Depot, startDepot } from '../../src/depot/app/depot';
import { depotConfigOf } from '../../src/depot/config/depot-config';
import { createLogger } from '../../src/logging/logger';
import {
  carryOver,
  directoryHash,
  expectedRows,
  type ExtractedFixture,
  extractFixture,
  type NodeRun,
  pgliteDigests,
  rollBackLatestMigrations,
  rowsPerTable,
  type ScratchDatabase,
  scratchDatabase,
  tablesOf,
} from '../support/carry-over-helpers';
import { patient } from '../support/patience';
import { tableDigests } from '../support/table-digests';

/**
 * Carrying the embedded PGlite database of an earlier release (test/fixtures/pglite-data-dir, made
 * by make-fixture.ts) into a PostgreSQL server with `npm run admin -- carry-over-pglite`. The targets are
 * scratch databases on the server of TEST_DATABASE_URL (the run's embedded server by default).
 */

const log = createLogger('silent');

/**
 * The server processes' own rows (`server_process`: the platform this test starts on the target writes
 * its heartbeat there) are not carried data: left out of the comparisons.
 */
function withoutLiveProcesses<T>(byTable: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(byTable).filter(([table]) => table !== 'public.server_process'));
}

describe("today's fixture carried into an empty database", () => {
  let fixture: ExtractedFixture;
  let target: ScratchDatabase;
  let hashBefore: string;
  let run: NodeRun;
  let platform: Platform;
  let depot: Depot;
  let api: ReturnType<typeof request>;
  let depotApi: ReturnType<typeof request>;

  beforeAll(async () => {
    fixture = await extractFixture();
    hashBefore = directoryHash(fixture.pgdata);
    target = await scratchDatabase('fresh');
    run = await carryOver(fixture.pgdata, target.url);
    if (run.code !== 0) throw new Error(`carry-over failed:\n${run.stdout}\n${run.stderr}`);
    // The service started as the next release starts it: DATABASE_URL, and the same DATA_DIR (files, secrets).
    const config = loadConfig({ DATA_DIR: fixture.dataDir, DATABASE_URL: target.url, ADMIN_USERS: fixture.expected.adminUsers.join(','), LOG_LEVEL: 'silent', DEPOT_PORT: '0' });
    platform = await startPlatform(config, log);
    depot = await startDepot(depotConfigOf(config, {}), log);
    api = request(platform.http.app);
    depotApi = request(depot.http.app);
  }, patient(180_000));

  afterAll(async () => {
    await depot?.close();
    await platform?.close();
    await target?.drop();
    fixture?.remove();
  });

  const admin = () => fixture.expected.users.find((user) => user.admin)!;

  it('prints a line per table and ends with what it carried', () => {
    const tables = Object.keys(fixture.expected.rows).filter((table) => !table.endsWith('.mikro_orm_migrations'));
    for (const table of tables) expect(run.stdout).toContain(`${table}: ${fixture.expected.rows[table]}/${fixture.expected.rows[table]}`);
    expect(run.stdout).toMatch(/carried over \d+ rows of \d+ tables and \d+ sequences into postgres(ql)?:/);
    expect(run.stderr).toBe('');
  });

  it('holds as many rows in every table as the fixture', async () => {
    const counts = withoutLiveProcesses(await rowsPerTable(target.query));
    expect(counts).toEqual(expectedRows(fixture.expected, Object.keys(counts)));
  });

  it('holds every row value for value (digests of the rows of each table)', async () => {
    expect(withoutLiveProcesses(await tableDigests(target.query))).toEqual(withoutLiveProcesses(await pgliteDigests(fixture.pgdata)));
  }, patient(60_000));

  it('lists every user to the administrator, and knows each user by their key', async () => {
    const listed = await api.get('/api/users').query({ key: admin().apiKey });
    expect(listed.status).toBe(200);
    const users = listed.body as Array<{ id: string; email: string }>;
    expect(users.map(({ id, email }) => ({ id, email }))).toEqual(expect.arrayContaining(fixture.expected.users.map(({ id, email }) => ({ id, email }))));
    for (const user of fixture.expected.users) {
      const current = await api.get('/api/users/current').query({ key: user.apiKey });
      expect({ status: current.status, id: current.body.id, email: current.body.email }).toEqual({ status: 200, id: user.id, email: user.email });
    }
  });

  it("lists each user's histories by name", async () => {
    for (const user of fixture.expected.users) {
      const res = await api.get('/api/histories').query({ key: user.apiKey });
      expect(res.status).toBe(200);
      const own = fixture.expected.histories.filter((history) => history.ownerEmail === user.email).map(({ id, name }) => ({ id, name }));
      expect((res.body as Array<{ id: string; name: string }>).map(({ id, name }) => ({ id, name }))).toEqual(expect.arrayContaining(own));
    }
  });

  it("serves each dataset's file as it was uploaded", async () => {
    for (const dataset of fixture.expected.datasets) {
      const key = fixture.expected.users.find((user) => user.email === dataset.ownerEmail)!.apiKey;
      const shown = await api.get(`/api/datasets/${dataset.id}/display`).query({ key }).buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
      expect(shown.status).toBe(200);
      expect(createHash('sha256').update(shown.body as Buffer).digest('hex')).toBe(dataset.displaySha256);
      const details = await api.get(`/api/datasets/${dataset.id}`).query({ key });
      expect(details.body.name).toBe(dataset.name);
    }
  });

  it('has the library and the page', async () => {
    const libraries = await api.get('/api/libraries').query({ key: admin().apiKey });
    expect((libraries.body as Array<{ id: string; name: string }>).map(({ id, name }) => ({ id, name }))).toContainEqual(fixture.expected.library);
    const pages = await api.get('/api/pages').query({ key: fixture.expected.users[1].apiKey });
    expect((pages.body as Array<{ id: string; slug: string; title: string }>).map(({ id, slug, title }) => ({ id, slug, title }))).toContainEqual(fixture.expected.page);
  });

  it("has the depot's user, key and repository", async () => {
    const [author] = fixture.expected.depot.users;
    const listed = await depotApi.get('/api/repositories').query({ key: author.apiKey });
    expect(listed.status).toBe(200);
    expect((listed.body as Array<{ id: string; name: string; owner: string }>).map(({ id, name, owner }) => ({ id, name, owner }))).toEqual(fixture.expected.depot.repositories);
    expect((await depotApi.get('/api/repositories').query({ key: 'not-a-key' })).status).not.toBe(200);
  });

  it('numbers new rows after the carried ones (the sequences were set)', async () => {
    const created = await api.post('/api/histories').send({ key: admin().apiKey, name: 'made after the carry-over' });
    expect(created.status).toBe(200);
    expect(fixture.expected.histories.map((history) => history.id)).not.toContain(created.body.id);
  });

  it('left the PGlite directory byte for byte as it was', () => {
    expect(directoryHash(fixture.pgdata)).toBe(hashBefore);
  });
});

describe('a target that already holds data', () => {
  let fixture: ExtractedFixture;
  let target: ScratchDatabase;
  let digestsBefore: Record<string, string>;
  let second: NodeRun;

  beforeAll(async () => {
    fixture = await extractFixture();
    target = await scratchDatabase('filled');
    const first = await carryOver(fixture.pgdata, target.url);
    if (first.code !== 0) throw new Error(`the first carry-over failed:\n${first.stderr}`);
    digestsBefore = await tableDigests(target.query);
    second = await carryOver(fixture.pgdata, target.url);
  }, patient(180_000));

  afterAll(async () => {
    await target?.drop();
    fixture?.remove();
  });

  it('is refused, saying so', () => {
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/The target database already holds data \(public\.api_keys, .*\): carry over only into an empty database/);
  });

  it('is left as it was', async () => {
    expect(await tableDigests(target.query)).toEqual(digestsBefore);
  });
});

describe('a source that is not a PGlite cluster', () => {
  let target: ScratchDatabase;
  let scratch: string;

  beforeAll(async () => {
    target = await scratchDatabase('broken_source');
    scratch = mkdtempSync(join(tmpdir(), 'carry-over-broken-'));
  }, patient(180_000));

  afterAll(async () => {
    await target?.drop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('a directory of other files is refused by name, and the target gets nothing', async () => {
    const dir = join(scratch, 'not-a-cluster');
    mkdirSync(dir);
    writeFileSync(join(dir, 'notes.txt'), 'not a database\n');
    const run = await carryOver(dir, target.url);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`carry-over failed: ${dir} is not a PGlite data directory (it has no PG_VERSION file)`);
    expect(await tablesOf(target.query)).toEqual([]);
  }, patient(60_000));

  it('DATA_DIR given instead of DATA_DIR/pgdata is refused with the right path to give', async () => {
    const fixture = await extractFixture();
    try {
      const run = await carryOver(fixture.dataDir, target.url);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`Did you mean ${fixture.pgdata}?`);
    } finally {
      fixture.remove();
    }
    expect(await tablesOf(target.query)).toEqual([]);
  }, patient(60_000));

  it('a damaged cluster (its pg_control lost) is refused, the target gets nothing and the directory stays as it was', async () => {
    const fixture = await extractFixture();
    try {
      rmSync(join(fixture.pgdata, 'global', 'pg_control'));
      const before = directoryHash(fixture.pgdata);
      const run = await carryOver(fixture.pgdata, target.url);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`${fixture.pgdata} cannot be opened as a PGlite data directory: it is damaged`);
      expect(directoryHash(fixture.pgdata)).toBe(before);
    } finally {
      fixture.remove();
    }
    expect(await tablesOf(target.query)).toEqual([]);
  }, patient(60_000));

  it('a path that does not exist is refused by name', async () => {
    const missing = join(scratch, 'missing', 'pgdata');
    const run = await carryOver(missing, target.url);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${missing} does not exist`);
  }, patient(60_000));
});

describe('a source an earlier release left (its latest migrations not applied)', () => {
  let fixture: ExtractedFixture;
  let target: ScratchDatabase;
  let rolledBack: string[];
  let hashBefore: string;
  let run: NodeRun;

  beforeAll(async () => {
    fixture = await extractFixture();
    rolledBack = await rollBackLatestMigrations(fixture.pgdata);
    hashBefore = directoryHash(fixture.pgdata);
    target = await scratchDatabase('behind');
    run = await carryOver(fixture.pgdata, target.url);
  }, patient(180_000));

  afterAll(async () => {
    await target?.drop();
    fixture?.remove();
  });

  it('is carried over, its copy migrated first', async () => {
    expect(rolledBack).toHaveLength(2);
    expect(run.code).toBe(0);
    for (const name of rolledBack) expect(run.stdout).toContain(name);
    const counts = await rowsPerTable(target.query);
    expect(counts).toEqual(expectedRows(fixture.expected, Object.keys(counts)));
  });

  it('stays as the earlier release left it: the migrations ran on a copy', () => {
    expect(directoryHash(fixture.pgdata)).toBe(hashBefore);
  });
});

describe('a copy that fails half-way', () => {
  let fixture: ExtractedFixture;
  let target: ScratchDatabase;
  let run: NodeRun;
  let sequencesBefore: unknown[];

  const sequenceStates = () => target.query("SELECT schemaname, sequencename, last_value FROM pg_sequences WHERE schemaname IN ('public', 'depot') ORDER BY 1, 2");

  beforeAll(async () => {
    fixture = await extractFixture();
    target = await scratchDatabase('half_way');
    // Migrated beforehand, with a constraint the fixture's histories break: tables before `history` are copied, then the insert fails.
    await migrateAllSchemas(target.url, log);
    await target.query("ALTER TABLE public.history ADD CONSTRAINT refuses_every_history CHECK (name = '')");
    sequencesBefore = await sequenceStates();
    run = await carryOver(fixture.pgdata, target.url);
  }, patient(180_000));

  afterAll(async () => {
    await target?.drop();
    fixture?.remove();
  });

  it('fails with the reason', () => {
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('public.galaxy_user: 2/2');
    expect(run.stderr).toMatch(/carry-over failed: .*refuses_every_history/);
  });

  it('leaves no row in the target, and its sequences as they were', async () => {
    const counts = await rowsPerTable(target.query);
    expect(Object.values(counts).every((rows) => rows === 0)).toBe(true);
    expect(await sequenceStates()).toEqual(sequencesBefore);
  });
});

describe('every column type round-trips (record text, batch by batch)', () => {
  let source: ScratchDatabase;
  let target: ScratchDatabase;
  const columns = `id int PRIMARY KEY, b bytea, j jsonb, js json, n numeric, f float8, r real, ts timestamptz, t timestamp, d date, tm time, iv interval,
    flag boolean, txt text, vc varchar(40), ch char(3), u uuid, big bigint, ints int[], texts text[], docs jsonb[]`;
  const values = [
    `(1, '\\x00ff10'::bytea, '{"a": [1, "two", null], "é": "\\n\\"q\\""}', '{"keep":  "spacing"}', 12345678901234567890.000000000123, 0.1, 1.5, '2026-12-06 08:41:20.123456+00',
      '1999-12-31 23:59:59.999999', '2000-02-29', '23:59:59.5', '1 year 2 mons 3 days 04:05:06.789', true, 'quotes " '' back\\slash, (parens) {braces} tab\tnewline\nü🧪', 'varchar',
      'ab', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 9223372036854775807, '{1,NULL,3}', '{"a,b",NULL,"c\\"d","NULL",""}', ARRAY['{"x": 1}'::jsonb, 'null'::jsonb])`,
    `(2, '\\x'::bytea, 'null', 'null', 'NaN', '-Infinity', 'Infinity', 'infinity', '-infinity', '-infinity', '00:00', '-1 day', false, '', '', '', NULL, -9223372036854775808, '{}', '{}', '{}')`,
    `(3, NULL, '"a json string"', '[]', -0.5, -0, 1e-30, NULL, NULL, NULL, NULL, NULL, NULL, 'NULL', NULL, NULL, NULL, NULL, NULL, NULL, NULL)`,
  ];
  const rowsText = (db: ScratchDatabase) => db.query<{ row: string }>('SELECT ROW(t.*)::text AS row FROM public.every_type AS t ORDER BY id');

  beforeAll(async () => {
    source = await scratchDatabase('types_source');
    target = await scratchDatabase('types_target');
    for (const db of [source, target]) await db.query(`CREATE TABLE public.every_type (${columns})`);
    await source.query(`INSERT INTO public.every_type VALUES ${values.join(', ')}`);
    // Enough rows for several batches of heap pages.
    await source.query("INSERT INTO public.every_type (id, txt, j) SELECT i, repeat('x', 500) || i, jsonb_build_object('i', i) FROM generate_series(4, 5000) AS i");
  }, patient(180_000));

  afterAll(async () => {
    await source?.drop();
    await target?.drop();
  });

  it('every value arrives as it was, NULLs and JSON nulls apart', async () => {
    const [table] = (await listTables(source.query)).filter((found) => found.table === 'every_type');
    const batches: number[] = [];
    const copied = await copyTableRows(source.query, target.query, table, (sofar) => batches.push(sofar));
    expect(copied).toBe(5000);
    expect(batches.length).toBeGreaterThan(1);
    expect(await rowsText(target)).toEqual(await rowsText(source));
    const nulls = 'SELECT id, j IS NULL AS sql_null, j = \'null\'::jsonb AS json_null FROM public.every_type WHERE id IN (2, 3) ORDER BY id';
    expect(await target.query(nulls)).toEqual(await source.query(nulls));
  });
});
