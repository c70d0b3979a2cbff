import { sniffEps } from './images';
import { getHeaders } from './input';
import type { SniffInput } from './input';
import { isPyInt, pySplit, pyStrip } from './python';

const VALID_STRAND = ['+', '-', '.'];

/** Index of the first line that is not blank (and, when asked, not a '#' comment); -1 if none. */
function firstContentLine(lines: readonly string[], skipComments: boolean): number {
  return lines.findIndex((line) => {
    const stripped = pyStrip(line);
    return stripped !== '' && !(skipComments && stripped.startsWith('#'));
  });
}

/** The line after a '>' header, stripped; undefined when the header is missing or not followed by data. */
function recordAfterHeader(lines: readonly string[], skipComments: boolean): string | undefined {
  const index = firstContentLine(lines, skipComments);
  if (index < 0 || !pyStrip(lines[index]).startsWith('>')) return undefined;
  const next = pyStrip(lines[index + 1] ?? '');
  return next === '' || next.startsWith('>') ? undefined : next;
}

/** MAF: first word of the first line is "##maf". */
export function sniffMaf(input: SniffInput): boolean {
  const headers = getHeaders(input, null);
  return headers.length > 1 && headers[0][0] === '##maf';
}

/** LAV: first line starts with "#:lav". */
export function sniffLav(input: SniffInput): boolean {
  const headers = getHeaders(input, null);
  return headers.length > 1 && (headers[0][0] ?? '').startsWith('#:lav');
}

/** FASTA: the first non-blank line is a '>' header and the very next line holds sequence. */
export const sniffFasta = (input: SniffInput): boolean => recordAfterHeader(input.lines, false) !== undefined;

/** Colour-space FASTA: like FASTA, with a sequence of one capital letter then digits/dots ("T0123."). */
export function sniffCsFasta(input: SniffInput): boolean {
  const sequence = recordAfterHeader(input.lines, true);
  if (sequence === undefined || !/^[A-Z]/.test(sequence)) return false;
  return sequence.length === 1 || /^[\d.]+$/.test(sequence.slice(1));
}

/** 454 quality scores: a '>' header followed by a line of integers. */
export function sniffQualityScore454(input: SniffInput): boolean {
  const scores = recordAfterHeader(input.lines, true);
  return scores !== undefined && pySplit(scores, null).every(isPyInt);
}

/**
 * SOLiD quality scores: '>' header / integer line pairs, every score line of the same length; more
 * than ten good records, or at least one when the file ends, is enough.
 */
export function sniffQualityScoreSolid(input: SniffInput): boolean {
  const lines = input.lines;
  let readLength: number | undefined;
  let goodBlocks = 0;
  for (let i = 0; i < lines.length; i += 1) {
    const line = pyStrip(lines[i]);
    if (!line || line.startsWith('#')) continue;
    if (!line.startsWith('>')) return false;
    i += 1;
    const scores = pyStrip(lines[i] ?? '');
    if (scores === '' || scores.startsWith('>')) return false;
    const fields = pySplit(scores, null);
    if (!fields.every(isPyInt)) return false;
    readLength ??= fields.length;
    if (fields.length !== readLength) return false;
    goodBlocks += 1;
    if (goodBlocks > 10) return true;
  }
  return goodBlocks > 0 && !input.truncated;
}

/**
 * FASTQ, as loosely as the platform checks it: at least four lines, the first starting with '@',
 * a non-empty second line and a third starting with '+'. (It always answers the generic "fastq".)
 */
export function sniffFastq(input: SniffInput): boolean {
  const headers = getHeaders(input, null);
  if (headers.length < 4) return false;
  const first = headers[0][0];
  const second = headers[1][0];
  const third = headers[2][0];
  return first !== undefined && first.startsWith('@') && second !== undefined && third !== undefined && third.startsWith('+');
}

/** AXT: "##matrix=axt", or a first data line of 9 fields with integer positions and a strand. */
export function sniffAxt(input: SniffInput): boolean {
  const headers = getHeaders(input, null);
  if (headers.length < 4) return false;
  for (const hdr of headers) {
    if (hdr.length === 0) continue;
    if (hdr[0].startsWith('##matrix=axt')) return true;
    if (!hdr[0].startsWith('#')) {
      if (hdr.length !== 9) return false;
      if (![0, 2, 3, 5, 6, 8].every((i) => isPyInt(hdr[i]))) return false;
      return VALID_STRAND.includes(hdr[7]);
    }
  }
  return false;
}

/** RNA dot plot: an EPS file defining /sequence, /coor and /pairs. */
export function sniffRnaDotPlotMatrix(input: SniffInput): boolean {
  if (!sniffEps(input)) return false;
  const starts = input.lines.map(pyStrip);
  return ['/sequence', '/coor', '/pairs'].every((key) => starts.some((line) => line.startsWith(key)));
}
