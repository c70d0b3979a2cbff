import { errors } from '../../errors/error-kinds';
import { type ChartCursor, decodeChartCursor, encodeChartCursor } from './chart-cursor';
import { chartColumnKinds, chartValue, type ChartValue } from './chart-values';
import { datasetColumns } from './dataset-columns';
import { type DatasetReadContext, readableDatasetFile } from './dataset-file';
import { columnDelimiterOf } from './display-kind';
import { fileLinesFrom } from './file-lines';
import { datasetColumnTypes, fullDatasetView } from './column-types';
import type { HdaSummaryView } from './hda-view';

/** Beyond this many data rows, a chart reads an evenly spread sample of this many. */
export const CHART_SAMPLE_LIMIT = 50_000;
/** The most rows one page gives (and its default). */
export const MAX_CHART_PAGE_ROWS = 5_000;
/** The most columns a chart reads at once. */
export const MAX_CHART_COLUMNS = 8;
/** A longer line is cut to this many bytes, as the dataset's lines are. */
const CHART_LINE_BYTES = 64 * 1024;

/** The columns a chart asks for (1-based, as the platform counts them) and where its page starts. */
export interface ChartPageRequest {
  columns: readonly number[];
  first: number;
  after: string | null;
}

/** A page of chart rows: the chosen columns' values, in the order asked for. */
export interface ChartPage {
  rows: ChartValue[][];
  /** The dataset's data rows (lines that are neither blank nor '#' comments). */
  totalRows: number;
  /** Whether the rows are an evenly spread sample of the data rows. */
  sampled: boolean;
  /** The rows every page together gives: all of them, or the sample. */
  sampleSize: number;
  hasNextPage: boolean;
  endCursor: string | null;
}

/** A line that is data, not a comment ('#') or a blank line: the platform's tabular metadata counts lines alike. */
const isDataLine = (line: string): boolean => line.trim() !== '' && !line.startsWith('#');

/** The data row a sample's `index`th row is: evenly spread from the first row over all of them. */
const sampledRow = (index: number, total: number, size: number): number => Math.floor((index * total) / size);

function checkRequest({ columns, first }: ChartPageRequest, count: number): void {
  if (!Number.isInteger(first) || first < 1 || first > MAX_CHART_PAGE_ROWS) {
    throw errors.invalid(`first must be a whole number of rows from 1 to ${MAX_CHART_PAGE_ROWS}`, { parameter: 'first' });
  }
  if (columns.length < 1 || columns.length > MAX_CHART_COLUMNS) {
    throw errors.invalid(`columns must name 1 to ${MAX_CHART_COLUMNS} columns`, { parameter: 'columns' });
  }
  const wrong = columns.find((column) => !Number.isInteger(column) || column < 1 || column > count);
  if (wrong !== undefined) throw errors.invalid(`There is no column ${wrong}: the dataset has ${count} column${count === 1 ? '' : 's'} (numbered from 1).`, { parameter: 'columns' });
}

/** The data rows of the file, read once for the first page when the metadata does not count them. */
async function countDataRows(path: string, metadataLines: unknown): Promise<number> {
  if (typeof metadataLines === 'number' && Number.isSafeInteger(metadataLines) && metadataLines >= 0) return metadataLines;
  let rows = 0;
  for await (const { bytes } of fileLinesFrom(path, CHART_LINE_BYTES)) {
    if (isDataLine(bytes.toString('utf8'))) rows += 1;
  }
  return rows;
}

/**
 * A page of the values of chosen columns of a tabular dataset, for a caller who may read it (the
 * display route's rules), numbers parsed as the metadata types each column (int, float; other
 * columns are text, for categories). A dataset of more than CHART_SAMPLE_LIMIT data rows gives a
 * sample of that many evenly spread over the file. Pages continue from the cursor (a byte offset),
 * so reading every page reads the file once, plus one count when the metadata has none.
 */
export async function readChartPage(ctx: DatasetReadContext, view: HdaSummaryView, encodedId: string, request: ChartPageRequest): Promise<ChartPage> {
  if (!view.accessible) throw errors.notAccessible('Dataset is not accessible by the current user');
  const delimiter = columnDelimiterOf(view.extension);
  if (delimiter === null) throw errors.invalid(`The dataset is not tabular: its datatype (${view.extension}) has no columns to chart.`);
  const full = await fullDatasetView(ctx, view, encodedId);
  const { count } = await datasetColumns(ctx, { view: full, encodedId, metadata: full.metadata });
  checkRequest(request, count ?? 0);
  const kinds = chartColumnKinds(await datasetColumnTypes(ctx, full, encodedId), count ?? 0);
  const chosenKinds = request.columns.map((column) => kinds[column - 1]);
  const file = await readableDatasetFile(ctx, full, encodedId);
  const start: ChartCursor = request.after ? decodeChartCursor(request.after) : { offset: 0, row: 0, given: 0, total: await countDataRows(file.path, full.metadata.data_lines) };
  const sampled = start.total > CHART_SAMPLE_LIMIT;
  const sampleSize = sampled ? CHART_SAMPLE_LIMIT : start.total;
  const rows: ChartValue[][] = [];
  let { offset, row, given } = start;
  let ended = true;
  if (given < sampleSize) {
    for await (const line of fileLinesFrom(file.path, CHART_LINE_BYTES, offset)) {
      const text = line.bytes.toString('utf8');
      offset = line.end;
      if (!isDataLine(text)) continue;
      const wanted = !sampled || row === sampledRow(given, start.total, sampleSize);
      row += 1;
      if (!wanted) continue;
      const cells = text.split(delimiter);
      rows.push(request.columns.map((column, index) => chartValue(cells[column - 1], chosenKinds[index])));
      given += 1;
      if (rows.length === request.first || given === sampleSize) {
        ended = given === sampleSize;
        break;
      }
    }
  }
  const endCursor = ended ? null : encodeChartCursor({ offset, row, given, total: start.total });
  return { rows, totalRows: start.total, sampled, sampleSize, hasNextPage: !ended, endCursor };
}
