import { parseGffAttributes } from './gff-attributes';
import { getHeaders } from './input';
import type { SniffInput } from './input';
import { isPyFloat, isPyInt, pyInt } from './python';

/** First-column prefixes the platform accepts as chromosome names in BED data. */
export const COL1_STARTSWITH = ['chr', 'chl', 'groupun', 'reftig_', 'scaffold', 'super_', 'vcho'];
export const VALID_STRAND = ['+', '-', '.'];
const GFF3_STRAND = ['+', '-', '.', '?'];
const GFF3_PHASE = ['.', '0', '1', '2'];

export const hasChromPrefix = (field: string): boolean => COL1_STARTSWITH.some((p) => field.toLowerCase().startsWith(p));

/** Wiggle: a "track type=wiggle..." line among the first lines. */
export function sniffWiggle(input: SniffInput): boolean {
  return getHeaders(input, null).some((hdr) => hdr.length > 1 && hdr[0] === 'track' && hdr[1].startsWith('type=wiggle'));
}

/**
 * BED: every line that is not blank or a '#' comment has 3 to 12 tab-separated fields, a chromosome
 * name with a known prefix (chr..., scaffold...), integer start and end, and valid optional columns
 * (score 0-1000, strand +/-/., integer thick start/end and block count, as many block sizes and
 * starts as blocks). Like the platform, start <= end is not checked, and a "track"/"browser" line
 * makes the file not BED (see CustomTrack).
 */
export function sniffBed(input: SniffInput): boolean {
  const headers = getHeaders(input, '\t');
  if (headers.length === 0) return false;
  for (const hdr of headers) {
    if (hdr[0] === '' || hdr[0].startsWith('#')) continue;
    if (hdr.length < 3 || hdr.length > 12 || !hasChromPrefix(hdr[0])) return false;
    if (!isPyInt(hdr[1]) || !isPyInt(hdr[2])) return false;
    if (hdr.length > 4) {
      const score = pyInt(hdr[4]);
      if (score === undefined || score < 0 || score > 1000) return false;
    }
    if (hdr.length > 5 && !VALID_STRAND.includes(hdr[5])) return false;
    if (hdr.length > 6 && !isPyInt(hdr[6])) return false;
    if (hdr.length > 7 && !isPyInt(hdr[7])) return false;
    // hdr[8], itemRgb, is an int or "R,G,B": anything passes.
    const blockCount = hdr.length > 9 ? pyInt(hdr[9]) : undefined;
    if (hdr.length > 9 && blockCount === undefined) return false;
    if (hdr.length > 11) {
      const sizes = hdr[10].replace(/,+$/, '').split(',');
      const starts = hdr[11].replace(/,+$/, '').split(',');
      if (sizes.length !== blockCount || starts.length !== blockCount) return false;
    }
  }
  return true;
}

/** UCSC custom track: a first "track" line with color and visibility, then interval-like data. */
export function sniffCustomTrack(input: SniffInput): boolean {
  const headers = getHeaders(input, null);
  for (const [i, hdr] of headers.entries()) {
    if (hdr.length === 0) return false;
    if (i === 0) {
      if (!hdr[0].startsWith('track')) return false;
      const rest = hdr.slice(1);
      if (!rest.some((e) => e.startsWith('color')) || !rest.some((e) => e.startsWith('visibility'))) return false;
    } else if (!hdr[0].startsWith('#')) {
      if (hdr.length < 3 || !isPyInt(hdr[1]) || !isPyInt(hdr[2])) return false;
    }
  }
  return true;
}

/** Shared GFF/GTF data-line check: 9 fields, integer start/end, float or '.' score, valid strand. */
function gffDataLine(hdr: readonly string[]): boolean {
  return (
    hdr.length === 9 &&
    isPyInt(hdr[3]) &&
    isPyInt(hdr[4]) &&
    (hdr[5] === '.' || isPyFloat(hdr[5])) &&
    VALID_STRAND.includes(hdr[6])
  );
}

const isDataLine = (hdr: readonly string[]): boolean => hdr[0] !== '' && !hdr[0].startsWith('#');
const isVersionNot = (hdr: readonly string[], version: string): boolean =>
  hdr[0].startsWith('##gff-version') && !hdr[0].includes(version);

/** GFF (version 2): no "##gff-version" other than 2, and valid GFF data lines. */
export function sniffGff(input: SniffInput): boolean {
  const headers = getHeaders(input, '\t');
  if (headers.length < 2) return false;
  for (const hdr of headers) {
    if (isVersionNot(hdr, '2')) return false;
    if (isDataLine(hdr) && !gffDataLine(hdr)) return false;
  }
  return true;
}

/** GTF: GFF data lines whose attributes include gene_id and transcript_id. */
export function sniffGtf(input: SniffInput): boolean {
  const headers = getHeaders(input, '\t');
  if (headers.length < 2) return false;
  for (const hdr of headers) {
    if (isVersionNot(hdr, '2')) return false;
    if (!isDataLine(hdr)) continue;
    if (!gffDataLine(hdr)) return false;
    const attributes = parseGffAttributes(hdr[8]);
    if (attributes.size < 2 || !attributes.has('gene_id') || !attributes.has('transcript_id')) return false;
  }
  return true;
}

/** GFF3: a "##gff-version 3" line decides; otherwise the data lines must fit GFF3 columns. */
export function sniffGff3(input: SniffInput): boolean {
  const headers = getHeaders(input, '\t');
  if (headers.length < 2) return false;
  for (const hdr of headers) {
    if (hdr[0].startsWith('##gff-version')) return hdr[0].includes('3');
    if (!isDataLine(hdr)) continue;
    if (hdr.length !== 9) return false;
    if (!(isPyInt(hdr[3]) || hdr[3] === '.') || !(isPyInt(hdr[4]) || hdr[4] === '.')) return false;
    if (hdr[5] !== '.' && !isPyFloat(hdr[5])) return false;
    if (!GFF3_STRAND.includes(hdr[6]) || !GFF3_PHASE.includes(hdr[7])) return false;
  }
  return true;
}

/** Interval: every non-comment line has at least 3 fields with integers in columns 2 and 3. */
export function sniffInterval(input: SniffInput): boolean {
  for (const hdr of getHeaders(input, '\t')) {
    if (hdr[0].startsWith('#')) continue;
    if (hdr.length < 3 || !isPyInt(hdr[1]) || !isPyInt(hdr[2])) return false;
  }
  return true;
}
