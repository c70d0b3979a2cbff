import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { InterruptionPoint } from '../../src/importer/interruption';
import { IMPORT_STEPS } from '../../src/importer/steps';
import { writeLegacyFiles } from '../support/imported-installation';
import { Client } from 'pg';
import { importInto, interruptibleImport, migratedDatabase, newDataDir } from '../support/import-run';
import { databaseUrl, dropDatabase, freshDatabase, legacyDatabase, serverUrl, sqlOn } from '../support/legacy-installation';
import { patient } from '../support/patience';
import { DEFAULT_ID_SECRET } from '../support/test-platform';

/**
 * The import stopped and started again ends with the same database (every table, every sequence,
 * the import's own bookkeeping) and the same copied files as one uninterrupted run: every batch is
 * written with its progress in one transaction. One run is killed for real (SIGKILL); the others are
 * stopped in this process by the run's test hook (`interruptAt`, which the command never sets), which
 * throws where a kill could land: the open transaction rolls back as a killed connection's does, and
 * the next run opens new connections and starts from the database alone, as a new process would.
 * The source is the shared seeds plus test/importer/seed-resume (rows for the steps they leave
 * empty), its files copied in (--copy).
 */
const onServer = serverUrl ? describe : describe.skip;
const ROOT = join(__dirname, '../..');
const SOURCE = 'import_resume_source';
const KILLED = 'import_resume_killed';
const STOPPED = 'import_resume_stopped';
const CLEAN = 'import_resume_clean';

