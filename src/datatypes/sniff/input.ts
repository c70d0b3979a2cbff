import { pySplit } from './python';

/** How much of a file the sniffers look at... */
export const SNIFF_WINDOW = 64 * 1024;
/** ...unless the first lines are longer: then up to this much, to see them whole. */
export const MAX_SNIFF_BYTES = 1024 * 1024;

/** The platform's get_headers reads line 0 through line `count` (61 lines by default). */
export const HEADER_COUNT = 60;

/**
 * How many of the given bytes the sniffers use: the sniff window, stretched (up to MAX_SNIFF_BYTES)
 * to the end of the first HEADER_COUNT + 1 lines, which most sniffers read whole on the platform.
 */
export function sniffLength(bytes: Buffer): number {
  if (bytes.length <= SNIFF_WINDOW) return bytes.length;
  let end = -1;
  for (let line = 0; line <= HEADER_COUNT; line += 1) {
    const next = bytes.indexOf(0x0a, end + 1);
    if (next < 0 || next >= MAX_SNIFF_BYTES) return Math.min(bytes.length, MAX_SNIFF_BYTES);
    end = next;
  }
  return Math.max(SNIFF_WINDOW, end + 1);
}

/** What every sniffer receives: the start of the content, as bytes and as text lines. */
export interface SniffInput {
  /** Raw bytes (the sniff window, see sniffLength), for magic numbers. */
  readonly bytes: Buffer;
  /** Byte-per-char text with universal newlines turned into "\n" (the upload tool does the same). */
  readonly text: string;
  /** Text lines without terminators; a line cut by the window is dropped unless it is the only one. */
  readonly lines: readonly string[];
  /** Size of the whole content in bytes; Infinity when unknown (decompressed prefixes). */
  readonly totalSize: number;
  /** Whether the bytes are only the start of the content. */
  readonly truncated: boolean;
}

export function makeSniffInput(bytes: Buffer, totalSize: number = bytes.length): SniffInput {
  const window = bytes.subarray(0, sniffLength(bytes));
  const truncated = totalSize > window.length;
  let text = window.toString('latin1').replace(/\r\n?/g, '\n');
  const lastNewline = text.lastIndexOf('\n');
  if (truncated && lastNewline >= 0) {
    // Only whole lines count: the last one may continue past the window. (A first line longer than
    // the window is kept as it is, being all there is to look at.)
    text = text.slice(0, lastNewline + 1);
  }
  return { bytes: window, text, lines: splitLines(text), totalSize, truncated };
}

/** Lines as Python iterates a file: a final newline does not start another line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The platform's get_headers(fname, sep, count): the first count+1 lines split by sep. */
export function getHeaders(input: SniffInput, sep: string | null, count = HEADER_COUNT): string[][] {
  return input.lines.slice(0, count + 1).map((line) => pySplit(line, sep));
}

/**
 * Lines Python 2's file.readlines(sizehint) returns for a small hint: those within the first 8 KiB
 * chunk, the line crossing the chunk end included.
 */
export function firstChunkLines(input: SniffInput, chunk = 8192): string[] {
  const result: string[] = [];
  let offset = 0;
  for (const line of input.lines) {
    if (offset >= chunk) break;
    result.push(line);
    offset += line.length + 1;
  }
  return result;
}

