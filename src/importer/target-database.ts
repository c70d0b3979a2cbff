import type { Knex } from '@mikro-orm/knex';
import type { Skip, TableRows } from './import-step';
import { quoted } from './source-database';

/** What the import keeps of its own progress, in a schema of its own beside the service's tables. */
const BOOKKEEPING = `
create schema if not exists galaxy_import;
create table if not exists galaxy_import.run (
  id int primary key default 1 check (id = 1),
  source text not null, file_path text not null, copy boolean not null,
  started_at timestamptz not null default now(), finished_at timestamptz null);
create table if not exists galaxy_import.step (
  name varchar(64) primary key, last_source_id bigint not null default 0,
  rows_read bigint not null default 0, rows_written bigint not null default 0, rows_skipped bigint not null default 0,
  done boolean not null default false);
create table if not exists galaxy_import.counter (target_table varchar(64) primary key, next_id bigint not null);
create table if not exists galaxy_import.skip (
  id bigserial primary key, step varchar(64) not null, source_table varchar(64) not null, source_id bigint not null,
  reason text not null, notice boolean not null default false);
`;

export interface StepState {
  lastSourceId: number;
  done: boolean;
}

export interface StepProgress {
  step: string;
  lastSourceId: number;
  read: number;
  written: number;
  skipped: Skip[];
  notices: Skip[];
  counters: Map<string, number>;
}

export interface RunRecord {
  source: string;
  filePath: string;
  copy: boolean;
}

/** This service's database as the import writes it: batches in transactions, with their progress. */
export class TargetDatabase {
  constructor(private readonly knex: Knex) {}

  private async rows<T>(sql: string, bindings: unknown[] = [], runner: Knex | Knex.Transaction = this.knex): Promise<T[]> {
    const result = (await runner.raw(sql, bindings as Knex.RawBinding[])) as { rows: T[] };
    return result.rows;
  }

  /**
   * Starts or resumes a run. A new run needs a database with no rows in any of the service's
   * tables; a run that was stopped continues only with the same source and settings.
   */
  async begin(run: RunRecord, beforeRecording: () => void = () => undefined): Promise<'new' | 'resumed'> {
    await this.knex.raw(BOOKKEEPING);
    const [previous] = await this.rows<{ source: string; file_path: string; copy: boolean }>('select source, file_path, copy from galaxy_import.run');
    if (previous) {
      if (previous.source !== run.source || previous.file_path !== run.filePath || previous.copy !== run.copy) {
        throw new TargetError(`this database holds an import from ${previous.source} (file path ${previous.file_path}${previous.copy ? ', copied' : ''}); it can only be continued with the same source and settings`);
      }
      return 'resumed';
    }
    const filled = await this.filledTables();
    if (filled.length > 0) throw new TargetError(`the target database is not empty (${filled.slice(0, 5).join(', ')}${filled.length > 5 ? ', …' : ''} hold rows): import into a new database only`);
    beforeRecording();
    await this.knex.raw('insert into galaxy_import.run (source, file_path, copy) values (?, ?, ?)', [run.source, run.filePath, run.copy]);
    return 'new';
  }

  /** The service's tables that hold rows (the applied migrations aside). */
  async filledTables(): Promise<string[]> {
    const tables = await this.rows<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'mikro_orm_migrations' order by tablename");
    const filled: string[] = [];
    for (const { name } of tables) {
      const [row] = await this.rows<{ filled: boolean }>(`select exists (select 1 from ${quoted(name)}) as filled`);
      if (row?.filled) filled.push(name);
    }
    return filled;
  }

  /** Where each step that has begun stands (a step not named has not begun). */
  async stepStates(): Promise<Map<string, StepState>> {
    const rows = await this.rows<{ name: string; last_source_id: string; done: boolean }>('select name, last_source_id, done from galaxy_import.step');
    return new Map(rows.map((row) => [row.name, { lastSourceId: Number(row.last_source_id), done: row.done }]));
  }

  async counter(table: string): Promise<number | null> {
    const [row] = await this.rows<{ next_id: string }>('select next_id from galaxy_import.counter where target_table = ?', [table]);
    return row ? Number(row.next_id) : null;
  }

  async existing(table: string, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.rows<{ id: number }>(`select id from ${quoted(table)} where id = any(?::int[])`, [ids]);
    return new Set(rows.map((row) => Number(row.id)));
  }

