import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openUrl, type UrlFetchPolicy } from './open-url';
import { UrlFetchError } from './url-fetch-error';

export interface DownloadOptions {
  policy: UrlFetchPolicy;
  /** Bytes accepted; a longer body stops the transfer. */
  maxBytes: number;
  /** Fail if the target exists (flag 'wx'). */
  exclusive?: boolean;
  mode?: number;
}

const tooLarge = (maxBytes: number) => new UrlFetchError('too-large', `larger than ${maxBytes} bytes`);

/**
 * Streams a URL's body into `target`, stopping as soon as it passes maxBytes; on any failure the
 * partial file is removed. Resolves with the number of bytes written.
 */
export async function downloadToFile(url: URL, target: string, options: DownloadOptions): Promise<number> {
  const response = await openUrl(url, options.policy);
  const declared = Number(response.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    response.destroy();
    throw tooLarge(options.maxBytes);
  }
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(received > options.maxBytes ? tooLarge(options.maxBytes) : null, chunk);
    },
  });
  const file = createWriteStream(target, { flags: options.exclusive ? 'wx' : 'w', mode: options.mode ?? 0o644 });
  // An exclusive target that already existed is someone else's file: never removed.
  let opened = false;
  file.once('open', () => (opened = true));
  try {
    await pipeline(response, counter, file);
  } catch (error) {
    response.destroy();
    if (opened) await rm(target, { force: true });
    if (error instanceof UrlFetchError) throw error;
    throw new UrlFetchError('network', error instanceof Error ? error.message : String(error));
  }
  return received;
}
