import { isAbsolute } from 'node:path';
import { parseArgs } from 'node:util';
import type { AppConfig } from '../config/app-config';
import { openDatabase } from '../db/database';
import type { Logger } from '../logging/logger';
import { DataLayout } from '../storage/data-layout';
import { progressDisplay } from './progress-display';
import { type ImportReport, runImport } from './run-import';
import { SourceDatabase, SourceError } from './source-database';
import { IMPORT_STEPS } from './steps';
import { TargetError } from './target-database';

export const IMPORT_USAGE =
  'usage: npm run admin -- import-galaxy --database <postgres URL of the 15.05 database> --file-path <its file_path> [--copy] [--dry-run] [--batch-size N] [--pause-ms N]';

/**
 * `npm run admin -- import-galaxy …`: carries a 15.05 installation's database (and, with --copy,
 * its files) into this service's database (DATABASE_URL / DATA_DIR). Answers the exit code.
 */
export async function importGalaxyCommand(args: string[], config: AppConfig, log: Logger, out: (line: string) => void): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { database: { type: 'string' }, 'file-path': { type: 'string' }, copy: { type: 'boolean', default: false }, 'dry-run': { type: 'boolean', default: false }, 'batch-size': { type: 'string' }, 'pause-ms': { type: 'string' } },
  });
  const url = values.database;
  const filePath = values['file-path'];
  if (!url || !/^postgres(ql)?:\/\//.test(url) || !filePath || !isAbsolute(filePath)) {
    out(IMPORT_USAGE);
    out('--database must be a postgres:// URL and --file-path an absolute directory');
    return 2;
  }
  const batchSize = values['batch-size'] === undefined ? 2000 : Number(values['batch-size']);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 50000) {
    out('--batch-size must be a whole number from 1 to 50000');
    return 2;
  }
  const pauseMs = values['pause-ms'] === undefined ? 0 : Number(values['pause-ms']);
  if (!Number.isInteger(pauseMs) || pauseMs < 0 || pauseMs > 60000) {
    out('--pause-ms must be a whole number of milliseconds from 0 to 60000');
    return 2;
  }
  if (!process.env.ID_SECRET) out("warning: ID_SECRET is not set: encoded ids will differ from the old installation's unless it is its id_secret");
  const source = new SourceDatabase(url);
  const target = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log, listen: false });
  try {
    await source.open();
    const report = await runImport({
      source,
      sourceName: source.name,
      knex: target.orm.em.getKnex(),
      store: new DataLayout(config.dataDir).objects,
      steps: IMPORT_STEPS,
      settings: { filePath, copy: values.copy ?? false, dryRun: values['dry-run'] ?? false },
      display: progressDisplay(log),
      log,
      batchSize,
      pauseMs,
    });
    printReport(report, out);
    return 0;
  } catch (error) {
    if (error instanceof SourceError || error instanceof TargetError) {
      out(`import refused: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await source.close().catch(() => undefined);
    await target.close();
  }
}

function printReport(report: ImportReport, out: (line: string) => void): void {
  out(report.mode === 'dry-run' ? 'dry run: nothing was written' : `import ${report.mode === 'resumed' ? 'continued and ' : ''}finished in ${report.seconds.toFixed(1)} s`);
  out(`${'kind'.padEnd(40)} ${'read'.padStart(10)} ${'written'.padStart(10)} ${'skipped'.padStart(8)}`);
  for (const step of report.steps) out(`${step.name.padEnd(40)} ${String(step.read).padStart(10)} ${String(step.written).padStart(10)} ${String(step.skipped).padStart(8)}`);
  const skipped = report.skips.filter((skip) => !skip.notice);
  const notices = report.skips.filter((skip) => skip.notice);
  if (skipped.length > 0) out(`${skipped.length} rows skipped:`);
  for (const skip of skipped) out(`  skipped ${skip.sourceTable} ${skip.sourceId}: ${skip.reason}`);
  if (report.notices > 0) out(`${report.notices} rows carried with a change or a problem${report.notices > notices.length ? ` (the first ${notices.length} below; all in the table galaxy_import.skip)` : ''}:`);
  for (const notice of notices) out(`  ${notice.sourceTable} ${notice.sourceId}: ${notice.reason}`);
}
