import { createWriteStream } from 'node:fs';
import { copyFile, realpath } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sep } from 'node:path';
import { downloadToFile, UrlFetchError, type UrlFetchPolicy } from '../http/url-fetch';

/**
 * One dataset of an upload: a file the API stored, pasted text, a URL to fetch, a server file
 * (library imports, checked when the job was queued) copied in, or a server file linked in place.
 */
export type UploadSource =
  | { kind: 'file'; path: string; name: string }
  | { kind: 'paste'; text: string }
  | { kind: 'url'; url: string }
  | { kind: 'server'; path: string; name: string }
  | { kind: 'link'; path: string; name: string };

export class UploadError extends Error {}

const URL_LINE = /^(https?|ftp):\/\/\S+$/i;

/** The platform's reading of `url_paste`: URLs (one per line) are fetched, anything else is content. */
export function pasteSources(text: string): UploadSource[] {
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  if (lines.length > 0 && lines.every((line) => URL_LINE.test(line))) return lines.map((url) => ({ kind: 'url', url }));
  return text.length > 0 ? [{ kind: 'paste', text }] : [];
}

/**
 * Writes a source's bytes to `target`; uploaded files must lie in the upload store, URLs are fetched
 * under the URL policy (public addresses only unless allowed, size limit while streaming). A linked file
 * is never copied: it stays where it is (the dataset points at it).
 */
export async function fetchSource(source: UploadSource, target: string, uploadStore: string, maxBytes: number, policy: UrlFetchPolicy): Promise<void> {
  if (source.kind === 'link') throw new UploadError('A linked file is not copied.');
  if (source.kind === 'server') {
    await copyFile(source.path, target).catch((error: NodeJS.ErrnoException) => {
      throw new UploadError(`The server file ${source.path} could not be read (${error.code ?? error.message}).`);
    });
    return;
  }
  if (source.kind === 'paste') {
    await pipeline(Readable.from([Buffer.from(source.text, 'utf8')]), createWriteStream(target));
    return;
  }
  if (source.kind === 'file') {
    const real = await realpath(source.path).catch(() => null);
    const store = await realpath(uploadStore);
    if (!real || !real.startsWith(store + sep)) throw new UploadError('The uploaded file is missing.');
    await copyFile(real, target);
    return;
  }
  if (source.url.toLowerCase().startsWith('ftp://')) throw new UploadError(`Fetching ${source.url} failed: ftp is not supported.`);
  let url: URL;
  try {
    url = new URL(source.url);
  } catch {
    throw new UploadError(`Fetching ${source.url} failed: not a valid URL.`);
  }
  try {
    await downloadToFile(url, target, { policy, maxBytes });
  } catch (error) {
    if (!(error instanceof UrlFetchError)) throw error;
    if (error.kind === 'too-large') throw new UploadError(`${source.url} is larger than ${maxBytes} bytes.`);
    if (error.kind === 'refused') throw new UploadError(`Fetching ${source.url} was refused: ${error.message}.`);
    throw new UploadError(`Fetching ${source.url} failed: ${error.message}.`);
  }
}
