import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/app-config';
import { importGalaxyCommand } from '../../src/importer/import-galaxy-command';
import { createLogger } from '../../src/logging/logger';
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

export function newDataDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `${prefix}-`));
}