function startImport(targetUrl: string, sourceUrl: string, filePath: string, dataDir: string): ChildProcess {
  return spawn(process.execPath, ['-r', '@swc-node/register', 'src/cli/admin.ts', 'import-galaxy', '--database', sourceUrl, '--file-path', filePath, '--copy', '--batch-size', '3', '--pause-ms', '5'], {
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
  const client = new Client({ connectionString: databaseUrl(database) });
  await client.connect();
  const rows = async (sql: string) => (await client.query(sql)).rows as unknown[];
  try {
    const tables = (await client.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'mikro_orm_migrations' order by tablename")).rows;
    const content: Record<string, unknown> = {};
    for (const { name } of tables) content[name] = (await client.query<{ row: unknown }>(`select to_jsonb(t) as row from "${name}" t order by 1`)).rows.map((r) => r.row);
    content['(sequences)'] = await rows("select sequencename, last_value from pg_sequences where schemaname = 'public' order by sequencename");
    content['(import steps)'] = await rows('select name, last_source_id, rows_read, rows_written, rows_skipped, done from galaxy_import.step order by name');
    content['(import skips)'] = await rows('select step, source_table, source_id, reason, notice from galaxy_import.skip order by step, source_table, source_id, reason');
    content['(import counters)'] = await rows('select target_table, next_id from galaxy_import.counter order by target_table');
    return content;
  } finally {
    await client.end();
  }
}

/** The files of a data directory's object store: path -> sha256 (a copy's temp file, left by a kill, aside). */
function storeOf(dataDir: string): Record<string, string> {
  const root = join(dataDir, 'files');
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!entry.name.includes('.tmp-')) files[relative(root, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(root);
  return files;
}

class Stopped extends Error {}

/**
 * Where the in-process runs stop, each once: a key per kind of point, the first point of that key
 * stopping the run. Inside every step: its middle batch (batches of one row: after half its rows
 * were committed) just before the commit, everything written; the first deferred update of each
 * table a step updates (`update <table>`: the second half of a pair of tables pointing at each
 * other, a folder's parent set once the parent is written) and the first id counter it records,
 * after a committed batch; a copied file of a batch after a committed one; every step between its
 * last batch and being marked done. Around the steps: the run's start, a sequence midway through
 * continuing the sequences (some set, some not), and the run's end before it is marked finished.
 */
function stopKey(point: InterruptionPoint, rowsOf: Map<string, number>): string | null {
  switch (point.phase) {
    case 'begin':
    case 'finish':
      return point.phase;
    case 'step-done':
      return `done ${point.step}`;
    case 'sequence':
      return point.index === 10 ? 'sequence' : null;
    case 'file':
      return point.rowsBefore > 0 ? `file ${point.step}` : null;
    case 'write': {
      const rows = rowsOf.get(point.step) ?? 0;
      if (point.statement === 'commit') return point.rowsBefore === Math.floor(rows / 2) ? `commit ${point.step}` : null;
      const afterCommitted = point.rowsBefore > 0;
      return /^(update|counter) /.test(point.statement) && afterCommitted ? `${point.statement} (${point.step})` : null;
    }
  }
}

onServer('import-galaxy stopped and started again', () => {
  const dataDirs: string[] = [];
  let sourceUrl: string;
  let filePath: string;
  let uninterrupted: Record<string, unknown>;
  let uninterruptedFiles: Record<string, string>;
  /** The rows of each step's source table, for the steps whose table the source has. */
  const rowsOf = new Map<string, number>();

  beforeAll(async () => {
    sourceUrl = await legacyDatabase(SOURCE, 'schema-migrated.sql', 'seed-resume');
    filePath = writeLegacyFiles('import-resume-files');
    const cleanUrl = await freshDatabase(CLEAN);
    const cleanDir = newDataDir('import-clean');
    dataDirs.push(filePath, cleanDir);
    const source = new Client({ connectionString: sourceUrl });
    await source.connect();
    try {
      for (const step of IMPORT_STEPS) {
        const [{ present }] = (await source.query<{ present: boolean }>('select to_regclass($1) is not null as present', [`public.${step.source}`])).rows;
        if (present) rowsOf.set(step.name, Number((await source.query<{ n: string }>(`select count(*) as n from "${step.source}"`)).rows[0].n));
      }
    } finally {
      await source.end();
    }
    // The uninterrupted run, in batches of the default size: the result does not depend on it.
    expect((await importInto(cleanUrl, cleanDir, ['--database', sourceUrl, '--file-path', filePath, '--copy'])).code).toBe(0);
    uninterrupted = await contentOf(CLEAN);
    uninterruptedFiles = storeOf(cleanDir);
  }, patient(60000));

  afterAll(async () => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    for (const name of [SOURCE, KILLED, STOPPED, CLEAN]) await dropDatabase(name);
  });

  async function expectSameAsUninterrupted(database: string, dataDir: string): Promise<void> {
    const content = await contentOf(database);
    for (const table of Object.keys(uninterrupted)) expect([table, content[table]]).toEqual([table, uninterrupted[table]]);
    expect(Object.keys(content)).toEqual(Object.keys(uninterrupted));
    expect(storeOf(dataDir)).toEqual(uninterruptedFiles);
  }

  it('ends, after a SIGKILL, with the same database and files as one uninterrupted run', async () => {
    const killedUrl = await freshDatabase(KILLED);
    const dataDir = newDataDir('import-resume');
    dataDirs.push(dataDir);
    const child = startImport(killedUrl, sourceUrl, filePath, dataDir);
    const exited = exitOf(child);
    // Killed once it has gone past the users, roles, quotas and histories (51 rows), into the datasets and their copies.
    const deadline = Date.now() + patient(30000);
    while ((await rowsRead(KILLED)) < 55 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    child.kill('SIGKILL');
    await exited;
    const killedAt = await rowsRead(KILLED);
    expect(killedAt).toBeGreaterThanOrEqual(55);
    expect(killedAt).toBeLessThan([...rowsOf.values()].reduce((sum, rows) => sum + rows, 0));

    // Continued in batches of another size: the result does not depend on it either.
    expect((await importInto(killedUrl, dataDir, ['--database', sourceUrl, '--file-path', filePath, '--copy', '--batch-size', '50'])).code).toBe(0);
    await expectSameAsUninterrupted(KILLED, dataDir);
  }, patient(60000));

  it('ends, stopped inside every step and around them, each time started again, with the same database and files as one uninterrupted run', async () => {
    const stoppedUrl = await freshDatabase(STOPPED);
    await migratedDatabase(stoppedUrl);
    const dataDir = newDataDir('import-stopped');
    dataDirs.push(dataDir);
    const stops: string[] = [];
    for (let run = 0; run < 1000; run++) {
      try {
        await interruptibleImport({
          sourceUrl,
          targetUrl: stoppedUrl,
          dataDir,
          filePath,
          copy: true,
          batchSize: 1,
          interruptAt: (point) => {
            const key = stopKey(point, rowsOf);
            if (key === null || stops.includes(key)) return;
            stops.push(key);
            throw new Stopped(key);
          },
        });
        break;
      } catch (error) {
        if (!(error instanceof Stopped)) throw error;
      }
    }
    await expectSameAsUninterrupted(STOPPED, dataDir);

    // It was stopped inside every step (each reads two rows or more: after a committed batch), between
    // every step's last batch and its end, and around the steps.
    expect([...rowsOf].filter(([, rows]) => rows < 2)).toEqual([]);
    for (const step of rowsOf.keys()) expect(stops).toEqual(expect.arrayContaining([`commit ${step}`, `done ${step}`]));
    expect(stops).toEqual(expect.arrayContaining(['begin', 'sequence', 'finish', 'file dataset']));
    // The deferred updates of the pairs of tables pointing at each other, and the id counters.
    expect(stops).toEqual(
      expect.arrayContaining([
        'update library (library_folder)',
        'update library_folder (library_folder)',
        'update library_dataset (library_dataset_dataset_association)',
        'update stored_workflow (workflow)',
        'update page (page_revision)',
        'update visualization (visualization_revision)',
        'update form_definition_current (form_definition)',
      ]),
    );
    const tags = ['history_tag_association', 'history_dataset_association_tag_association', 'stored_workflow_tag_association', 'page_tag_association', 'visualization_tag_association'];
    const grants = ['dataset_permissions', 'library_permissions', 'library_folder_permissions', 'library_dataset_permissions', 'library_dataset_dataset_association_permissions', 'request_type_permissions'];
    expect(stops).toEqual(expect.arrayContaining([...tags.map((step) => `counter item_tag (${step})`), ...grants.map((step) => `counter item_permission (${step})`)]));
    if (process.env.SHOW_IMPORT_STOPS) process.stdout.write(`${stops.length} stops:\n${stops.join('\n')}\n`);
  }, patient(60000));

  it('reads every row of every source table a step reads, each written or skipped with a reason', async () => {
    const steps = uninterrupted['(import steps)'] as Array<{ name: string; rows_read: string; rows_written: string; rows_skipped: string }>;
    const byName = new Map(steps.map((row) => [row.name, row]));
    for (const [name, sourceRows] of rowsOf) {
      const row = byName.get(name);
      expect([name, Number(row?.rows_read ?? 0)]).toEqual([name, sourceRows]);
      expect([name, Number(row?.rows_written ?? 0) + Number(row?.rows_skipped ?? 0) >= sourceRows]).toEqual([name, true]);
    }
    expect(await sqlOn(CLEAN, "select * from galaxy_import.skip where reason = ''")).toEqual([]);
  });
});
