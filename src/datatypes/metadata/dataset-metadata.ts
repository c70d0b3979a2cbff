import { loadDatatypesRegistry } from '../registry';
import type { DatatypesRegistry } from '../registry';
import { bedMetadata, intervalMetadata } from './interval';
import { gffMetadata } from './gff';
import { samMetadata, vcfMetadata } from './sam-vcf';
import { fastaMetadata, fastqMetadata } from './sequence';
import { tabularMetadata } from './tabular';
import { textMetadata, wiggleMetadata } from './text';
import type { DatasetMetadata } from './types';

type Compute = (path: string) => Promise<DatasetMetadata>;

/** The platform's BedStrict.set_meta (bedstrict, bed6, bed12): tabular, then name/strand by width. */
async function bedStrictMetadata(path: string): Promise<DatasetMetadata> {
  const tabular = await tabularMetadata(path);
  return {
    ...tabular,
    chromCol: 1,
    startCol: 2,
    endCol: 3,
    nameCol: tabular.columns >= 4 ? 4 : null,
    strandCol: tabular.columns >= 6 ? 6 : null,
  };
}

/** Most specific class first: the first class the datatype derives from picks the computation. */
const BY_CLASS: readonly [string, Compute][] = [
  ['galaxy.datatypes.tabular.Sam', samMetadata],
  ['galaxy.datatypes.tabular.Vcf', vcfMetadata],
  ['galaxy.datatypes.interval.BedStrict', bedStrictMetadata],
  ['galaxy.datatypes.interval.Bed', bedMetadata],
  ['galaxy.datatypes.interval.Interval', intervalMetadata],
  ['galaxy.datatypes.interval.Gff3', (path) => gffMetadata(path, true)],
  ['galaxy.datatypes.interval.Gff', (path) => gffMetadata(path, false)],
  ['galaxy.datatypes.interval.Wiggle', wiggleMetadata],
  ['galaxy.datatypes.interval.CustomTrack', async (path) => ({ ...(await tabularMetadata(path, { skip: 1 })) })],
  ['galaxy.datatypes.tabular.Tabular', async (path) => ({ ...(await tabularMetadata(path)) })],
  ['galaxy.datatypes.sequence.Fastq', fastqMetadata],
  ['galaxy.datatypes.sequence.Sequence', fastaMetadata],
  // Notebooks keep no metadata on the platform.
  ['galaxy.datatypes.text.Ipynb', async () => ({})],
  ['galaxy.datatypes.data.Text', textMetadata],
];

/**
 * Metadata the platform computes when a dataset of `ext` is stored (its datatype's set_meta):
 * tabular families give data_lines, comment_lines, columns and column_types (plus interval columns,
 * GFF attributes or VCF sample names), sequences give sequences and data_lines, text gives
 * data_lines. Binary and other non-text datatypes give nothing computable here.
 */
export async function datasetMetadata(
  ext: string,
  path: string,
  registry: DatatypesRegistry = loadDatatypesRegistry(),
): Promise<DatasetMetadata> {
  const entry = BY_CLASS.find(([className]) => registry.derivesFromClass(ext, className));
  return entry ? entry[1](path) : {};
}
