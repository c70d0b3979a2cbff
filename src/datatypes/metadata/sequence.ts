import { pyStrip } from '../sniff/python';
import { readLines } from './read-lines';
import type { DatasetMetadata } from './types';

/**
 * The platform's Sequence.set_meta (FASTA and relatives): '>' lines count sequences; every other
 * line but '#' comments, blank ones included, counts as a data line.
 */
export async function fastaMetadata(path: string): Promise<DatasetMetadata> {
  let dataLines = 0;
  let sequences = 0;
  for await (const raw of readLines(path)) {
    const line = pyStrip(raw);
    if (line.startsWith('#')) continue;
    if (line.startsWith('>')) sequences += 1;
    dataLines += 1;
  }
  return { data_lines: dataLines, sequences };
}

/**
 * The platform's Fastq.set_meta: records are counted as blocks of at least four lines, a new block
 * starting at an '@' line once four lines were seen (a quality line may itself start with '@').
 */
export async function fastqMetadata(path: string): Promise<DatasetMetadata> {
  let dataLines = 0;
  let sequences = 0;
  let blockLines = 0;
  for await (const raw of readLines(path)) {
    const line = pyStrip(raw);
    if (line.startsWith('#') && sequences === 0) continue;
    if (line.startsWith('@') && blockLines >= 4) {
      sequences += 1;
      blockLines = 1;
    } else {
      blockLines += 1;
    }
    dataLines += 1;
  }
  if (blockLines >= 4) sequences += 1;
  return { data_lines: dataLines, sequences };
}
