import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { importInto, newDataDir } from '../support/import-run';
import { dropDatabase, freshDatabase, legacyDatabase, serverUrl, sqlOn } from '../support/legacy-installation';
import { IMPORT_STEPS } from '../../src/importer/steps';
import { DEFAULT_ID_SECRET } from '../support/test-platform';
import { patient } from '../support/patience';

/**
 * The import killed (SIGKILL) at three points and started again ends with the same database as one
 * uninterrupted run: every batch is written with its progress in one transaction.
 */
const onServer = serverUrl ? describe : describe.skip;
const ROOT = join(__dirname, '../..');
const SOURCE = 'import_resume_source';
const KILLED = 'import_resume_killed';
const CLEAN = 'import_resume_clean';

function startImport(targetUrl: string, sourceUrl: string, dataDir: string): ChildProcess {
  return spawn(process.execPath, ['-r', '@swc-node/register', 'src/cli/admin.ts', 'import-galaxy', '--database', sourceUrl, '--file-path', '/galaxy/files', '--batch-size', '3', '--pause-ms', '5'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: targetUrl, DATA_DIR: dataDir, ID_SECRET: DEFAULT_ID_SECRET, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function rowsRead(database: string): Promise<number> {
  const rows = await sqlOn<{ read: string | null }>(database, "select (select sum(rows_read) from galaxy_import.step) as read where to_regclass('galaxy_import.step') is not null").catch(() => []);
  return Number(rows[0]?.read ?? 0);
}

/** Every table of the service's schema (applied migrations aside), row by row in id order, and every sequence's next value. */
async function contentOf(database: string): Promise<Record<string, unknown>> {
  const tables = await sqlOn<{ name: string }>(database, "select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'mikro_orm_migrations' order by tablename");
  const content: Record<string, unknown> = {};
  for (const { name } of tables) content[name] = (await sqlOn<{ row: unknown }>(database, `select to_jsonb(t) as row from "${name}" t order by 1`)).map((r) => r.row);
  content["(sequences)"] = await sqlOn(database, "select sequencename, last_value from pg_sequences where schemaname = 'public' order by sequencename");
  return content;
}

onServer('import-galaxy killed and started again', () => {
  const dataDirs: string[] = [];
  afterAll(async () => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    for (const name of [SOURCE, KILLED, CLEAN]) await dropDatabase(name);
  });

  it('ends, after SIGKILLs at three points, with the same database as one uninterrupted run', async () => {
    const sourceUrl = await legacyDatabase(SOURCE, 'schema-migrated.sql');
    const killedUrl = await freshDatabase(KILLED);
    const cleanUrl = await freshDatabase(CLEAN);
    const dataDir = newDataDir('import-resume');
    dataDirs.push(dataDir);

    const points: number[] = [];
    for (const wanted of [2, 9, 20]) {
      // Each run must get further than the last kill left it (a kill may land past the next mark).
      const after = Math.max(wanted, (points[points.length - 1] ?? 0) + 3);
      const child = startImport(killedUrl, sourceUrl, dataDir);
      const exited = exitOf(child);
      const deadline = Date.now() + patient(60000);
      while ((await rowsRead(KILLED)) < after && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      child.kill('SIGKILL');
      await exited;
      points.push(await rowsRead(KILLED));
    }
    // Each kill stopped it further on, and before its end.
    expect(points[0]).toBeGreaterThanOrEqual(2);
    expect(points[1]).toBeGreaterThan(points[0]);
    expect(points[2]).toBeGreaterThan(points[1]);
    const total = (await sqlOn<{ n: string }>(SOURCE, "select (select count(*) from galaxy_user) + (select count(*) from api_keys) + (select count(*) from role) as n"))[0].n;
    expect(points[2]).toBeLessThan(Number(total) + 100);

    // The last run, and the uninterrupted one (in batches of the default size: the result does not
    // depend on it), in this process.
    const cleanDir = newDataDir('import-clean');
    dataDirs.push(cleanDir);
    expect((await importInto(killedUrl, dataDir, ['--database', sourceUrl, '--file-path', '/galaxy/files', '--batch-size', '3'])).code).toBe(0);
    expect((await importInto(cleanUrl, cleanDir, ['--database', sourceUrl, '--file-path', '/galaxy/files'])).code).toBe(0);

    const killed = await contentOf(KILLED);
    const uninterrupted = await contentOf(CLEAN);
    for (const table of Object.keys(uninterrupted)) expect([table, killed[table]]).toEqual([table, uninterrupted[table]]);
    expect(Object.keys(killed)).toEqual(Object.keys(uninterrupted));
    // The bookkeeping agrees too: the same counts per step, the same skipped rows.
    const steps = (database: string) => sqlOn(database, 'select name, rows_read, rows_written, rows_skipped, done from galaxy_import.step order by name');
    expect(await steps(KILLED)).toEqual(await steps(CLEAN));
    const skips = (database: string) => sqlOn(database, 'select step, source_table, source_id, reason, notice from galaxy_import.skip order by step, source_table, source_id, reason');
    expect(await skips(KILLED)).toEqual(await skips(CLEAN));

    // Nothing the seeds hold is missing: every row of every source table a step reads was read, and
    // each was written or skipped with a reason (a count per kind).
    const counted = await sqlOn<{ name: string; rows_read: string; rows_written: string; rows_skipped: string }>(CLEAN, 'select name, rows_read, rows_written, rows_skipped from galaxy_import.step');
    const byName = new Map(counted.map((row) => [row.name, row]));
    for (const step of IMPORT_STEPS) {
      const present = (await sqlOn<{ present: boolean }>(SOURCE, 'select to_regclass($1) is not null as present', [`public.${step.source}`]))[0].present;
      if (!present) continue;
      const sourceRows = Number((await sqlOn<{ n: string }>(SOURCE, `select count(*) as n from "${step.source}"`))[0].n);
      const row = byName.get(step.name);
      expect([step.name, Number(row?.rows_read ?? 0)]).toEqual([step.name, sourceRows]);
      expect([step.name, Number(row?.rows_written ?? 0) + Number(row?.rows_skipped ?? 0) >= sourceRows]).toEqual([step.name, true]);
    }
    expect(await sqlOn(CLEAN, "select * from galaxy_import.skip where reason = ''")).toEqual([]);
  }, patient(180000));
});
