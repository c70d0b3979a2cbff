import { stat } from 'node:fs/promises';
import { errors } from '../../errors/error-kinds';
import { type DatasetReadContext, readableDatasetFile } from './dataset-file';
import { displayKindOf, isTextKind } from './display-kind';
import { fileLines } from './file-lines';
import type { HdaSummaryView } from './hda-view';

/** The most lines one chunk gives. */
export const MAX_CHUNK_LINES = 1000;
/** A longer line is cut to this many bytes (it is still one line). */
export const MAX_LINE_BYTES = 64 * 1024;

/** Lines of a text dataset from `firstLine` (1-based), and whether more follow. */
export interface TextChunk {
  firstLine: number;
  lines: string[];
  hasMore: boolean;
  /** The whole file's size in bytes. */
  byteSize: number;
}

function checkRange(offset: number, limit: number): void {
  if (!Number.isInteger(offset) || offset < 0) throw errors.invalid('offset must be a whole number of lines, 0 or more', { parameter: 'offset' });
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CHUNK_LINES) {
    throw errors.invalid(`limit must be a whole number of lines from 1 to ${MAX_CHUNK_LINES}`, { parameter: 'limit' });
  }
}

/**
 * `limit` lines of a dataset after its first `offset` lines, for a caller who may display it (the
 * display route's rules). The file is streamed up to the line after the chunk (to know whether more
 * follow) and no further; lines are read as UTF-8. A dataset whose datatype is not text is refused,
 * and one the caller may not read (as a listing found it) before anything else is read.
 */
export async function readTextChunk(ctx: DatasetReadContext, view: HdaSummaryView, encodedId: string, offset: number, limit: number): Promise<TextChunk> {
  if (!view.accessible) throw errors.notAccessible('Dataset is not accessible by the current user');
  checkRange(offset, limit);
  const kind = displayKindOf(view.extension);
  if (!isTextKind(kind)) {
    throw errors.invalid(`The dataset is not text: its datatype (${view.extension}) is ${kind}; display or download it instead.`);
  }
  const file = await readableDatasetFile(ctx, view, encodedId);
  const lines: string[] = [];
  let index = 0;
  let hasMore = false;
  for await (const line of fileLines(file.path, MAX_LINE_BYTES)) {
    if (index >= offset + limit) {
      hasMore = true;
      break;
    }
    if (index >= offset) lines.push(line.toString('utf8'));
    index += 1;
  }
  const { size } = await stat(file.path);
  return { firstLine: offset + 1, lines, hasMore, byteSize: size };
}
