import { createReadStream, createWriteStream } from 'node:fs';
import { storageFailureText } from '../storage/storage-errors';
import { realpath, rename, rm } from 'node:fs/promises';
import { sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { loadDatatypesRegistry, sniffFileDetailed } from '../datatypes';
import type { UrlFetchPolicy } from '../http/url-fetch';
import { type LoadedJob, outputOf } from './job-loading';
import type { JobRunResult } from './job-result';
import type { JobWorkspace } from './job-workspace';
import { fetchSource, UploadError, type UploadSource } from './upload-sources';
import { convertText } from './text-conversion';

/** One output of an upload job, as the tool execution recorded it in the job's parameters. */
export interface UploadItem {
  output: string;
  source: UploadSource;
  fileType: string;
  spaceToTab: boolean;
  toPosixLines: boolean;
}

export const UPLOAD_ITEMS_PARAM = '__uploads__';

function isUploadItem(value: unknown): value is UploadItem {
  return typeof value === 'object' && value !== null && 'output' in value && 'source' in value;
}

async function gunzipInPlace(path: string): Promise<void> {
  const plain = `${path}.gunzipped`;
  await pipeline(createReadStream(path), createGunzip(), createWriteStream(plain));
  await rename(plain, path);
}

/**
 * Runs the upload tool on the server: each item's bytes go to its output file in the workspace,
 * gzip is opened (unless the chosen type is itself compressed), text conversions apply, and the
 * type is sniffed when 'auto'. A linked server file is only sniffed where it lies. The finish step
 * then stores and describes the files. Outputs are history datasets or library dataset versions.
 */
const failureMessage = (error: unknown) => (error instanceof UploadError ? error.message : `Upload failed: ${storageFailureText(error)}`);

export async function runUpload(
  loaded: LoadedJob,
  workspace: JobWorkspace,
  uploadStore: string,
  maxBytes: number,
  runnerName: string,
  urlPolicy: UrlFetchPolicy,
): Promise<JobRunResult> {
  const startEpoch = Date.now() / 1000;
  const raw = loaded.job.params[UPLOAD_ITEMS_PARAM];
  const items = Array.isArray(raw) ? raw.filter(isUploadItem) : [];
  const extensions: Record<string, string> = {};
  const registry = loadDatatypesRegistry();
  const log: string[] = [];
  const outputFailures: Record<string, string> = {};
  try {
    for (const item of items) {
      const link = loaded.outputs.find((o) => o.name === item.output);
      const output = link ? outputOf(link) : null;
      if (!link || !output) continue;
      // One item that cannot be fetched fails its own dataset only, as the platform's upload tool does.
      try {
        const isBinary = (ext: string) => ext === 'data' || registry.derivesFromClass(ext, 'galaxy.datatypes.binary.Binary');
        if (item.source.kind === 'link') {
          // Registered in place: read where it is, never converted, uncompressed or moved.
          const detected = await sniffFileDetailed(item.source.path, { detectCsv: true });
          extensions[item.output] = item.fileType === 'auto' ? (detected.compression ? 'data' : detected.ext) : item.fileType;
          continue;
        }
        const target = workspace.outputPath(output.dataset.id);
        await fetchSource(item.source, target, uploadStore, maxBytes, urlPolicy);
        const detected = await sniffFileDetailed(target, { detectCsv: true });
        const compressedType = item.fileType !== 'auto' && isBinary(item.fileType);
        if (detected.compression === 'gzip' && !compressedType) {
          await gunzipInPlace(target);
          log.push(`${output.name}: gunzipped`);
        }
        let ext = detected.ext;
        // As the upload tool: binary content keeps its bytes, whatever a text sniffer made of it.
        if (!detected.binary && !isBinary(detected.ext) && (item.toPosixLines || item.spaceToTab)) {
          await convertText(target, { toPosixLines: item.toPosixLines, spaceToTab: item.spaceToTab });
          // As the platform's upload tool: 'auto' is sniffed on the converted text (spaces became tabs).
          if (item.fileType === 'auto') ext = (await sniffFileDetailed(target, { detectCsv: true })).ext;
        }
        extensions[item.output] = item.fileType === 'auto' ? ext : item.fileType;
      } catch (error) {
        if (items.length === 1) throw error;
        outputFailures[item.output] = failureMessage(error);
      }
    }
    if (items.length > 0 && Object.keys(outputFailures).length === items.length) {
      const message = Object.values(outputFailures).join('\n');
      return { exitCode: 1, stdout: '', stderr: message, startEpoch, endEpoch: Date.now() / 1000, failure: message, extensions, runnerName };
    }
    const stderr = Object.values(outputFailures).join('\n');
    return { exitCode: 0, stdout: log.join('\n'), stderr, startEpoch, endEpoch: Date.now() / 1000, failure: null, extensions, runnerName, outputFailures };
  } catch (error) {
    const message = failureMessage(error);
    return { exitCode: 1, stdout: '', stderr: message, startEpoch, endEpoch: Date.now() / 1000, failure: message, extensions, runnerName };
  }
}

/**
 * Removes the files an upload job received into the upload store, once the job has ended (they
 * are copied, not moved, while it runs, so a job re-run after a crash still finds them).
 */
export async function removeUploadedFiles(loaded: LoadedJob, uploadStore: string): Promise<void> {
  const raw = loaded.job.params[UPLOAD_ITEMS_PARAM];
  const items = Array.isArray(raw) ? raw.filter(isUploadItem) : [];
  const store = await realpath(uploadStore);
  for (const item of items) {
    if (item.source.kind !== 'file') continue;
    const real = await realpath(item.source.path).catch(() => null);
    if (real && real.startsWith(store + sep)) await rm(real, { force: true });
  }
}
