import { niceSize } from '../../format/nice-size';
import { loadDatatypesRegistry } from '../registry';
import type { DatatypesRegistry } from '../registry';
import type { DatasetMetadata } from './types';
import { commaify, condPlural } from './wording';

export interface BlurbOptions {
  /** Estimated line count, for text whose data_lines is unknown (very large tabular files). */
  estimatedLines?: number;
  registry?: DatatypesRegistry;
}

/** Fixed blurbs of text datatypes that describe themselves rather than count lines. */
const NAMED: readonly [string, string][] = [
  ['galaxy.datatypes.text.Ipynb', 'IPython Notebook'],
  ['galaxy.datatypes.text.Json', 'JavaScript Object Notation (JSON)'],
  ['galaxy.datatypes.text.Obo', 'Open Biomedical Ontology (OBO)'],
  ['galaxy.datatypes.xml.GenericXml', 'XML data'],
];

/** What one data line is called: intervals are regions, pileup lines genomic coordinates. */
function lineClass(ext: string, registry: DatatypesRegistry): string {
  if (registry.derivesFromClass(ext, 'galaxy.datatypes.interval.Interval')) return 'region';
  if (registry.derivesFromClass(ext, 'galaxy.datatypes.tabular.Pileup')) return 'genomic coordinate';
  return 'line';
}

const count = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/**
 * The short description the platform shows under a dataset: "empty" for an empty file; the size
 * for binary, image and HTML data; "data" for other non-text data; "N sequences"; "N lines" (or
 * regions), with ", N comments" for tabular data.
 */
export function blurb(ext: string, metadata: DatasetMetadata, size: number, options: BlurbOptions = {}): string {
  const registry = options.registry ?? loadDatatypesRegistry();
  const is = (className: string) => registry.derivesFromClass(ext, className);
  if (size === 0) return 'empty';
  if (is('galaxy.datatypes.binary.Binary') || is('galaxy.datatypes.images.Image') || is('galaxy.datatypes.images.Html')) return niceSize(size);
  if (is('galaxy.datatypes.sequence.RNADotPlotMatrix')) return niceSize(size);
  if (!is('galaxy.datatypes.data.Text')) return 'data';
  if (is('galaxy.datatypes.sequence.Sequence')) {
    const sequences = count(metadata.sequences);
    return sequences ? `${commaify(sequences)} sequences` : niceSize(size);
  }
  const named = NAMED.find(([className]) => is(className));
  if (named) return named[1];
  const word = lineClass(ext, registry);
  const lines = count(metadata.data_lines);
  let text: string;
  if (lines !== undefined) text = `${commaify(lines)} ${condPlural(lines, word)}`;
  else if (options.estimatedLines !== undefined) text = `~${commaify(options.estimatedLines)} ${condPlural(options.estimatedLines, word)}`;
  else return niceSize(size);
  const comments = count(metadata.comment_lines);
  return is('galaxy.datatypes.tabular.Tabular') && comments ? `${text}, ${commaify(comments)} comments` : text;
}
