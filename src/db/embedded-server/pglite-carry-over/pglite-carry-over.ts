import type { Logger } from '../../../logging/logger';
import { countRows, qualified, type SqlQuery, tableKey } from './carry-over-catalog';
import { CarryOverError } from './carry-over-error';
import { type CarryOverPlan, planCarryOver } from './carry-over-plan';
import { readSequences, type SequenceState, writeSequences } from './carry-over-sequences';
import { connectTarget, type MigrateSchemas, redactedUrl, refuseFilledTarget } from './carry-over-target';
import { copyTableRows } from './copy-table-rows';
import { openPgliteSource } from './pglite-source';

export { CarryOverError } from './carry-over-error';

/**
 * Told as each step ends, and after each batch of a table: `done` of `total` units of the step (rows
 * of a table, 0 of 0 for an empty one; the sequences set; the tables counted on both sides; 1 of 1
 * for the steps that are one thing). One call per table at least, so a CLI can print a line a call.
 */
export interface CarryOverProgress {
  (step: string, done: number, total: number): void;
}

export interface CarryOverResult {
  tables: { schema: string; table: string; rows: number }[];
  sequences: number;
}

export interface CarryOverOptions {
  /** The PGlite data directory (`DATA_DIR/pgdata`); only read (a private copy of it is opened). */
  pgliteDir: string;
  /** An empty database on a PostgreSQL server. */
  targetUrl: string;
  log: Logger;
  progress?: CarryOverProgress;
  /** Migrates the platform's and the depot's schemas of a database (database.ts's migrateAllSchemas). */
  migrateSchemas: MigrateSchemas;
}

/**
 * Carries the data of a PGlite directory (the embedded database of earlier releases) into an empty
 * PostgreSQL database: the target is checked to hold no row, a private copy of the directory is
 * opened and migrated to this release's schema, the target is migrated by the ordinary code, then
 * every table of the platform's and the depot's schemas is copied in one transaction of the target
 * (foreign keys unchecked while it runs), the row counts of both sides compared and the sequences
 * set. Whatever fails, the target keeps no row (its migrated, empty tables stay) and the directory
 * is left byte for byte as it was.
 */
export async function carryOverPglite(options: CarryOverOptions): Promise<CarryOverResult> {
  const { log, targetUrl } = options;
  const progress: CarryOverProgress = options.progress ?? (() => undefined);
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const result = await run();
    progress(name, 1, 1);
    return result;
  };
  // The target is only read until the source has opened: a source that cannot be read writes nothing.
  const target = await connectTarget(targetUrl);
  try {
    await step('check that the target is empty', () => refuseFilledTarget(target.query));
    const source = await step('open a copy of the PGlite directory', () => openPgliteSource(options.pgliteDir, log, options.migrateSchemas));
    try {
      const applied = source.migrated.length;
      progress(`migrate the copy of the source${applied > 0 ? ` (${source.migrated.join(', ')})` : ' (up to date)'}`, applied, applied);
      await step('migrate the target', () => options.migrateSchemas(targetUrl));
      const plan = await step('compare the schemas', () => planCarryOver(source.query, target.query, (table) => countRows(source.query, table)));
      log.info({ target: redactedUrl(targetUrl), tables: plan.tables.length, rows: plan.tables.reduce((sum, table) => sum + table.rows, 0) }, 'carry-over: copying');
      const result = await copyInOneTransaction(source.query, target.query, plan, progress);
      log.info({ tables: result.tables.length, sequences: result.sequences }, 'carry-over: done');
      return result;
    } finally {
      await source.close();
    }
  } finally {
    await target.close();
  }
}

async function copyInOneTransaction(source: SqlQuery, target: SqlQuery, plan: CarryOverPlan, progress: CarryOverProgress): Promise<CarryOverResult> {
  const targetSequencesBefore = await readSequences(target, plan.sequences);
  let sequencesWritten = false;
  await target('BEGIN');
  try {
    await replicaRole(target);
    // No other session writes (or reads half a copy) until the commit.
    await target(`LOCK TABLE ${plan.tables.map((table) => qualified(table.schema, table.table)).join(', ')} IN ACCESS EXCLUSIVE MODE`);
    await refuseFilledTarget(target);
    for (const table of plan.tables) {
      const copied = await copyTableRows(source, target, table, (sofar) => progress(tableKey(table), sofar, table.rows));
      if (copied === 0) progress(tableKey(table), 0, table.rows);
    }
    await verifyCounts(target, plan, progress);
    const states = await readSequences(source, plan.sequences);
    sequencesWritten = true;
    await writeSequences(target, states);
    progress('sequences', states.length, states.length);
    await target('COMMIT');
    return { tables: plan.tables.map(({ schema, table, rows }) => ({ schema, table, rows })), sequences: states.length };
  } catch (error) {
    await target('ROLLBACK').catch(() => undefined);
    if (sequencesWritten) await restoreSequences(target, targetSequencesBefore);
    throw error;
  }
}

/** Foreign keys (and the signal triggers) are not fired for the copy's writes: tables are copied in any order. */
async function replicaRole(target: SqlQuery): Promise<void> {
  try {
    await target('SET LOCAL session_replication_role = replica');
  } catch (error) {
    throw new CarryOverError(
      `The target's user cannot set session_replication_role (${error instanceof Error ? error.message : String(error)}): carry over as a superuser of the target server.`,
    );
  }
}

async function verifyCounts(target: SqlQuery, plan: CarryOverPlan, progress: CarryOverProgress): Promise<void> {
  const differing: string[] = [];
  for (const table of plan.tables) {
    const rows = await countRows(target, table);
    if (rows !== table.rows) differing.push(`${tableKey(table)}: ${table.rows} in the source, ${rows} in the target`);
  }
  progress('compare row counts', plan.tables.length - differing.length, plan.tables.length);
  if (differing.length > 0) throw new CarryOverError(`Row counts differ after the copy (${differing.join('; ')}): rolled back, nothing was written.`);
}

/** setval outlives a rollback: the target's sequences are put back as they were. */
async function restoreSequences(target: SqlQuery, states: SequenceState[]): Promise<void> {
  await writeSequences(target, states).catch(() => undefined);
}