  /**
   * Writes one batch and its progress in one transaction: a run killed here loses the whole batch,
   * never part of it. `before` is called before each statement and before the commit (interruption.ts).
   */
  async writeBatch(tables: TableRows[], progress: StepProgress, before: (statement: string) => void = () => undefined): Promise<number> {
    return this.knex.transaction(async (trx) => {
      // Nobody follows a database being filled: its rows signal no subscription.
      await trx.raw("set local platform.history_signals = 'off'");
      let written = 0;
      for (const { table, rows, update } of tables) {
        if (rows.length === 0) continue;
        const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))].map(quoted);
        const list = columns.join(', ');
        before(`${update ? 'update' : 'insert'} ${table}`);
        if (update) {
          const set = columns.filter((column) => column !== '"id"').map((column) => `${column} = r.${column}`).join(', ');
          await trx.raw(`update ${quoted(table)} t set ${set} from json_populate_recordset(null::${quoted(table)}, ?::json) r where t.id = r.id`, [JSON.stringify(rows)]);
          continue;
        }
        await trx.raw(`insert into ${quoted(table)} (${list}) select ${list} from json_populate_recordset(null::${quoted(table)}, ?::json)`, [JSON.stringify(rows)]);
        written += rows.length;
      }
      await this.recordProgress(trx, progress, written, before);
      before('commit');
      return written;
    });
  }

  private async recordProgress(trx: Knex.Transaction, progress: StepProgress, written: number, before: (statement: string) => void): Promise<void> {
    before('progress');
    await trx.raw(
      `insert into galaxy_import.step (name, last_source_id, rows_read, rows_written, rows_skipped) values (?, ?, ?, ?, ?)
       on conflict (name) do update set last_source_id = excluded.last_source_id, rows_read = step.rows_read + excluded.rows_read,
         rows_written = step.rows_written + excluded.rows_written, rows_skipped = step.rows_skipped + excluded.rows_skipped`,
      [progress.step, progress.lastSourceId, progress.read, written, progress.skipped.length],
    );
    const marks = [...progress.skipped.map((skip) => ({ skip, notice: false })), ...progress.notices.map((skip) => ({ skip, notice: true }))];
    if (marks.length > 0) {
      before('skips');
      await trx.raw(
        `insert into galaxy_import.skip (step, source_table, source_id, reason, notice)
         select ?, s.source_table, s.source_id, s.reason, s.notice from json_to_recordset(?::json) as s(source_table text, source_id bigint, reason text, notice boolean)`,
        [progress.step, JSON.stringify(marks.map(({ skip, notice }) => ({ source_table: skip.sourceTable, source_id: skip.sourceId, reason: skip.reason, notice })))],
      );
    }
    for (const [table, nextId] of progress.counters) {
      before(`counter ${table}`);
      await trx.raw('insert into galaxy_import.counter (target_table, next_id) values (?, ?) on conflict (target_table) do update set next_id = excluded.next_id', [table, nextId]);
    }
  }

  async markDone(step: string): Promise<void> {
    await this.knex.raw(
      'insert into galaxy_import.step (name, done) values (?, true) on conflict (name) do update set done = true',
      [step],
    );
  }

  /** Every sequence of the service's tables continues after the largest id imported (in name order; `before` is called before each). */
  async continueSequences(before: (sequence: string, index: number) => void = () => undefined): Promise<void> {
    const owned = await this.rows<{ sequence: string; table_name: string; column_name: string }>(
      `select s.oid::regclass::text as sequence, t.relname as table_name, a.attname as column_name
       from pg_class s join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       join pg_class t on t.oid = d.refobjid join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
       join pg_namespace n on n.oid = t.relnamespace
       where s.relkind = 'S' and n.nspname = 'public'
       order by 1`,
    );
    for (const [index, { sequence, table_name: table, column_name: column }] of owned.entries()) {
      before(sequence, index);
      await this.knex.raw(`select setval(?::regclass, coalesce((select max(${quoted(column)}) from ${quoted(table)}), 0) + 1, false)`, [sequence]);
    }
  }

  async finish(): Promise<void> {
    await this.knex.raw('update galaxy_import.run set finished_at = now() where finished_at is null');
  }

  /**
   * The counts per step, every skipped row, and the first `noticeLimit` rows carried with a change
   * (a large installation with its files elsewhere can have a notice per dataset: they stay in
   * galaxy_import.skip, and their number is given).
   */
  async report(noticeLimit = 1000): Promise<{ steps: Array<{ name: string; read: number; written: number; skipped: number }>; skips: Array<Skip & { step: string; notice: boolean }>; notices: number }> {
    const steps = await this.rows<{ name: string; rows_read: string; rows_written: string; rows_skipped: string }>('select name, rows_read, rows_written, rows_skipped from galaxy_import.step');
    const skips = await this.rows<{ step: string; source_table: string; source_id: string; reason: string; notice: boolean }>(
      '(select step, source_table, source_id, reason, notice, id from galaxy_import.skip where not notice) union all (select step, source_table, source_id, reason, notice, id from galaxy_import.skip where notice order by id limit ?) order by id',
      [noticeLimit],
    );
    const [count] = await this.rows<{ n: string }>('select count(*) as n from galaxy_import.skip where notice');
    return {
      notices: Number(count?.n ?? 0),
      steps: steps.map((row) => ({ name: row.name, read: Number(row.rows_read), written: Number(row.rows_written), skipped: Number(row.rows_skipped) })),
      skips: skips.map((row) => ({ step: row.step, sourceTable: row.source_table, sourceId: Number(row.source_id), reason: row.reason, notice: row.notice })),
    };
  }
}

export class TargetError extends Error {}
