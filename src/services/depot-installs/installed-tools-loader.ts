/**
 * Which repositories are installed lives in PostgreSQL; every process holds their tools in its
 * in-memory registry. A process loads them all at start, and loads a new install's tools when the
 * installing process signals it (`NOTIFY depot_tools_changed`); after its signal connection was
 * down, it reloads them all.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServiceContext } from '../../context/service-context';
import type { DatabaseSignals } from '../../db/signals';
import type { Database } from '../../db/database';
import { sql } from '../../db/sql/sql-statement';
import type { InstalledDatatypeMetadata } from '../../entities/depot-install.entity';
import type { Logger } from '../../logging/logger';
import { parseToolXml } from '../../tools';
import type { InstalledToolEntry, ToolCatalogService, ToolSetChanges } from '../tools';
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

/**
 * `rebuild`: the tool set is made anew rather than added to (tools went away: a repository
 * deactivated or uninstalled, `installed`; or an administrator reloaded the tools, `all`: TOOL_DIRS
 * read again too).
 */
export type ToolSetRebuild = 'installed' | 'all';

interface DepotToolsSignal {
  origin: string;
  repositoryIds: number[];
  rebuild?: ToolSetRebuild;
}

function decodeSignal(payload: string): DepotToolsSignal | null {
  try {
    const parsed = JSON.parse(payload) as Partial<DepotToolsSignal>;
    if (typeof parsed.origin !== 'string' || !Array.isArray(parsed.repositoryIds) || !parsed.repositoryIds.every((id) => Number.isInteger(id))) return null;
    const rebuild = parsed.rebuild === 'installed' || parsed.rebuild === 'all' ? parsed.rebuild : undefined;
    return { origin: parsed.origin, repositoryIds: parsed.repositoryIds, rebuild };
  } catch {
    return null;
  }
}

/** Sends the signal in the caller's transaction (it leaves at commit). */
export const NOTIFY_DEPOT_TOOLS_CHANGED = sql<{ sent: boolean }>('depot_tools_notify', "select true as sent from pg_notify('depot_tools_changed', $1)");

export class InstalledToolsLoader {
  /** This process's name in its signals (it has loaded its own installs already). */
  readonly origin = randomUUID();
  private missedSignals = false;
  /** Tools added to the registry so far (a rebuild whose read they overtook reads again). */
  private additions = 0;

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
      if (signal.rebuild) this.background(this.rebuild(signal.rebuild), 'making the tool set anew as another process asked');
      else this.background(this.load(signal.repositoryIds), 'loading the tools of a repository another process installed');
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
    this.additions += 1;
    this.catalog.addInstalled(entries);
  }

  /** The payload that tells the other processes to load these repositories' tools. */
  signalFor(repositoryIds: readonly number[], rebuild?: ToolSetRebuild): string {
    return JSON.stringify({ origin: this.origin, repositoryIds, ...(rebuild ? { rebuild } : {}) });
  }

  /**
   * "Reload tools" (administrators): TOOL_DIRS read again and the installed repositories' tools
   * loaded anew, here and then in every other server process (the signal leaves at commit). Answers
   * what changed here.
   */
  async reloadTools(ctx: ServiceContext): Promise<ToolSetChanges> {
    ctx.caller.requireAdmin();
    const changes = await this.rebuild('all');
    await ctx.rows(NOTIFY_DEPOT_TOOLS_CHANGED, [this.signalFor([], 'all')]);
    this.log.info({ added: changes.added.length, removed: changes.removed.length, changed: changes.changed.length }, 'tools reloaded');
    return changes;
  }

  /**
   * Makes this process's tool set anew from the built-ins, TOOL_DIRS (read again from disk for
   * `all`) and every Installed repository's tools as the database says now. Answers what changed.
   */
  async rebuild(rebuild: ToolSetRebuild): Promise<ToolSetChanges> {
    for (let attempt = 1; ; attempt += 1) {
      const before = this.additions;
      const { entries, datatypes } = await this.read(null);
      // An install that added its tools while this read ran may be missing from it: read again.
      if (this.additions !== before && attempt < 5) continue;
      registerInstalledDatatypes(datatypes, this.log);
      return this.catalog.rebuild(entries, { rereadDirectories: rebuild === 'all' });
    }
  }

  /**
   * Loads the tools (and datatypes) of the given Installed repositories, or of all (null). A tool
   * whose XML is gone or does not parse is logged and left out; the others load.
   */
  async load(repositoryIds: readonly number[] | null): Promise<number> {
    const { entries, datatypes } = await this.read(repositoryIds);
    registerInstalledDatatypes(datatypes, this.log);
    this.additions += 1;
    this.catalog.addInstalled(entries);
    return entries.length;
  }

  /** The tools (parsed) and datatypes of the given Installed repositories, or of all (null). */
  private async read(repositoryIds: readonly number[] | null): Promise<{ entries: InstalledToolEntry[]; datatypes: InstalledDatatypeMetadata[] }> {
    const ids = repositoryIds === null ? null : [...repositoryIds];
    const [rows, datatypes] = await Promise.all([
      this.db.reader.rows(null, TOOLS_TO_LOAD, [ids]),
      this.db.reader.rows(null, DATATYPES_TO_LOAD, [ids]),
    ]);
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
    return { entries, datatypes: datatypes.flatMap((row) => row.datatypes ?? []) };
  }

  private background(work: Promise<unknown>, what: string): void {
    work.catch((error: unknown) => this.log.error({ err: error }, `failed ${what}`));
  }
}
