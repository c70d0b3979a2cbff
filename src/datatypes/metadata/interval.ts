import { COL1_STARTSWITH, VALID_STRAND, hasChromPrefix } from '../sniff/interval';
import { isPyInt } from '../sniff/python';
import { readLines } from './read-lines';
import { tabularMetadata } from './tabular';
import type { DatasetMetadata } from './types';

/** Header words naming the interval columns, best first (the platform's alias_spec). */
const ALIASES: Record<string, readonly string[]> = {
  chromCol: ['chrom', 'CHROMOSOME', 'CHROM', 'Chromosome Name'],
  startCol: ['start', 'START', 'chromStart', 'txStart', 'Start Position (bp)'],
  endCol: ['end', 'END', 'STOP', 'chromEnd', 'txEnd', 'End Position (bp)'],
  strandCol: ['strand', 'STRAND', 'Strand'],
  nameCol: ['name', 'NAME', 'Name', 'name2', 'NAME2', 'Name2', 'Ensembl Gene ID', 'Ensembl Transcript ID', 'Ensembl Peptide ID'],
};

/** Column metadata defaults: chrom, start, end in columns 1-3; strand and name unset. */
const defaults = (): DatasetMetadata => ({ chromCol: 1, startCol: 2, endCol: 3, strandCol: null, nameCol: null });

/** 1-based strand column: 6 when a sixth field holds a strand, else 0 (none). */
const strandColumn = (elems: readonly string[]): number => (elems.length >= 6 && VALID_STRAND.includes(elems[5]) ? 6 : 0);

/**
 * The platform's Interval.set_meta: tabular metadata (no header line assumed), then the columns,
 * from a '#' header naming them ("#chrom start end strand"), or guessed from the first data line
 * that starts with a chromosome name.
 */
export async function intervalMetadata(path: string): Promise<DatasetMetadata> {
  const metadata: DatasetMetadata = { ...(await tabularMetadata(path, { skip: 0 })), ...defaults() };
  let emptyLines = 0;
  let i = 0;
  for await (const line of readLines(path)) {
    if (!line) {
      emptyLines += 1;
    } else if (line.startsWith('#')) {
      const elems = line.replace(/^#+|#+$/g, '').split('\t');
      for (const [name, aliases] of Object.entries(ALIASES)) {
        const found = aliases.find((alias) => elems.includes(alias));
        if (found !== undefined) metadata[name] = elems.indexOf(found) + 1;
      }
      break;
    } else {
      const elems = line.split('\t');
      if (elems.length > 2 && COL1_STARTSWITH.some((p) => line.toLowerCase().startsWith(p))) {
        if (isPyInt(elems[1])) metadata.startCol = 2;
        if (isPyInt(elems[2])) metadata.endCol = 3;
        metadata.strandCol = strandColumn(elems);
        break;
      }
      if (i - emptyLines > 100) break;
    }
    i += 1;
  }
  return metadata;
}

/**
 * The platform's Bed.set_meta: the first data line starting with a chromosome name sets the name
 * column (4, when there is one) and strand column (6 with six or more fields, else 0); the lines
 * before it count as comments in the tabular metadata.
 */
export async function bedMetadata(path: string): Promise<DatasetMetadata> {
  const columns = defaults();
  let i = 0;
  let index = 0;
  for await (const line of readLines(path)) {
    index = i;
    i += 1;
    if (!line || line.startsWith('#')) continue;
    const elems = line.split('\t');
    if (elems.length > 2 && hasChromPrefix(line)) {
      if (elems.length > 3) columns.nameCol = 4;
      columns.strandCol = elems.length < 6 ? 0 : 6;
      break;
    }
  }
  return { ...(await tabularMetadata(path, { skip: index })), ...columns };
}
