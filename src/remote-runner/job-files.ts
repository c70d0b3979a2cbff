/** Input download and output upload through `/api/jobs/<id>/files`, authorised by the job key. */
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { JobFileTransfer, JobRef } from './types';

/** The files endpoint refused a transfer (its `{err_msg, err_code}` body), or the transfer broke. */
export class JobFileError extends Error {
  readonly status: number | null;
  readonly errCode: number | null;

  constructor(message: string, status: number | null = null, errCode: number | null = null) {
    super(message);
    this.name = 'JobFileError';
    this.status = status;
    this.errCode = errCode;
  }
}

export interface JobFilesOptions {
  url: string;
  token: string;
}

export class JobFilesClient implements JobFileTransfer {
  private readonly base: string;
  private readonly token: string;

  constructor(options: JobFilesOptions) {
    this.base = options.url.replace(/\/+$/, '');
    this.token = options.token;
  }

  filesUrl(jobId: string, query?: Record<string, string>): string {
    const url = `${this.base}/api/jobs/${encodeURIComponent(jobId)}/files`;
    return query ? `${url}?${new URLSearchParams(query).toString()}` : url;
  }

  /** Streams the server file to `localPath` (parent directories are created). */
  async download(job: JobRef, serverPath: string, localPath: string, signal?: AbortSignal): Promise<void> {
    const response = await fetch(this.filesUrl(job.id, { path: serverPath, job_key: job.jobKey }), {
      headers: { 'x-runner-token': this.token },
      signal,
    });
    if (response.status !== 200 || !response.body) throw await errorFrom(response, `download ${serverPath}`);
    await mkdir(dirname(localPath), { recursive: true });
    // The DOM and node:stream/web ReadableStream types differ only nominally.
    const body = Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>);
    await pipeline(body, createWriteStream(localPath), signal ? { signal } : {});
  }

  /**
   * Sends `localPath` as the file part; `path` and `job_key` come first so a streaming server
   * knows where the file goes before its bytes arrive. The Blob is file-backed, so large outputs
   * are streamed, not read into memory.
   */
  async upload(job: JobRef, serverPath: string, localPath: string, signal?: AbortSignal): Promise<void> {
    const form = new FormData();
    form.append('path', serverPath);
    form.append('job_key', job.jobKey);
    form.append('file', await openAsBlob(localPath), basename(localPath));
    const response = await fetch(this.filesUrl(job.id), {
      method: 'POST',
      headers: { 'x-runner-token': this.token },
      body: form,
      signal,
    });
    if (response.status !== 200) throw await errorFrom(response, `upload ${serverPath}`);
    // Drain the body so the connection can be reused; its content ({"message":"ok"}) adds nothing.
    await response.text();
  }
}

async function errorFrom(response: Response, action: string): Promise<JobFileError> {
  const text = await response.text().catch(() => '');
  let message = text.slice(0, 300) || response.statusText;
  let errCode: number | null = null;
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null) {
      const { err_msg: errMsg, err_code: code } = body as { err_msg?: unknown; err_code?: unknown };
      if (typeof errMsg === 'string') message = errMsg;
      if (typeof code === 'number') errCode = code;
    }
  } catch {
    // Not JSON: keep the raw text.
  }
  return new JobFileError(`Could not ${action}: HTTP ${response.status}: ${message}`, response.status, errCode);
}
