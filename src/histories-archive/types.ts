/** Attributes of the platform's history archive (15.05 layout), as found in its JSON members. */

/** `history_attrs.txt`. */
export interface HistoryArchiveAttrs {
  name: string;
  hid_counter: number;
  genome_build: string | null;
  annotation: string | null;
  /** `name` or `name:value` strings (the 15.05 exporter wrote a `{name: value}` object; reading accepts both). */
  tags: string[];
  create_time: string | null;
  update_time: string | null;
}

/** One entry of `datasets_attrs.txt` (or of `datasets_attrs.txt.provenance`). */
export interface DatasetArchiveAttrs {
  name: string;
  hid: number;
  extension: string;
  info: string | null;
  blurb: string | null;
  peek: string | null;
  dbkey: string;
  metadata: Record<string, unknown>;
  visible: boolean;
  deleted: boolean;
  annotation: string | null;
  tags: string[];
  create_time: string | null;
  update_time: string | null;
  uuid: string | null;
  /** Member path inside the archive (`datasets/<basename>`); null when the dataset has no file. */
  file_name: string | null;
  /** False for datasets listed without their file (the platform imports them as purged). */
  exported: boolean;
}

/** One entry of `jobs_attrs.txt`. */
export interface JobArchiveAttrs {
  tool_id: string;
  tool_version: string | null;
  params: Record<string, unknown>;
  exit_code: number | null;
  state: string;
  create_time: string | null;
  update_time: string | null;
  /** Hids of the job's inputs. */
  input_datasets: number[];
  /** Hids of the job's outputs. */
  output_datasets: number[];
  /** Input name -> hid; the platform's importer links job inputs only through this. */
  input_mapping?: Record<string, number>;
}

export const HISTORY_ATTRS_MEMBER = 'history_attrs.txt';
export const DATASETS_ATTRS_MEMBER = 'datasets_attrs.txt';
export const PROVENANCE_ATTRS_MEMBER = 'datasets_attrs.txt.provenance';
export const JOBS_ATTRS_MEMBER = 'jobs_attrs.txt';
export const DATASETS_DIR = 'datasets';

/** 50 GiB: the default ceiling for an archive's content and for a download. */
export const DEFAULT_MAX_ARCHIVE_BYTES = 50 * 1024 ** 3;
export const DEFAULT_MAX_MEMBERS = 100_000;
