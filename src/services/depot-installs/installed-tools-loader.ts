/**
 * Which repositories are installed lives in PostgreSQL; every process holds their tools in its
 * in-memory registry. A process loads them all at start, and loads a new install's tools when the
 * installing process signals it (`NOTIFY depot_tools_changed`); after its signal connection was
 * down, it reloads them all.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DatabaseSignals } from '../../db/signals';
import type { Database } from '../../db/database';
import { sql } from '../../db/sql/sql-statement';
import type { InstalledDatatypeMetadata } from '../../entities/depot-install.entity';
import type { Logger } from '../../logging/logger';
import { parseToolXml } from '../../tools';
import type { InstalledToolEntry, ToolCatalogService } from '../tools';
import { registerInstalledDatatypes } from './installed-datatypes';

interface LoadRow {
  guid: string;
  toolId: string;
  configFile: string;
  lineage: string;
  sectionId: string | null;
  sectionName: string | null;
}

/** The tools of Installed repositories ($1 null: all of them), in install order. */
const TOOLS_TO_LOAD = sql<LoadRow>(
  'installed_tools_to_load',
  `select t.guid, t.tool_id as "toolId", t.config_file as "configFile", t.lineage,
     r.panel_section_id as "sectionId", r.panel_section_name as "sectionName"
   from depot_installed_tool t join tool_shed_repository r on r.id = t.repository_id
   where r.status = 'Installed' and not r.deleted and not r.uninstalled and ($1::int[] is null or r.id = any($1::int[]))
   order by r.id, t.id`,
);

const DATATYPES_TO_LOAD = sql<{ datatypes: InstalledDatatypeMetadata[] | null }>(
  'installed_datatypes_to_load',
  `select r.metadata->'datatypes' as datatypes from tool_shed_repository r
   where r.status = 'Installed' and r.includes_datatypes and not r.deleted and not r.uninstalled and ($1::int[] is null or r.id = any($1::int[]))
   order by r.id`,
);

interface DepotToolsSignal {
  origin: string;
  repositoryIds: number[];
}

function decodeSignal(payload: string): DepotToolsSignal | null {
  try {
    const parsed = JSON.parse(payload) as Partial<DepotToolsSignal>;
    if (typeof parsed.origin !== 'string' || !Array.isArray(parsed.repositoryIds) || !parsed.repositoryIds.every((id) => Number.isInteger(id))) return null;
    return { origin: parsed.origin, repositoryIds: parsed.repositoryIds };
  } catch {
    return null;
  }
}

export class InstalledToolsLoader {
  /** This process's name in its signals (it has loaded its own installs already). */
  readonly origin = randomUUID();
  private missedSignals = false;

  constructor(
    private readonly db: Database,
    private readonly catalog: ToolCatalogService,
    private readonly toolDir: string,
    private readonly log: Logger,
  ) {}

  /** Loads every installed repository's tools, then follows other processes' installs. */
  async start(signals: DatabaseSignals): Promise<void> {
    signals.on('depot_tools_changed', (payload) => {
      const signal = decodeSignal(payload);
      if (!signal) return this.log.warn({ payload }, 'depot tools signal not understood');
      if (signal.origin === this.origin) return;
      this.background(this.load(signal.repositoryIds), 'loading the tools of a repository another process installed');
    });
    signals.onListeningChange((listening) => {
      if (!listening) this.missedSignals = true;
      else if (this.missedSignals) {
        this.missedSignals = false;
        this.background(this.load(null), 'reloading installed tools after signals may have been missed');
      }
    });
    await this.load(null);
  }

  /**
   * Tools (and datatypes) this process is installing itself, parsed already: into its registry before
   * the install is recorded, so that a request here that reads the record Installed finds them.
   */
  addInstalled(entries: readonly InstalledToolEntry[], datatypes: readonly InstalledDatatypeMetadata[]): void {
    registerInstalledDatatypes(datatypes, this.log);
    this.catalog.addInstalled(entries);
  }

  /** The payload that tells the other processes to load these repositories' tools. */
  signalFor(repositoryIds: readonly number[]): string {
    return JSON.stringify({ origin: this.origin, repositoryIds });
  }

  /**
   * Loads the tools (and datatypes) of the given Installed repositories, or of all (null). A tool
   * whose XML is gone or does not parse is logged and left out; the others load.
   */
  async load(repositoryIds: readonly number[] | null): Promise<number> {
    const ids = repositoryIds === null ? null : [...repositoryIds];
    const [rows, datatypes] = await Promise.all([
      this.db.reader.rows(null, TOOLS_TO_LOAD, [ids]),
      this.db.reader.rows(null, DATATYPES_TO_LOAD, [ids]),
    ]);
    registerInstalledDatatypes(datatypes.flatMap((row) => row.datatypes ?? []), this.log);
    const entries: InstalledToolEntry[] = [];
    for (const row of rows) {
      const path = join(this.toolDir, row.configFile);
      try {
        const parsed = parseToolXml(await readFile(path, 'utf8'), path);
        entries.push({
          tool: { ...parsed, id: row.guid },
          oldId: row.toolId,
          lineage: row.lineage,
          section: row.sectionId ? { id: row.sectionId, name: row.sectionName ?? row.sectionId } : null,
        });
      } catch (error) {
        this.log.warn({ guid: row.guid, path, err: error }, 'installed tool failed to load');
      }
    }
    this.catalog.addInstalled(entries);
    return entries.length;
  }

  private background(work: Promise<unknown>, what: string): void {
    work.catch((error: unknown) => this.log.error({ err: error }, `failed ${what}`));
  }
}
