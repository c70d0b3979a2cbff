import DataLoader from 'dataloader';
import type { LoaderFactory } from '../../context/loader-registry';
import type { DatasetMetadata } from '../../entities/hda.entity';
import { errors } from '../../errors/error-kinds';
import { type DatasetReadContext, readableDatasetFile } from './dataset-file';
import { columnDelimiterOf } from './display-kind';
import { fileLines } from './file-lines';
import type { HdaSummaryView } from './hda-view';

/** Leading lines looked at for a header (comment lines before the first data line). */
const HEADER_SCAN_LINES = 100;
const HEADER_LINE_BYTES = 64 * 1024;

/** The names and number of a tabular dataset's columns (null when unknown or not tabular). */
export interface DatasetColumns {
  names: string[] | null;
  count: number | null;
}

export interface ColumnsKey {
  view: HdaSummaryView;
  encodedId: string;
  /** The dataset's metadata when the read had it (null: the caller may not read the dataset). */
  metadata: DatasetMetadata | null | undefined;
}

const NO_COLUMNS: DatasetColumns = { names: null, count: null };

function metadataNames(metadata: DatasetMetadata | null | undefined): string[] | null {
  const names = metadata?.column_names;
  return Array.isArray(names) && names.length > 0 && names.every((name) => typeof name === 'string') ? (names as string[]) : null;
}

function metadataCount(metadata: DatasetMetadata | null | undefined): number | null {
  const count = metadata?.columns;
  return typeof count === 'number' && Number.isInteger(count) && count > 0 ? count : null;
}

/**
 * The leading lines of the file: the last header line among the comments before the first data line
 * ('#' then a name per column, as `#chrom<TAB>start`; '##' lines are meta lines, as in VCF), and the
 * number of fields of the first data line.
 */
async function scanHead(path: string, delimiter: string): Promise<{ header: string[] | null; dataFields: number | null }> {
  let header: string[] | null = null;
  let scanned = 0;
  for await (const raw of fileLines(path, HEADER_LINE_BYTES)) {
    const line = raw.toString('utf8');
    if (line.startsWith('#')) {
      if (!line.startsWith('##')) header = line.slice(1).split(delimiter).map((name) => name.trim());
    } else if (line.trim() !== '') {
      return { header, dataFields: line.split(delimiter).length };
    }
    scanned += 1;
    if (scanned >= HEADER_SCAN_LINES) break;
  }
  return { header, dataFields: null };
}

/**
 * A tabular dataset's columns: names from its metadata (`column_names`, set by tools that name their
 * columns), else from a leading '#' header line; the count from the metadata's `columns` (which
 * counts tab-separated fields: a csv's columns are counted in its file), else the names, else the
 * first data line. The file is read (the display route's rules applying) only when
 * the metadata does not answer. A dataset the caller may not read (as its read found it) is refused
 * as its lines are, before its metadata is looked at: its column names are its content.
 */
export async function datasetColumns(ctx: DatasetReadContext, { view, encodedId, metadata }: ColumnsKey): Promise<DatasetColumns> {
  const delimiter = columnDelimiterOf(view.extension);
  if (delimiter === null) return NO_COLUMNS;
  if (!view.accessible) throw errors.notAccessible('Dataset is not accessible by the current user');
  const names = metadataNames(metadata);
  // The metadata counts the columns of tab-separated lines: another delimiter's (csv) are counted in the file.
  const count = delimiter === '\t' ? metadataCount(metadata) : null;
  if (names && count) return { names, count };
  const file = await readableDatasetFile(ctx, view, encodedId);
  const head = await scanHead(file.path, delimiter);
  const found = names ?? head.header;
  return { names: found, count: count ?? found?.length ?? head.dataFields };
}

/** Each dataset's columns once per request (its names and its count are asked for apart). */
export const columnsOfDataset: LoaderFactory<ColumnsKey, DatasetColumns, DatasetReadContext> = (ctx) =>
  new DataLoader(
    (keys) => Promise.all(keys.map((key) => datasetColumns(ctx, key).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))))),
    { batch: false, cacheKeyFn: (key) => key.view.id },
  );
