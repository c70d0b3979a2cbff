import { loadDatatypesRegistry } from '../../datatypes';

/** How a dataset's content can be shown, decided by its datatype's class in the registry. */
export type DisplayKind = 'tabular' | 'html' | 'text' | 'image' | 'binary';

const TABULAR_CLASS = 'galaxy.datatypes.tabular.Tabular';
const HTML_CLASS = 'galaxy.datatypes.images.Html';
const TEXT_CLASS = 'galaxy.datatypes.data.Text';
const IMAGE_CLASS = 'galaxy.datatypes.images.Image';

/**
 * Tabular for the Tabular family (tabular, csv, interval, bed, gff, sam, vcf, …), html for the Html
 * class (shown by the web UI in a sandboxed frame from its display route, which sanitizes it), text
 * for any other Text class (txt, fasta, xml, json, …), image for an Image class a browser shows from
 * its mimetype (png, jpg, gif, svg, …; not pdf), binary for everything else (bam, compressed files, data).
 */
export function displayKindOf(extension: string): DisplayKind {
  const registry = loadDatatypesRegistry();
  if (registry.derivesFromClass(extension, TABULAR_CLASS)) return 'tabular';
  if (registry.derivesFromClass(extension, HTML_CLASS)) return 'html';
  if (registry.derivesFromClass(extension, TEXT_CLASS)) return 'text';
  if (registry.derivesFromClass(extension, IMAGE_CLASS) && registry.mimetype(extension).startsWith('image/')) return 'image';
  return 'binary';
}

/** Whether the content is lines of text (tabular, html or text kinds: html is text too, read as lines it is inert). */
export const isTextKind = (kind: DisplayKind): boolean => kind === 'tabular' || kind === 'html' || kind === 'text';

/** What separates the columns of a tabular dataset: a comma for csv, else a tab; null when it is not tabular. */
export function columnDelimiterOf(extension: string): string | null {
  if (displayKindOf(extension) !== 'tabular') return null;
  return extension === 'csv' ? ',' : '\t';
}
