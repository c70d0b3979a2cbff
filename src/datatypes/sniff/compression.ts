import zlib from 'node:zlib';
import { MAX_SNIFF_BYTES } from './input';

export type Compression = 'gzip' | 'bz2' | 'zip';

const startsWith = (bytes: Buffer, magic: readonly number[]): boolean =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

export const isGzip = (bytes: Buffer): boolean => startsWith(bytes, [0x1f, 0x8b]);
export const isBz2 = (bytes: Buffer): boolean => startsWith(bytes, [0x42, 0x5a, 0x68]); // "BZh"
export const isZip = (bytes: Buffer): boolean => startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]); // "PK\3\4"

/** The compression wrapping the content, checked like the upload tool: gzip, then bz2, then zip. */
export function detectCompression(bytes: Buffer): Compression | null {
  if (isGzip(bytes)) return 'gzip';
  if (isBz2(bytes)) return 'bz2';
  if (isZip(bytes)) return 'zip';
  return null;
}

/**
 * The start of a gzip (or BGZF, multi-member) stream, decompressed as far as the given bytes allow;
 * undefined when the bytes are not a readable gzip stream. Output is capped to what sniffing uses,
 * retrying on a shorter input when the data expands too much.
 */
export function gunzipPrefix(bytes: Buffer, limit = MAX_SNIFF_BYTES): Buffer | undefined {
  if (!isGzip(bytes)) return undefined;
  for (const inputSize of [bytes.length, 4096, 512]) {
    try {
      const out = zlib.gunzipSync(bytes.subarray(0, inputSize), {
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
        maxOutputLength: 16 * 1024 * 1024,
      });
      return out.length > limit ? out.subarray(0, limit) : out;
    } catch (error) {
      if (!(error instanceof RangeError)) return undefined;
    }
  }
  return undefined;
}

/** Name and (decompressed) content of the zip entries found in the given bytes, in file order. */
export function* zipEntries(bytes: Buffer): Generator<{ name: string; content: () => Buffer | undefined }> {
  let offset = 0;
  while (offset + 30 <= bytes.length && bytes.readUInt32LE(offset) === 0x04034b50) {
    const flags = bytes.readUInt16LE(offset + 6);
    const method = bytes.readUInt16LE(offset + 8);
    const compressedSize = bytes.readUInt32LE(offset + 18);
    const nameLength = bytes.readUInt16LE(offset + 26);
    const extraLength = bytes.readUInt16LE(offset + 28);
    const nameStart = offset + 30;
    const dataStart = nameStart + nameLength + extraLength;
    const name = bytes.subarray(nameStart, nameStart + nameLength).toString('utf8');
    // With a data descriptor (flag bit 3) the size is only known after the data: read to the end.
    const sizeKnown = (flags & 0x08) === 0;
    const data = bytes.subarray(dataStart, sizeKnown ? dataStart + compressedSize : bytes.length);
    yield { name, content: () => inflateEntry(method, data) };
    if (!sizeKnown) return;
    offset = dataStart + compressedSize;
  }
}

function inflateEntry(method: number, data: Buffer): Buffer | undefined {
  if (method === 0) return data;
  if (method !== 8) return undefined;
  try {
    return zlib.inflateRawSync(data, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  } catch {
    return undefined;
  }
}
