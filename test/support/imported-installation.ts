import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importInto, newDataDir } from './import-run';
import { copiedDatabase, databaseUrl, dropDatabase, freshDatabase, legacyDatabase, type LegacySchema, writeLegacyFile } from './legacy-installation';
import { startTestPlatform, type TestPlatform } from './test-platform';

/**
 * The files the seeded 15.05 installation (test/importer/seed) holds in its file_path, by dataset id.
 * Dataset 16 should have one and has none; 8 is purged; 1234 lies in directory 001; 17's is shorter
 * than the size the database recorded.
 */
export const LEGACY_FILES: Record<number, string> = {
  1: '@r1\nACGT\n+\nIIII\n@r2\nTTGA\n+\nIIII\n',
  2: 'gene\tcount\nBRCA1\t12\nTP53\t7\n',
  3: 'partial output\n',
  9: 'old notes\n',
  10: 'sample1\n',
  11: 'sample2\n',
  12: 'sample3\n',
  13: 'core facility only\n',
  14: 'for everyone\n',
  15: 'chr1\t100\t200\nchr2\t5\t9\n',
  // 40 bytes recorded: the file was cut short since.
  17: 'cut short\n',
  1234: 'far away\n',
  1001: 'reads v1\n',
  1002: 'reads v2\n',
  1003: 'core only\n',
  1004: 'old\n',
  1005: 'input\n',
  1006: 'output\n',
};

/** Writes the installation's files in the 15.05 layout into a new directory. */
export function writeLegacyFiles(prefix: string): string {
  const filePath = mkdtempSync(join(tmpdir(), `${prefix}-`));
  for (const [id, content] of Object.entries(LEGACY_FILES)) writeLegacyFile(filePath, Number(id), content);
  return filePath;
}

interface SharedImport {
  /** The imported database, copied (as a template) for each test file. */
  template: string;
  filePath: string;
  /** What the import printed: its report. */
  lines: string[];
}

const imports = new Map<LegacySchema, Promise<SharedImport>>();

/** The seeded installation imported once per schema dump in this test process, its files left in place. */
function importOnce(schema: LegacySchema): Promise<SharedImport> {
  let running = imports.get(schema);
  if (!running) {
    running = (async () => {
      const tag = schema === 'schema.sql' ? 'mapped' : 'migrated';
      const source = `import_shared_source_${tag}`;
      const template = `import_shared_target_${tag}`;
      const sourceUrl = await legacyDatabase(source, schema);
      const targetUrl = await freshDatabase(template);
      const filePath = writeLegacyFiles(`import-shared-files-${tag}`);
      process.once('exit', () => rmSync(filePath, { recursive: true, force: true }));
      const dataDir = newDataDir('import-shared');
      try {
        const run = await importInto(targetUrl, dataDir, ['--database', sourceUrl, '--file-path', filePath]);
        if (run.code !== 0) throw new Error(`the import of the seeded installation (${schema}) failed:\n${run.lines.join('\n')}`);
        return { template, filePath, lines: run.lines };
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
        await dropDatabase(source);
      }
    })();
    imports.set(schema, running);
  }
  return running;
}

export interface ImportedCopy {
  /** A platform started on a copy of the imported database, with the old ID_SECRET. */
  h: TestPlatform;
  /** The copy's database name (for sqlOn). */
  database: string;
  filePath: string;
  lines: string[];
  close(): Promise<void>;
}

/**
 * A copy of the imported seeded installation under a name of the test file's, and a platform on it
 * with a data directory of its own: what a test file changes stays its own.
 */
export async function openImportedCopy(schema: LegacySchema, database: string): Promise<ImportedCopy> {
  const shared = await importOnce(schema);
  await copiedDatabase(database, shared.template);
  const dataDir = newDataDir(`${database}-data`);
  const h = await startTestPlatform({ DATABASE_URL: databaseUrl(database) }, { reset: false, dataDir });
  return {
    h,
    database,
    filePath: shared.filePath,
    lines: shared.lines,
    close: async () => {
      await h.close();
      rmSync(dataDir, { recursive: true, force: true });
      await dropDatabase(database);
    },
  };
}
