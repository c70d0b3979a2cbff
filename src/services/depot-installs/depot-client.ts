import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/** A depot that could not be reached or answered something unusable; the message says which. */
export class DepotRequestError extends Error {}

/** Install information and listings are small; anything larger is not a depot's answer. */
const MAX_JSON_BYTES = 16 * 1024 * 1024;
const JSON_TIMEOUT_MS = 60_000;
const ARCHIVE_TIMEOUT_MS = 30 * 60_000;

/** A Node fetch that never follows a redirect (an allowed depot may not send us elsewhere). */
async function request(url: string, timeoutMs: number): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json, application/x-gzip, */*' } });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    throw new DepotRequestError(`${error instanceof Error ? error.message : String(error)}${cause}`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new DepotRequestError(`HTTP Error ${response.status}: ${response.statusText || 'depot error'}`);
  }
  return response;
}

/** Counts bytes as they pass and fails beyond the limit. */
function byteLimit(limit: number, what: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) callback(new DepotRequestError(`${what} is larger than ${limit} bytes`));
      else callback(null, chunk);
    },
  });
}

/**
 * What the platform asks of a depot, over HTTP only (even a depot served by this very process):
 * the platform never reads the depot's tables.
 */
export const depotClient = {
  /** GET and parse a JSON answer. */
  async getJson(url: string): Promise<unknown> {
    const response = await request(url, JSON_TIMEOUT_MS);
    const chunks: Buffer[] = [];
    let size = 0;
    if (response.body) {
      try {
        for await (const chunk of Readable.fromWeb(response.body as WebReadableStream<Uint8Array>)) {
          size += (chunk as Buffer).length;
          if (size > MAX_JSON_BYTES) throw new DepotRequestError('the depot answered more than a depot answer holds');
          chunks.push(chunk as Buffer);
        }
      } catch (error) {
        // A body cut off (the depot went away, the timeout fired mid-answer) is a depot failure too.
        if (error instanceof DepotRequestError) throw error;
        throw new DepotRequestError(`the depot's answer was cut off: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    const text = Buffer.concat(chunks).toString('utf8');
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new DepotRequestError('the depot did not answer JSON');
    }
  },

  /** Streams a download into `target` (removed again on any failure), at most `maxBytes`. */
  async download(url: string, target: string, maxBytes: number): Promise<void> {
    const response = await request(url, ARCHIVE_TIMEOUT_MS);
    if (!response.body) throw new DepotRequestError('the depot sent no archive');
    try {
      await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), byteLimit(maxBytes, 'The archive'), createWriteStream(target));
    } catch (error) {
      await rm(target, { force: true });
      if (error instanceof DepotRequestError) throw error;
      throw new DepotRequestError(`the archive download failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  },
};

/** `<base>/<path>?<params>`. */
export function depotEndpoint(base: string, path: string, params: Record<string, string> = {}): string {
  const query = new URLSearchParams(params).toString();
  return `${base}/${path}${query ? `?${query}` : ''}`;
}
