import { getHeaders } from './input';
import type { SniffInput } from './input';
import { isPyInt, pyInt, pyStrip } from './python';

/** VCF: the first line starts with "##fileformat=VCF". */
export const sniffVcf = (input: SniffInput): boolean => (input.lines[0] ?? '').startsWith('##fileformat=VCF');

const PILEUP_BASES = ['A', 'C', 'G', 'T', 'N', 'a', 'c', 'g', 't', 'n'];

/** Pileup: lines of 5+ tab fields with a non-negative position and a reference base in column 3. */
export function sniffPileup(input: SniffInput): boolean {
  for (const hdr of getHeaders(input, '\t')) {
    if (hdr[0].startsWith('#')) continue;
    const position = pyInt(hdr[1] ?? '');
    if (hdr.length < 5 || position === undefined || position < 0 || !PILEUP_BASES.includes(hdr[2])) return false;
  }
  return true;
}

/**
 * SAM: '@' header lines, then alignments of 11+ tab fields with integer FLAG, POS, MAPQ, MPOS and
 * ISIZE. The first five alignments decide; reading stops at the first blank line.
 */
export function sniffSam(input: SniffInput): boolean {
  let count = 0;
  for (const raw of input.lines) {
    const line = pyStrip(raw);
    if (!line) break;
    if (line.startsWith('@')) continue;
    const fields = line.split('\t');
    if (fields.length < 11 || ![1, 3, 4, 7, 8].every((i) => isPyInt(fields[i]))) return false;
    count += 1;
    if (count === 5) return true;
  }
  return count > 0;
}

/**
 * The platform's is_column_based: the lines after `skip` that are neither empty nor '#' comments
 * (nor start with the separator) all have the same number of fields, at least two.
 */
export function isColumnBased(input: SniffInput, sep = '\t', skip = 0): boolean {
  const rows = getHeaders(input, sep)
    .slice(skip)
    .filter((hdr) => hdr.length > 0 && hdr[0] !== '' && !hdr[0].startsWith('#'));
  if (rows.length === 0 || rows[0].length < 2) return false;
  return rows.every((hdr) => hdr.length === rows[0].length);
}
