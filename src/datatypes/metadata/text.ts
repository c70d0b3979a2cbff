import { COL1_STARTSWITH } from '../sniff/interval';
import { isPyFloat, pyStrip } from '../sniff/python';
import { readLines } from './read-lines';
import { tabularMetadata } from './tabular';
import type { DatasetMetadata } from './types';

/** The platform's count_data_lines: lines that are neither blank nor '#' comments. */
export async function countDataLines(path: string): Promise<number> {
  let count = 0;
  for await (const raw of readLines(path)) {
    const line = pyStrip(raw);
    if (line && !line.startsWith('#')) count += 1;
  }
  return count;
}

/** The platform's Text.set_meta. */
export async function textMetadata(path: string): Promise<DatasetMetadata> {
  return { data_lines: await countDataLines(path) };
}

/** The platform's Wiggle.set_meta: lines before the first data line (a number or a chromosome) are comments. */
export async function wiggleMetadata(path: string): Promise<DatasetMetadata> {
  let index = 0;
  let i = 0;
  for await (const line of readLines(path)) {
    index = i;
    i += 1;
    if (!line || line.startsWith('#')) continue;
    const first = line.split('\t')[0];
    if (isPyFloat(first) || COL1_STARTSWITH.some((p) => first.toLowerCase().startsWith(p))) break;
  }
  return { ...(await tabularMetadata(path, { skip: index, maxDataLines: null })) };
}
