import type { SniffInput } from './input';

/** Quality characters of Phred+33 ("Sanger", Illumina 1.8+) scores 0-41. */
const SANGER_MIN = 33;
const SANGER_MAX = 74;

/**
 * Whether FASTQ content is Sanger-encoded (an extension: the platform always reports the generic
 * "fastq"). Every complete 4-line record in view must have an '@' header, a '+' separator, quality
 * as long as the sequence, and quality characters in '!'..'J'.
 */
export function isSangerFastq(input: SniffInput, maxRecords = 1000): boolean {
  const lines = input.lines;
  let records = 0;
  for (let i = 0; i + 3 < lines.length && records < maxRecords; i += 4) {
    const [header, sequence, separator, quality] = lines.slice(i, i + 4);
    if (!header.startsWith('@') || !separator.startsWith('+') || sequence.length !== quality.length) return false;
    for (let j = 0; j < quality.length; j += 1) {
      const code = quality.charCodeAt(j);
      if (code < SANGER_MIN || code > SANGER_MAX) return false;
    }
    records += 1;
  }
  return records > 0;
}
