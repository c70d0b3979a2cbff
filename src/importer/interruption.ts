import type { DatasetFiles } from './import-step';

/**
 * A place where a killed import can stop, named for tests that stop a run there as a kill would
 * (see `ImportRun.interruptAt`). `rowsBefore` counts the step's source rows whose batches were
 * committed before the one under way (the same on a resumed run as on the run that read them).
 */
export type InterruptionPoint =
  /** A new run, before it records itself (its bookkeeping schema made). */
  | { phase: 'begin' }
  /** A dataset's file was copied or checked while its batch was converted, before the batch is written. */
  | { phase: 'file'; step: string; rowsBefore: number; datasetId: number }
  /**
   * Inside a batch's transaction, before one of its statements: `insert <table>`, `update <table>`
   * (the deferred half of a pair of tables pointing at each other), `progress`, `skips`,
   * `counter <table>` (the next id of a table whose rows get new ids), then `commit`, once all are
   * written and before the transaction commits.
   */
  | { phase: 'write'; step: string; rowsBefore: number; statement: string }
  /** Every batch of a step committed, before the step is marked done. */
  | { phase: 'step-done'; step: string }
  /** After the steps: before a sequence is set to continue after the largest id (`index` in name order). */
  | { phase: 'sequence'; sequence: string; index: number }
  /** Before the run is marked finished. */
  | { phase: 'finish' };

/** Called at each point: a hook that throws stops the run there (an open transaction rolls back). */
export type InterruptAt = (point: InterruptionPoint) => void;

/** The dataset files of a step, with the hook called after each file is copied or checked. */
export function interruptibleFiles(files: DatasetFiles, at: (datasetId: number) => void): DatasetFiles {
  return {
    async locate(datasetId, externalFilename) {
      const found = await files.locate(datasetId, externalFilename);
      at(datasetId);
      return found;
    },
    async copyIn(datasetId, extraFilesPath, recordedSize) {
      const copied = await files.copyIn(datasetId, extraFilesPath, recordedSize);
      at(datasetId);
      return copied;
    },
  };
}
