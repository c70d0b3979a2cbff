import type { SourceDatabase, SourceRow } from './source-database';

/** A row for a table of this service: column names as the table has them. */
export type TargetRow = Record<string, unknown>;

/** Rows for one table, written in the order given (a batch may fill a table and then one pointing at it). */
export interface TableRows {
  table: string;
  rows: TargetRow[];
  /**
   * The rows set columns of rows already written (matched by id) instead of adding rows: the second
   * half of a pair of tables that refer to each other (a library and its root folder, a stored
   * workflow and its latest version, a page and its latest revision). Not counted as written.
   */
  update?: boolean;
}

/** A source row that was not carried over, and why. */
export interface Skip {
  sourceTable: string;
  sourceId: number;
  reason: string;
}

export interface StepOutput {
  tables: TableRows[];
  skipped?: Skip[];
  /** Problems that did not stop a row (a missing file, a renamed user): reported at the end. */
  notices?: Skip[];
}

export interface ImportSettings {
  /** The old installation's `file_path`. */
  filePath: string;
  /** Copy dataset files into DATA_DIR's object store instead of leaving them in `filePath`. */
  copy: boolean;
  dryRun: boolean;
}

/** What a step may use while it turns source rows into target rows. */
export interface StepKit {
  readonly source: SourceDatabase;
  readonly settings: ImportSettings;
  /** Which of these ids a target table holds (what earlier steps carried over). */
  existing(table: string, ids: Iterable<number>): Promise<Set<number>>;
  /** A new id for a row of a table that has no source id (a tag, a permission): the same on every run. */
  newId(table: string): number;
  /** Copies (or checks) a dataset's files; answers the notice to report when something is missing. */
  readonly files: DatasetFiles;
}

export interface DatasetFiles {
  /** Where a dataset's file is, and whether it is there, by the old layout. */
  locate(datasetId: number, externalFilename: string | null): Promise<{ path: string; size: number | null }>;
  /**
   * Copies a dataset's file (and extra files) into this service's object store, checked against the
   * size the 15.05 database recorded (`recordedSize`; null or 0 when it recorded none: 15.05 itself
   * took a size of 0 as not known and measured the file).
   */
  copyIn(datasetId: number, extraFilesPath: string | null, recordedSize: number | null): Promise<CopyOutcome>;
}

/** What became of a dataset's file with --copy. */
export type CopyOutcome =
  | { kind: 'copied'; size: number }
  | { kind: 'missing'; path: string }
  /** The file has another size than the one recorded: not copied. */
  | { kind: 'size-differs'; path: string; size: number; recorded: number }
  /** The file's size changed while it was copied (the installation is not stopped): the copy is not kept. */
  | { kind: 'changed'; path: string; size: number; copied: number };

/**
 * One kind of row carried over: the source table it reads (by id, in batches), and how a batch
 * becomes rows of this service's tables. A step keeps ids: target rows take their source row's id.
 */
export interface ImportStep {
  /** Unique, shown in progress and the report. */
  readonly name: string;
  /** The 15.05 table read by id. */
  readonly source: string;
  /** A table some 15.05 databases lack: the step is skipped when it is absent. */
  readonly optional?: boolean;
  /** Target tables this step fills (its counts in the report; their sequences continue after the import). */
  readonly targets: string[];
  transform(rows: SourceRow[], kit: StepKit): Promise<StepOutput>;
}
