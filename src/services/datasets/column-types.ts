import { type ColumnType, guessColumnType, overrules } from '../../datatypes';
import { errors } from '../../errors/error-kinds';
import { type DatasetReadContext, readableDatasetFile } from './dataset-file';
import { columnDelimiterOf } from './display-kind';
import { fileLines } from './file-lines';
import { type HdaInHistoryView, type HdaSummaryView, isDetailed } from './hda-view';

/** Data lines a dataset whose metadata cannot type its columns is typed from. */
const GUESS_LINES = 1000;
const GUESS_LINE_BYTES = 64 * 1024;

/** The dataset read by id with its metadata and access facts, unless the view in hand has them. */
export const fullDatasetView = async (ctx: DatasetReadContext, view: HdaSummaryView, encodedId: string): Promise<HdaInHistoryView> =>
  isDetailed(view) && 'datasetAccessible' in view ? (view as HdaInHistoryView) : ctx.services.hdas.readable(ctx, encodedId);

/**
 * The platform's typing of tabular columns (its Tabular.set_meta) over the first lines, split by
 * `delimiter`: each column the most general of int, float, list, str seen in it; the first line (a
 * possible header) only types columns no other line types.
 */
async function guessedTypes(path: string, delimiter: string): Promise<ColumnType[]> {
  let types: (ColumnType | undefined)[] = [];
  let firstLine: (ColumnType | undefined)[] | null = null;
  let seen = 0;
  for await (const raw of fileLines(path, GUESS_LINE_BYTES)) {
    const line = raw.toString('utf8');
    if (line === '' || line.startsWith('#')) continue;
    const fields = line.split(delimiter).map(guessColumnType);
    if (firstLine === null) firstLine = fields;
    else {
      fields.forEach((type, index) => {
        if (overrules(type, types[index])) types[index] = type;
      });
    }
    seen += 1;
    if (seen >= GUESS_LINES) break;
  }
  const width = Math.max(types.length, firstLine?.length ?? 0);
  types = Array.from({ length: width }, (_, index) => types[index] ?? firstLine?.[index] ?? 'str');
  return types as ColumnType[];
}

/**
 * A tabular dataset's column types (int, float, list, str), one per column: its metadata's
 * `column_types`, which the platform computes from tab-separated lines; a dataset whose columns
 * another delimiter separates (csv) is typed from its first lines by the same rule. Null when not
 * tabular (or the metadata types nothing). Refused, as its lines are, to a caller who may not read it.
 */
export async function datasetColumnTypes(ctx: DatasetReadContext, view: HdaSummaryView, encodedId: string): Promise<string[] | null> {
  const delimiter = columnDelimiterOf(view.extension);
  if (delimiter === null) return null;
  if (!view.accessible) throw errors.notAccessible('Dataset is not accessible by the current user');
  const full = await fullDatasetView(ctx, view, encodedId);
  if (delimiter !== '\t') return guessedTypes((await readableDatasetFile(ctx, full, encodedId)).path, delimiter);
  const types = full.metadata.column_types;
  return Array.isArray(types) && types.length > 0 && types.every((type) => typeof type === 'string') ? (types as string[]) : null;
}
