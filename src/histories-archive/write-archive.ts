import { createWriteStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { writeAtomically } from '../storage/atomic-write';
import { datasetRecord, historyRecord, jobRecord } from './attrs-serialize';
import { bodyPadding, endOfArchive, fileHeader } from './tar-stream';
import {
  DATASETS_ATTRS_MEMBER,
  DATASETS_DIR,
  HISTORY_ATTRS_MEMBER,
  JOBS_ATTRS_MEMBER,
  PROVENANCE_ATTRS_MEMBER,
  type DatasetArchiveAttrs,
  type HistoryArchiveAttrs,
  type JobArchiveAttrs,
} from './types';

export interface HistoryArchiveInput {
  history: HistoryArchiveAttrs;
  datasets: Array<{ attrs: Omit<DatasetArchiveAttrs, 'file_name' | 'exported'>; filePath: string | null }>;
  jobs?: JobArchiveAttrs[];
}

export interface WriteArchiveOptions {
  gzip: boolean;
}

/** A dataset file to stream into the archive, with the size its header will declare. */
interface PlannedFile {
  member: string;
  source: string;
  size: number;
}

/** Keeps member names to a portable character set; the rest of the name is ours. */
function portable(text: string, maxLength: number): string {
  return text.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, maxLength);
}

function memberBasename(hid: number, extension: string, used: Set<string>): string {
  const stem = `dataset_${portable(String(hid), 20)}`;
  const suffix = portable(extension, 40) || 'data';
  let name = `${stem}.${suffix}`;
  for (let counter = 2; used.has(name); counter += 1) name = `${stem}_${counter}.${suffix}`;
  used.add(name);
  return name;
}

/** The file's size, or null when it is not there (the dataset is then listed without a member). */
async function presentSize(path: string | null): Promise<number | null> {
  if (path === null) return null;
  try {
    return (await stat(path)).size;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
}

function jsonMember(path: string, value: unknown, mtime: Date): Buffer[] {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  return [fileHeader({ path, size: body.length, mtime }), body, bodyPadding(body.length)];
}

/** Streams one dataset file; its size must not change after the header declared it. */
async function* fileMember(file: PlannedFile): AsyncGenerator<Buffer> {
  const handle = await open(file.source, 'r');
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new Error(`Dataset file ${file.source} is not a regular file`);
    yield fileHeader({ path: file.member, size: file.size, mtime: info.mtime });
    let written = 0;
    for await (const chunk of handle.createReadStream({ autoClose: false }) as AsyncIterable<Buffer>) {
      written += chunk.length;
      if (written > file.size) break;
      yield chunk;
    }
    if (written !== file.size) {
      throw new Error(`Dataset file ${file.source} changed while being archived (${file.size} bytes expected)`);
    }
    yield bodyPadding(file.size);
  } finally {
    await handle.close();
  }
}

async function* archiveChunks(input: HistoryArchiveInput): AsyncGenerator<Buffer> {
  const used = new Set<string>();
  const files: PlannedFile[] = [];
  const records: Record<string, unknown>[] = [];
  for (const dataset of input.datasets) {
    const member = `${DATASETS_DIR}/${memberBasename(dataset.attrs.hid, dataset.attrs.extension, used)}`;
    const size = await presentSize(dataset.filePath);
    if (size !== null && dataset.filePath !== null) files.push({ member, source: dataset.filePath, size });
    // Without its file a dataset is listed as not exported, which the platform imports as purged.
    records.push(datasetRecord(dataset.attrs, member, size !== null));
  }
  const jobs = (input.jobs ?? []).map(jobRecord);
  const now = new Date();
  // Metadata first, so a reader streaming the archive meets it before the data.
  yield* jsonMember(HISTORY_ATTRS_MEMBER, historyRecord(input.history), now);
  yield* jsonMember(DATASETS_ATTRS_MEMBER, records, now);
  // The platform lists datasets left out of the export here; ours are all in datasets_attrs.txt.
  yield* jsonMember(PROVENANCE_ATTRS_MEMBER, [], now);
  yield* jsonMember(JOBS_ATTRS_MEMBER, jobs, now);
  for (const file of files) yield* fileMember(file);
  yield endOfArchive();
}

/**
 * Writes a history archive at `target`: built in a temp file beside it and renamed into place only
 * once complete, so a failure never leaves a partial archive there. Dataset files are streamed.
 */
export async function writeHistoryArchive(
  input: HistoryArchiveInput,
  target: string,
  options: WriteArchiveOptions,
): Promise<{ size: number }> {
  await writeAtomically(target, async (temp) => {
    const source = Readable.from(archiveChunks(input), { objectMode: false });
    const out = createWriteStream(temp, { flags: 'wx' });
    if (options.gzip) await pipeline(source, createGzip(), out);
    else await pipeline(source, out);
  });
  return { size: (await stat(target)).size };
}
