import { open } from 'node:fs/promises';
import { loadDatatypesRegistry } from '../registry';
import { detectCompression, gunzipPrefix } from './compression';
import type { Compression } from './compression';
import { isBinaryContent } from './content';
import { sniffCsv } from './csv';
import { isSangerFastq } from './fastq-flavour';
import { HEADER_COUNT, makeSniffInput, MAX_SNIFF_BYTES, SNIFF_WINDOW } from './input';
import type { SniffInput } from './input';
import { SNIFFERS, UPLOAD_BINARY_SNIFFERS } from './sniffers';
import type { SnifferEntry } from './sniffers';
import { isColumnBased } from './tabular';

export interface SniffOptions {
  /** Report Sanger-encoded FASTQ as "fastqsanger" (the platform reports "fastq"). */
  refineFastq?: boolean;
  /** Report consistent comma-separated text as "csv" (the platform has no CSV sniffer). */
  detectCsv?: boolean;
}

export interface SniffResult {
  /** Detected extension. For compressed content: the extension of what it decompresses to. */
  ext: string;
  /** Compression wrapping the content; gzip is looked through, bz2 and zip are reported as "data". */
  compression: Compression | null;
  /**
   * Whether the content (a gzip stream's decompressed content) is binary, whatever a text sniffer
   * made of it: the upload tool converts line endings only of content that is not (random bytes
   * whose first line starts with `[` sniff as json, yet must stay as they are).
   */
  binary: boolean;
}

let sniffOrder: readonly SnifferEntry[] | undefined;

/** The registry's sniffers, in the order the platform tries them. */
function registrySniffers(): readonly SnifferEntry[] {
  sniffOrder ??= loadDatatypesRegistry()
    .sniffers()
    .flatMap((name) => (SNIFFERS[name] ? [SNIFFERS[name]] : []));
  return sniffOrder;
}

/** A sniffer that throws says no, as on the platform. */
function safely(entry: SnifferEntry, input: SniffInput): boolean {
  try {
    return entry.sniff(input);
  } catch {
    return false;
  }
}

/**
 * The platform's guess_ext: the first sniffer in registry order that recognises the content, else
 * "data" for binary content, "tabular" when the lines after the first have a constant number (2+)
 * of tab-separated fields, else "txt".
 */
export function guessExt(input: SniffInput, options: SniffOptions = {}): string {
  // The upload tool refuses empty files before sniffing; for them we answer plain text.
  if (input.bytes.length === 0) return 'txt';
  const found = registrySniffers().find((entry) => safely(entry, input));
  if (found) return found.ext === 'fastq' && options.refineFastq && isSangerFastq(input) ? 'fastqsanger' : found.ext;
  if (isBinaryContent(input)) return 'data';
  if (isColumnBased(input, '\t', 1)) return 'tabular';
  if (options.detectCsv && sniffCsv(input)) return 'csv';
  return 'txt';
}

/**
 * Detects the format of content given by its first bytes, following the upload tool: binary formats
 * it knows by their header first, then gzip is decompressed and its content sniffed, then guess_ext.
 * `totalSize` is the size of the whole content when `bytes` holds only its start.
 */
export function sniffDetailed(bytes: Buffer, options: SniffOptions & { totalSize?: number } = {}): SniffResult {
  const input = makeSniffInput(bytes, options.totalSize ?? bytes.length);
  const binary = UPLOAD_BINARY_SNIFFERS.find((entry) => safely(entry, input));
  if (binary) return { ext: binary.ext, compression: null, binary: true };
  const compression = detectCompression(input.bytes);
  if (compression === 'gzip') {
    const inner = gunzipPrefix(input.bytes);
    if (inner === undefined) return { ext: 'data', compression, binary: true };
    const whole = !input.truncated && inner.length < MAX_SNIFF_BYTES;
    const innerInput = makeSniffInput(inner, whole ? inner.length : Number.POSITIVE_INFINITY);
    return { ext: guessExt(innerInput, options), compression, binary: isBinaryContent(innerInput) };
  }
  if (compression) return { ext: 'data', compression, binary: true };
  return { ext: guessExt(input, options), compression: null, binary: isBinaryContent(input) };
}

/** The detected extension of content given by (the start of) its bytes. */
export function sniffBuffer(bytes: Buffer, options: SniffOptions & { totalSize?: number } = {}): string {
  return sniffDetailed(bytes, options).ext;
}

const countNewlines = (bytes: Buffer): number => bytes.reduce((n, b) => (b === 0x0a ? n + 1 : n), 0);

/**
 * Reads the start of a file and detects its format: the sniff window (64 KiB), or up to 1 MiB when
 * the window does not hold the first lines whole.
 */
export async function sniffFileDetailed(path: string, options: SniffOptions = {}): Promise<SniffResult> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    let buffer = Buffer.alloc(Math.min(size, SNIFF_WINDOW));
    let { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead < size && countNewlines(buffer.subarray(0, bytesRead)) <= HEADER_COUNT) {
      buffer = Buffer.alloc(Math.min(size, MAX_SNIFF_BYTES));
      ({ bytesRead } = await handle.read(buffer, 0, buffer.length, 0));
    }
    return sniffDetailed(buffer.subarray(0, bytesRead), { ...options, totalSize: size });
  } finally {
    await handle.close();
  }
}

/** The detected extension of a file. */
export async function sniffFile(path: string, options: SniffOptions = {}): Promise<string> {
  return (await sniffFileDetailed(path, options)).ext;
}
