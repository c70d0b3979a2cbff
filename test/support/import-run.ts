import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/app-config';
import { knex } from '@mikro-orm/knex';
import { openDatabase } from '../../src/db/database';
import { serverAfterCreate } from '../../src/db/server-session';
import { importGalaxyCommand } from '../../src/importer/import-galaxy-command';
import type { InterruptAt } from '../../src/importer/interruption';
import { progressDisplay } from '../../src/importer/progress-display';
import { type ImportReport, runImport } from '../../src/importer/run-import';
import { SourceDatabase } from '../../src/importer/source-database';
import { IMPORT_STEPS } from '../../src/importer/steps';
import { createLogger } from '../../src/logging/logger';
import { DataLayout } from '../../src/storage/data-layout';
import { DEFAULT_ID_SECRET } from './test-platform';

export interface ImportOutcome {
  code: number;
  lines: string[];
}

/** Runs `npm run admin -- import-galaxy` in this process, into a target database and data directory. */
export async function importInto(targetUrl: string, dataDir: string, args: string[]): Promise<ImportOutcome> {
  const lines: string[] = [];
  const config = loadConfig({ DATABASE_URL: targetUrl, DATA_DIR: dataDir, ID_SECRET: DEFAULT_ID_SECRET });
  const code = await importGalaxyCommand(args, config, createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'), (line) => lines.push(line));
  return { code, lines };
}

export interface InterruptibleImport {
  sourceUrl: string;
  targetUrl: string;
  dataDir: string;
  filePath: string;
  copy: boolean;
  batchSize: number;
  /** The run's test hook: throwing from it stops the run there (see src/importer/interruption.ts). */
  interruptAt: InterruptAt;
}

/** Brings a new database to the service's schema, as the command's first run would. */
export async function migratedDatabase(url: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: url, log: createLogger('silent'), listen: false });
  await database.close();
}

/**
 * One run of the import as the command makes it, with the test hook the command never sets, into a
 * database already migrated (migratedDatabase): connections of its own to both databases (a new
 * process's: the pooled connections' settings, not the ORM), closed when it ends or is stopped.
 */
export async function interruptibleImport(run: InterruptibleImport): Promise<ImportReport> {
  const log = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  const source = new SourceDatabase(run.sourceUrl);
  const target = knex({
    client: 'pg',
    connection: run.targetUrl,
    pool: { min: 0, max: 2, afterCreate: serverAfterCreate },
  });
  try {
    await source.open();
    return await runImport({
      source,
      sourceName: source.name,
      knex: target,
      store: new DataLayout(run.dataDir).objects,
      steps: IMPORT_STEPS,
      settings: { filePath: run.filePath, copy: run.copy, dryRun: false },
      display: progressDisplay(log),
      log,
      batchSize: run.batchSize,
      interruptAt: run.interruptAt,
    });
  } finally {
    await source.close().catch(() => undefined);
    await target.destroy();
  }
}

export function newDataDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `${prefix}-`));
}
