import { pySplit } from '../sniff/python';
import { readLines } from './read-lines';
import { tabularMetadata } from './tabular';
import type { DatasetMetadata } from './types';

const SAM_COLUMN_TYPES = ['str', 'int', 'str', 'int', 'int', 'str', 'str', 'int', 'int', 'str', 'str', 'str'];

/** The platform's Sam.set_meta: '@' lines are comments, the rest data; 12 fixed columns. */
export async function samMetadata(path: string): Promise<DatasetMetadata> {
  let lines = 0;
  let comments = 0;
  for await (const line of readLines(path)) {
    lines += 1;
    if (line.startsWith('@')) comments += 1;
  }
  return { data_lines: lines - comments, comment_lines: comments, columns: 12, column_types: [...SAM_COLUMN_TYPES] };
}

/** The platform's Vcf.set_meta: tabular metadata plus the sample names of the "#CHROM" line. */
export async function vcfMetadata(path: string): Promise<DatasetMetadata> {
  const metadata: DatasetMetadata = { ...(await tabularMetadata(path)), sample_names: [] };
  for await (const line of readLines(path)) {
    if (line.startsWith('##')) continue;
    if (line.startsWith('#')) metadata.sample_names = pySplit(line, null).slice(9);
    break;
  }
  return metadata;
}
