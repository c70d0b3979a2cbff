import { parseGffAttributes } from '../sniff/gff-attributes';
import { isPyFloat, isPyInt } from '../sniff/python';
import { readLines } from './read-lines';
import { tabularMetadata } from './tabular';
import type { DatasetMetadata } from './types';

const GFF3_STRAND = ['+', '-', '.', '?'];
const GFF3_PHASE = ['.', '0', '1', '2'];

/** Attribute names and value types (int, float, str) over the first 200 lines. */
async function attributeMetadata(path: string): Promise<DatasetMetadata> {
  const types: Record<string, string> = {};
  let i = 0;
  for await (const line of readLines(path)) {
    if (line && !line.startsWith('#')) {
      const elems = line.split('\t');
      if (elems.length === 9) {
        for (const [name, value] of parseGffAttributes(elems[8])) {
          types[name] = isPyInt(value) ? 'int' : isPyFloat(value) ? 'float' : 'str';
        }
      }
    }
    i += 1;
    if (i === 200) break;
  }
  return { attribute_types: types, attributes: Object.keys(types).length };
}

/** Index of the first feature line (9 fields, valid coordinates), or of the last line if none. */
async function firstFeatureLine(path: string, gff3: boolean): Promise<number> {
  let index = 0;
  let i = 0;
  for await (const line of readLines(path)) {
    index = i;
    i += 1;
    if (!line || line.startsWith('#')) continue;
    const elems = line.split('\t');
    if (elems.length !== 9) continue;
    if (!gff3) {
      if (isPyInt(elems[3]) && isPyInt(elems[4])) break;
      continue;
    }
    const start = Number.parseInt(elems[3], 10);
    const end = Number.parseInt(elems[4], 10);
    if (isPyInt(elems[3]) && isPyInt(elems[4]) && start < end && GFF3_STRAND.includes(elems[6]) && GFF3_PHASE.includes(elems[7])) break;
  }
  return index;
}

/**
 * The platform's Gff.set_meta (GTF included) and Gff3.set_meta: attribute metadata, then tabular
 * metadata with everything before the first feature line counted as comments.
 */
export async function gffMetadata(path: string, gff3: boolean): Promise<DatasetMetadata> {
  const attributes = await attributeMetadata(path);
  const skip = await firstFeatureLine(path, gff3);
  return { ...attributes, ...(await tabularMetadata(path, { skip })) };
}
