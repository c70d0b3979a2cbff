import { open } from 'node:fs/promises';
import { loadDatatypesRegistry } from '../registry';
import type { DatatypesRegistry } from '../registry';

/** Peek geometry of the platform's get_file_peek. */
export const PEEK_LINES = 5;
export const PEEK_WIDTH = 256;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Fixed peeks of binary and image datatypes, most specific class first. */
const FIXED_PEEKS: readonly [string, (ext: string) => string][] = [
  ['galaxy.datatypes.binary.Bam', () => 'Binary bam alignments file'],
  ['galaxy.datatypes.binary.Sff', () => 'Binary sff file'],
  ['galaxy.datatypes.binary.Sra', () => 'Binary sra file'],
  ['galaxy.datatypes.binary.TwoBit', () => 'Binary TwoBit format nucleotide file'],
  ['galaxy.datatypes.binary.Ab1', () => 'Binary ab1 sequence file'],
  ['galaxy.datatypes.binary.Scf', () => 'Binary scf sequence file'],
  ['galaxy.datatypes.binary.BigBed', () => 'Binary UCSC BigBed file'],
  ['galaxy.datatypes.binary.BigWig', () => 'Binary UCSC BigWig file'],
  // The GEMINI version comes from the database; unread, the metadata default shows.
  ['galaxy.datatypes.binary.GeminiSQLite', () => 'Gemini SQLite Database, version 0.10.0'],
  ['galaxy.datatypes.binary.SQlite', () => 'SQLite Database'],
  ['galaxy.datatypes.binary.CompressedArchive', () => 'Compressed binary file'],
  ['galaxy.datatypes.binary.Binary', () => 'binary data'],
  ['galaxy.datatypes.images.Image', (ext) => `Image in ${ext} format`],
  ['galaxy.datatypes.images.Html', () => 'HTML file'],
  ['galaxy.datatypes.sequence.RNADotPlotMatrix', () => 'RNA Dot Plot format (Postscript derivative)'],
];

/**
 * The platform's get_file_peek on the start of a file: five readline(256) calls (a longer line
 * continues on the next call), joined with "\n" although each read keeps its own newline, reads at
 * the end of the file adding empty entries. "gzipped file" or "binary file" when the first read
 * shows gzip or non-text bytes (UTF-8 text counts as text here).
 */
export function filePeek(start: Buffer): string {
  const content = Buffer.from(start.toString('latin1').replace(/\r\n?/g, '\n'), 'latin1');
  const reads: Buffer[] = [];
  let offset = 0;
  for (let count = 0; count < PEEK_LINES; count += 1) {
    const newline = content.indexOf(0x0a, offset);
    const end = Math.min(newline < 0 ? content.length : newline + 1, offset + PEEK_WIDTH);
    const read = content.subarray(offset, end);
    offset = end;
    if (count === 0 && read.length > 0) {
      if (read[0] === 0x1f && read[1] === 0x8b) return 'gzipped file';
      if (read.some((b) => b > 128) && !isUtf8(read)) return 'binary file';
    }
    reads.push(read);
  }
  try {
    return utf8.decode(Buffer.concat(reads.flatMap((r, i) => (i === 0 ? [r] : [Buffer.from('\n'), r]))));
  } catch {
    return 'binary/unknown file';
  }
}

/** Whether bytes are UTF-8 text; a multi-byte character cut at the end of the read still counts. */
function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * The peek the platform stores for a dataset of `ext`: a fixed text for binary, image and HTML
 * datatypes, '' for other non-text data, else the first lines of the file. Null for an empty file,
 * which keeps no peek.
 */
export async function peek(ext: string, path: string, registry: DatatypesRegistry = loadDatatypesRegistry()): Promise<string | null> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    if (size === 0) return null;
    const fixed = FIXED_PEEKS.find(([className]) => registry.derivesFromClass(ext, className));
    if (fixed) return fixed[1](ext);
    if (!registry.derivesFromClass(ext, 'galaxy.datatypes.data.Text')) return '';
    const buffer = Buffer.alloc(Math.min(size, PEEK_LINES * PEEK_WIDTH * 2));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return filePeek(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
