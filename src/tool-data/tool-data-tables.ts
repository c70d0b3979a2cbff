/**
 * The tool data tables of this process: read from the configuration files at start, re-read table by
 * table on reload. Changes to the tables (reloads, entry removals) run one at a time, so an older
 * read never replaces a newer one. Other processes learn of changes through database signals (the
 * service's job); the files themselves are the shared truth.
 */
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { chmod, readFile, stat, writeFile } from 'node:fs/promises';
import type { Logger } from '../logging/logger';
import { writeAtomically } from '../storage/atomic-write';
import { removeEntryFromLocText, withoutSeparators } from './loc-file';
import { parseTableConfigs } from './table-config';
import { buildTable, readingOf, type ToolDataTable } from './tool-data-table';

export interface ToolDataSettings {
  /** `tool_data_table_conf.xml` files, in order (TOOL_DATA_TABLE_CONFIG). */
  configFiles: readonly string[];
  /** Where relative `.loc` paths lie (TOOL_DATA_PATH). */
  toolDataPath: string;
}

/** What may only run while the tables are held (inside `exclusive`). */
export interface TableWriter {
  /** Rewrites every file of the table without the entry; answers the tables that read a changed file. */
  removeEntry(name: string, values: readonly string[]): Promise<string[]>;
  /** Re-reads the named tables from their files. */
  reread(names: readonly string[]): Promise<void>;
}

/** A rewrite takes milliseconds; a temporary file this old belongs to no running one. */
const ORPHAN_GRACE_MS = 10 * 60_000;

function readSync(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

async function readAsync(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return null;
  }
}

export class ToolDataTables {
  private readonly tables = new Map<string, ToolDataTable>();
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    readonly settings: ToolDataSettings,
    private readonly log: Logger,
  ) {
    const configs: Array<{ path: string; text: string }> = [];
    for (const path of settings.configFiles) {
      const text = readSync(path);
      if (text === null) log.warn({ configFile: path }, 'tool data table configuration not found');
      else configs.push({ path, text });
    }
    const parsed = parseTableConfigs(configs, settings.toolDataPath);
    for (const problem of parsed.problems) log.error(problem, 'tool data table not loaded');
    for (const skipped of parsed.skippedUrls) log.info(skipped, 'tool data table file given by URL is not fetched');
    for (const definition of parsed.tables) {
      const texts = new Map(definition.files.map((file) => [file.path, readSync(file.path)] as const));
      this.install(buildTable(definition, texts));
    }
    this.sweepOrphanedRewrites();
  }

  /**
   * Temporary files of rewrites a stopped process left behind (`<file>.tmp-<hex>`, see atomic-write),
   * once they are old enough that no running rewrite can own them.
   */
  private sweepOrphanedRewrites(): void {
    const cutoff = Date.now() - ORPHAN_GRACE_MS;
    const files = new Set(this.list().flatMap((table) => table.definition.files.map((file) => file.path)));
    for (const directory of new Set([...files].map((path) => dirname(path)))) {
      let names: string[];
      try {
        names = readdirSync(directory);
      } catch {
        continue;
      }
      for (const name of names) {
        const match = /^(.*)\.tmp-[0-9a-f]{12}$/.exec(name);
        const path = join(directory, name);
        if (!match || !files.has(join(directory, match[1]!))) continue;
        try {
          if (statSync(path).mtimeMs >= cutoff) continue;
          rmSync(path, { force: true });
          this.log.info({ file: path }, 'removed an orphaned temporary file of a tool data table rewrite');
        } catch {
          // gone already, or not ours to remove
        }
      }
    }
  }

  list(): ToolDataTable[] {
    return [...this.tables.values()];
  }

  get(name: string): ToolDataTable | undefined {
    return this.tables.get(name);
  }

  /** Runs `work` when every earlier change of this process's tables has finished. */
  exclusive<T>(work: (writer: TableWriter) => Promise<T>): Promise<T> {
    const run = this.turn.then(() => work(this.writer));
    this.turn = run.catch(() => undefined);
    return run;
  }

  /** Re-reads the named tables (unknown names are ignored). */
  reload(names: readonly string[]): Promise<void> {
    return this.exclusive((writer) => writer.reread(names));
  }

  reloadAll(): Promise<void> {
    return this.reload([...this.tables.keys()]);
  }

  private readonly writer: TableWriter = {
    reread: async (names) => {
      for (const name of new Set(names)) {
        const current = this.tables.get(name);
        if (!current) continue;
        const texts = new Map<string, string | null>();
        for (const file of current.definition.files) texts.set(file.path, await readAsync(file.path));
        this.install(buildTable(current.definition, texts));
      }
    },
    removeEntry: async (name, values) => {
      const table = this.tables.get(name);
      if (!table) return [];
      const changed: string[] = [];
      for (const file of table.definition.files) {
        const text = await readAsync(file.path);
        if (text === null) {
          this.log.warn({ table: name, file: file.path }, 'tool data table file not found; nothing removed from it');
          continue;
        }
        const result = removeEntryFromLocText(text, withoutSeparators(values, file.separator), readingOf(table.definition, file));
        if (result.removed === 0) continue;
        const { mode } = await stat(file.path);
        await writeAtomically(file.path, async (temp) => {
          await writeFile(temp, result.text, 'utf8');
          await chmod(temp, mode & 0o7777);
        });
        changed.push(file.path);
        this.log.info({ table: name, file: file.path, removed: result.removed }, 'tool data table entry removed');
      }
      // Nothing matched: the table is still re-read, as the platform does after a removal.
      return changed.length ? this.namesReading(changed) : [name];
    },
  };

  /** The tables that read any of these files (several tables may share one). */
  private namesReading(paths: readonly string[]): string[] {
    return this.list()
      .filter((table) => table.definition.files.some((file) => paths.includes(file.path)))
      .map((table) => table.name);
  }

  private install(table: ToolDataTable): void {
    this.tables.set(table.name, table);
    for (const file of table.files) {
      if (!file.found) this.log.warn({ table: table.name, file: file.path }, 'cannot find the index file of a tool data table');
      for (const line of file.invalid) {
        this.log.warn({ table: table.name, file: file.path, line: line.line }, 'tool data table line has too few fields (fields are separated by the table separator)');
      }
    }
  }
}
