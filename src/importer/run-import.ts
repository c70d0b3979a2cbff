import type { Knex } from '@mikro-orm/knex';
import type { Logger } from '../logging/logger';
import type { ObjectStore } from '../storage/object-store';
import { LegacyDatasetFiles } from './dataset-files';
import type { ImportSettings, ImportStep, Skip, StepKit, TableRows } from './import-step';
import { type InterruptAt, interruptibleFiles } from './interruption';
import type { ProgressDisplay } from './progress-display';
import { type SourceDatabase } from './source-database';
import { TargetDatabase, type StepProgress, type StepState } from './target-database';

export interface ImportReport {
  mode: 'new' | 'resumed' | 'dry-run';
  steps: Array<{ name: string; read: number; written: number; skipped: number }>;
  skips: Array<Skip & { step: string; notice: boolean }>;
  /** All rows carried with a change or a problem (the report lists the first thousand). */
  notices: number;
  seconds: number;
}

export interface ImportRun {
  source: SourceDatabase;
  /** The source named without its password (recorded, to continue only the same import). */
  sourceName: string;
  knex: Knex;
  store: ObjectStore;
  steps: ImportStep[];
  settings: ImportSettings;
  display: ProgressDisplay;
  log: Logger;
  batchSize?: number;
  /** A wait between batches, to spare a busy source database. */
  pauseMs?: number;
  /**
   * For tests only (the command never sets it): called at each point where a killed run could stop
   * (interruption.ts names them). A hook that throws there stops the run as a kill would: the
   * batch's open transaction rolls back, and the next run continues from what was committed.
   */
  interruptAt?: InterruptAt;
}

/**
 * Carries a 15.05 database over, step by step, each step in batches of source rows read by id.
 * Every batch is written with its progress in one transaction, so a run killed at any point
 * continues where its last batch ended and ends as an uninterrupted run would. A dry run reads and
 * converts everything and writes nothing.
 */
export async function runImport(run: ImportRun): Promise<ImportReport> {
  const started = Date.now();
  await run.source.checkVersion();
  const target = new TargetDatabase(run.knex);
  const interrupt: InterruptAt = run.interruptAt ?? (() => undefined);
  const mode = run.settings.dryRun ? 'dry-run' : await target.begin({ source: run.sourceName, filePath: run.settings.filePath, copy: run.settings.copy }, () => interrupt({ phase: 'begin' }));
  if (mode === 'dry-run' && (await target.filledTables()).length > 0) run.log.warn('the target database is not empty: a real run would refuse it');
  const dryRows = new Map<string, Set<number>>();
  const dryReport: ImportReport['steps'] = [];
  const drySkips: ImportReport['skips'] = [];
  const legacyFiles = new LegacyDatasetFiles(run.settings.filePath, run.store);
  const batchSize = run.batchSize ?? 2000;

  // What earlier runs committed: a resumed run passes the steps they finished without a look at the source.
  const states = mode === 'dry-run' ? new Map<string, StepState>() : await target.stepStates();
  for (const step of run.steps) {
    const state = states.get(step.name) ?? { lastSourceId: 0, done: false };
    if (state.done) continue;
    if (!(await run.source.hasTable(step.source))) {
      if (!step.optional) run.log.warn({ step: step.name, table: step.source }, 'the source has no such table; nothing to carry');
      continue;
    }
    const counters = new Map<string, number>();
    // Source rows of this step in committed batches (the batch under way not counted).
    let done = state.lastSourceId > 0 ? await countUpTo(run.source, step.source, state.lastSourceId) : 0;
    const files = run.interruptAt ? interruptibleFiles(legacyFiles, (datasetId) => interrupt({ phase: 'file', step: step.name, rowsBefore: done, datasetId })) : legacyFiles;
    const kit: StepKit = {
      source: run.source,
      settings: run.settings,
      files,
      existing: async (table, ids) => {
        const wanted = [...new Set(ids)];
        if (mode !== 'dry-run') return target.existing(table, wanted);
        const known = dryRows.get(table) ?? new Set<number>();
        return new Set(wanted.filter((id) => known.has(id)));
      },
      newId: (table) => {
        const next = counters.get(table) ?? 1;
        counters.set(table, next + 1);
        return next;
      },
    };
    for (const table of step.targets) {
      const stored = mode === 'dry-run' ? null : await target.counter(table);
      if (stored !== null) counters.set(table, stored);
    }
    const total = await run.source.count(step.source);
    const stepStarted = Date.now();
    run.display.start(step.name, total, done);
    let lastSourceId = state.lastSourceId;
    const summary = { read: 0, written: 0, skipped: 0 };
    for (;;) {
      const rows = await run.source.batchAfter(step.source, lastSourceId, batchSize);
      if (rows.length === 0) break;
      const output = await step.transform(rows, kit);
      lastSourceId = Number(rows[rows.length - 1].id);
      const progress: StepProgress = { step: step.name, lastSourceId, read: rows.length, written: 0, skipped: output.skipped ?? [], notices: output.notices ?? [], counters };
      if (mode === 'dry-run') summary.written += rememberDry(dryRows, output.tables);
      else summary.written += await target.writeBatch(output.tables, progress, (statement) => interrupt({ phase: 'write', step: step.name, rowsBefore: done, statement }));
      if (mode === 'dry-run') drySkips.push(...progress.skipped.map((skip) => ({ ...skip, step: step.name, notice: false })), ...progress.notices.map((skip) => ({ ...skip, step: step.name, notice: true })));
      summary.read += rows.length;
      summary.skipped += progress.skipped.length;
      done += rows.length;
      run.display.advance(step.name, done);
      if (run.pauseMs) await new Promise((resolve) => setTimeout(resolve, run.pauseMs));
    }
    if (mode !== 'dry-run') {
      interrupt({ phase: 'step-done', step: step.name });
      await target.markDone(step.name);
    } else dryReport.push({ name: step.name, ...summary });
    run.display.finish(step.name, { ...summary, seconds: (Date.now() - stepStarted) / 1000 });
  }

  if (mode === 'dry-run') return { mode, steps: dryReport, skips: drySkips, notices: drySkips.filter((skip) => skip.notice).length, seconds: (Date.now() - started) / 1000 };
  await target.continueSequences((sequence, index) => interrupt({ phase: 'sequence', sequence, index }));
  interrupt({ phase: 'finish' });
  await target.finish();
  const report = await target.report();
  const order = new Map(run.steps.map((step, index) => [step.name, index]));
  report.steps.sort((a, b) => (order.get(a.name) ?? 0) - (order.get(b.name) ?? 0));
  return { mode, ...report, seconds: (Date.now() - started) / 1000 };
}

function rememberDry(known: Map<string, Set<number>>, tables: TableRows[]): number {
  let written = 0;
  for (const { table, rows, update } of tables) {
    if (update) continue;
    let ids = known.get(table);
    if (!ids) known.set(table, (ids = new Set()));
    for (const row of rows) if (typeof row.id === 'number') ids.add(row.id);
    written += rows.length;
  }
  return written;
}

async function countUpTo(source: SourceDatabase, table: string, lastId: number): Promise<number> {
  const [row] = await source.query<{ count: string }>(`select count(*) as count from "${table}" where id <= $1`, [lastId]);
  return Number(row?.count ?? 0);
}
