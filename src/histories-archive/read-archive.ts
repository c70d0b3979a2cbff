import { lstat, readFile, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseDatasetList, parseHistoryAttrs, parseJobList } from './attrs-parse';
import { ArchiveFormatError } from './errors';
import { extractArchive, pathInside, safeMemberPath } from './safe-extract';
import {
  DATASETS_ATTRS_MEMBER,
  DEFAULT_MAX_ARCHIVE_BYTES,
  DEFAULT_MAX_MEMBERS,
  HISTORY_ATTRS_MEMBER,
  JOBS_ATTRS_MEMBER,
  PROVENANCE_ATTRS_MEMBER,
  type DatasetArchiveAttrs,
  type HistoryArchiveAttrs,
  type JobArchiveAttrs,
} from './types';

export interface ReadArchiveOptions {
  /** Ceiling on the sum of member sizes (default 50 GiB). */
  maxTotalBytes?: number;
  /** Ceiling on the number of members (default 100,000). */
  maxMembers?: number;
}

export interface HistoryArchiveContent {
  history: HistoryArchiveAttrs;
  /** `filePath` is the extracted file, or null when the dataset has none in the archive. */
  datasets: Array<{ attrs: DatasetArchiveAttrs; filePath: string | null }>;
  jobs: JobArchiveAttrs[];
}

/** An attrs file is JSON text, never data: this bounds what gets parsed in memory. */
const MAX_ATTRS_FILE_BYTES = 256 * 1024 ** 2;

async function isFile(path: string): Promise<boolean> {
  try {
    return (await lstat(path)).isFile();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return false;
    throw error;
  }
}

/** The directory holding history_attrs.txt: the root, or the archive's single top-level directory. */
async function archiveRoot(workDir: string): Promise<string> {
  if (await isFile(join(workDir, HISTORY_ATTRS_MEMBER))) return workDir;
  const candidates: string[] = [];
  for (const entry of await readdir(workDir, { withFileTypes: true })) {
    if (entry.isDirectory() && (await isFile(join(workDir, entry.name, HISTORY_ATTRS_MEMBER)))) {
      candidates.push(join(workDir, entry.name));
    }
  }
  if (candidates.length === 1) return candidates[0];
  if (candidates.length > 1) throw new ArchiveFormatError(`The archive holds several ${HISTORY_ATTRS_MEMBER} files`);
  throw new ArchiveFormatError(`The archive has no ${HISTORY_ATTRS_MEMBER}; it is not a history archive`);
}

/** Parses an attrs member; undefined when an optional one is absent. */
async function readJsonMember(root: string, member: string, required: boolean): Promise<unknown> {
  const path = join(root, member);
  if (!(await isFile(path))) {
    if (required) throw new ArchiveFormatError(`The archive has no ${member}`);
    return undefined;
  }
  if ((await lstat(path)).size > MAX_ATTRS_FILE_BYTES) {
    throw new ArchiveFormatError(`${member} is larger than ${MAX_ATTRS_FILE_BYTES} bytes`);
  }
  const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ArchiveFormatError(`${member} is not valid JSON: ${(error as Error).message}`);
  }
}

/** The extracted file of an exported dataset; a file_name leading outside the archive is refused. */
async function datasetFile(root: string, attrs: DatasetArchiveAttrs, where: string): Promise<string | null> {
  if (!attrs.exported || attrs.file_name === null) return null;
  let relative: string;
  try {
    relative = safeMemberPath(attrs.file_name);
  } catch {
    throw new ArchiveFormatError(`${where}.file_name "${attrs.file_name}" points outside the archive`);
  }
  if (relative === '') return null;
  const path = pathInside(root, relative);
  return (await isFile(path)) ? path : null;
}

/**
 * Reads a history archive (tar or tar.gz, platform 15.05 layout): extracts it safely into
 * `workDir` (a fresh directory the caller removes afterwards), validates its attrs and finds each
 * dataset's file. Datasets the platform listed in datasets_attrs.txt.provenance (left out of the
 * export) follow the others with `exported: false`. Several datasets may share one file (the
 * platform named members after datasets): copy files rather than move them.
 */
export async function readHistoryArchive(
  archivePath: string,
  workDir: string,
  options: ReadArchiveOptions = {},
): Promise<HistoryArchiveContent> {
  const extracted = resolve(workDir);
  await extractArchive(archivePath, extracted, {
    maxTotalBytes: options.maxTotalBytes ?? DEFAULT_MAX_ARCHIVE_BYTES,
    maxMembers: options.maxMembers ?? DEFAULT_MAX_MEMBERS,
  });
  const root = await archiveRoot(extracted);

  const history = parseHistoryAttrs(await readJsonMember(root, HISTORY_ATTRS_MEMBER, true), HISTORY_ATTRS_MEMBER);
  const listed = parseDatasetList(await readJsonMember(root, DATASETS_ATTRS_MEMBER, true), DATASETS_ATTRS_MEMBER);
  const provenance = parseDatasetList(
    (await readJsonMember(root, PROVENANCE_ATTRS_MEMBER, false)) ?? [],
    PROVENANCE_ATTRS_MEMBER,
  );
  const jobs = parseJobList((await readJsonMember(root, JOBS_ATTRS_MEMBER, false)) ?? [], JOBS_ATTRS_MEMBER);

  const datasets: HistoryArchiveContent['datasets'] = [];
  const entries: Array<[DatasetArchiveAttrs, string]> = [
    ...listed.map((attrs, index): [DatasetArchiveAttrs, string] => [attrs, `${DATASETS_ATTRS_MEMBER}[${index}]`]),
    // Whatever their own flag says, these were left out of the export.
    ...provenance.map((attrs, index): [DatasetArchiveAttrs, string] => [
      { ...attrs, exported: false },
      `${PROVENANCE_ATTRS_MEMBER}[${index}]`,
    ]),
  ];
  for (const [attrs, where] of entries) {
    datasets.push({ attrs, filePath: await datasetFile(root, attrs, where) });
  }

  const maxHid = datasets.reduce((max, dataset) => Math.max(max, dataset.attrs.hid), 0);
  return {
    history: { ...history, hid_counter: history.hid_counter ?? maxHid + 1 },
    datasets,
    jobs,
  };
}
