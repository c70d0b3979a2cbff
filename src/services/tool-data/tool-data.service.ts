import { SHIPPED_TOOL_DATA_PATH } from '../../config/app-config';
import type { ServiceContext } from '../../context/service-context';
import type { DatabaseSignals } from '../../db/signals';
import { errors } from '../../errors/error-kinds';
import type { Logger } from '../../logging/logger';
import { type TableFieldView, tableFieldFile, tableFieldView } from '../../tool-data/table-field';
import { type GenomeBuild, GenomeBuilds } from '../../tool-data/genome-builds';
import type { ToolDataTable } from '../../tool-data/tool-data-table';
import { type ToolDataSettings, ToolDataTables } from '../../tool-data/tool-data-tables';
import { dataTableOptions, type SelectOptionsSource } from '../../tools';
import { decodeSignal, encodeSignal, LOCK_TOOL_DATA_FILES, newOrigin, NOTIFY_TOOL_DATA_CHANGED, TOOL_DATA_FILES_LOCK } from './tool-data-signals';

/**
 * Tool data tables for administrators (`/api/tool_data`) and for tools (select options). Every
 * process holds the tables in memory, read from the shared files; a reload or an entry removal in
 * one process is signalled to the others, which re-read the tables named (and everything, after a
 * time their signal connection was down).
 */
export class ToolDataService {
  readonly tables: ToolDataTables;
  private readonly builds: GenomeBuilds;
  private readonly origin = newOrigin();
  private missedSignals = false;

  constructor(
    settings: ToolDataSettings,
    signals: DatabaseSignals,
    private readonly log: Logger,
  ) {
    this.tables = new ToolDataTables(settings, log);
    this.builds = new GenomeBuilds(settings.toolDataPath, SHIPPED_TOOL_DATA_PATH);
    signals.on('tool_data_changed', (payload) => this.signalled(payload));
    signals.onListeningChange((listening) => {
      if (!listening) {
        this.missedSignals = true;
      } else if (this.missedSignals) {
        this.missedSignals = false;
        this.background(this.tables.reloadAll(), 'reloading every tool data table after signals may have been missed');
      }
    });
  }

  /** The genome builds a dataset's Database/Build may name (everyone: the dataset attributes form lists them). */
  genomeBuilds(): GenomeBuild[] {
    return this.builds.list();
  }

  list(ctx: ServiceContext): ToolDataTable[] {
    ctx.caller.requireAdmin();
    return this.tables.list();
  }

  show(ctx: ServiceContext, name: string): ToolDataTable {
    ctx.caller.requireAdmin();
    return this.known(name);
  }

  /** Re-reads the table's files here, and has every other process do the same. */
  async reload(ctx: ServiceContext, name: string): Promise<ToolDataTable> {
    ctx.caller.requireAdmin();
    this.known(name);
    await this.tables.reload([name]);
    await ctx.rows(NOTIFY_TOOL_DATA_CHANGED, [encodeSignal({ origin: this.origin, tables: [name] })]);
    return this.known(name);
  }

  /**
   * Removes the entry whose columns are `values` (tab-separated, one per column) from every file of
   * the table; each file is rewritten atomically, its comments and other lines kept. The platform's
   * texts for what it refuses ("400 text").
   */
  async deleteEntry(ctx: ServiceContext, name: string, values: string | null): Promise<ToolDataTable> {
    ctx.caller.requireAdmin();
    const table = this.tables.get(name);
    if (!table) throw errors.invalid(`Invalid data table id ( ${name} ) specified.`);
    if (!values) throw errors.invalid(`Invalid data table item ( ${values ?? 'None'} ) specified.`);
    const split = values.split('\t');
    const required = table.columnNameList.length;
    if (split.length !== required) {
      throw errors.invalid(`Invalid data table item ( ${values} ) specified. Wrong number of columns (${split.length} given, ${required} required).`);
    }
    // This process's changes one at a time, then every process's file rewrites one at a time (the
    // advisory lock); the signal leaves with the commit, after the files are in place.
    await this.tables.exclusive((writer) =>
      ctx.em.transactional(async () => {
        await ctx.rows(LOCK_TOOL_DATA_FILES, [TOOL_DATA_FILES_LOCK]);
        const changed = await writer.removeEntry(name, split);
        await writer.reread(changed);
        await ctx.rows(NOTIFY_TOOL_DATA_CHANGED, [encodeSignal({ origin: this.origin, tables: changed })]);
      }),
    );
    return this.known(name);
  }

  async field(ctx: ServiceContext, name: string, value: string): Promise<TableFieldView> {
    ctx.caller.requireAdmin();
    const entry = this.known(name).entry(value);
    if (!entry) throw errors.notFound(`No such field ${value} in data table ${name}.`);
    return tableFieldView(entry, this.tables.settings.toolDataPath);
  }

  /** The server path of one of the field's files (given by its name in the field's `files`). */
  async fieldFile(ctx: ServiceContext, name: string, value: string, path: string): Promise<string> {
    const field = await this.field(ctx, name, value);
    const file = await tableFieldFile(field, path);
    if (file === null) throw errors.notFound('No such path in data table field.');
    return file;
  }

  /**
   * Options of `<options from_data_table>` selects from the tables as they are now. A table that is
   * not configured offers no options (as on the platform); other dynamic sources stay unresolved.
   */
  readonly selectOptions: SelectOptionsSource = (param) => {
    const name = param.dynamicOptions?.fromDataTable;
    if (!name || !param.dynamicOptions) return null;
    const table = this.tables.get(name);
    if (!table) return [];
    return dataTableOptions(param.dynamicOptions, { columns: table.definition.columns.byName, rows: table.rows });
  };

  private known(name: string): ToolDataTable {
    const table = this.tables.get(name);
    if (!table) throw errors.notFound(`No such data table ${name}`);
    return table;
  }

  private signalled(payload: string): void {
    const signal = decodeSignal(payload);
    if (!signal) return this.log.warn({ payload }, 'tool data signal not understood');
    if (signal.origin === this.origin) return;
    this.background(this.tables.reload(signal.tables), 'reloading tool data tables another process changed');
  }

  private background(work: Promise<unknown>, what: string): void {
    work.catch((error: unknown) => this.log.error({ err: error }, `failed ${what}`));
  }
}
