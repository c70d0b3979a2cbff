import { firstChunkLines } from './input';
import type { SniffInput } from './input';

/** phyloXML: "phyloxml" anywhere in the first lines (what readlines(5) returns). */
export const sniffPhyloxml = (input: SniffInput): boolean => firstChunkLines(input).join('\n').includes('phyloxml');

/** OWL: an "<owl:" element in the first lines. */
export const sniffOwl = (input: SniffInput): boolean => firstChunkLines(input).some((line) => line.includes('<owl:'));

/** Generic XML: only the declaration is checked, "<?xml " at the very start. */
export const sniffGenericXml = (input: SniffInput): boolean => (input.lines[0] ?? '').startsWith('<?xml ');
