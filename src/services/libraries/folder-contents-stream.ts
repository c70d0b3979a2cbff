import type { ContextWith, ServiceContext } from '../../context/service-context';
import type { FolderContentItem, FolderContents, OpenedFolder } from './folder-contents.service';
import { FOLDER_FILES, FOLDER_ITEMS_BATCH, FOLDER_SUBFOLDERS, type FolderItemRow } from './folder-items-sql';
import type { FolderContentsService } from './folder-contents.service';

/** A batch of a folder's listing; the first also says what the listing says about the folder. */
export interface FolderContentsBatch {
  header: Omit<FolderContents, 'items'> | null;
  items: FolderContentItem[];
}

/**
 * The first level of a folder as `list` answers it, in batches as its one statement's rows are read.
 * Everything that can refuse the request (the id, the library's access) is decided before this
 * returns, so a refusal is an error answer, never a broken stream. The first batch always comes (the
 * folder's header, with no items for an empty folder). Statements: the folder (which counts its
 * subfolders and datasets up to a batch), its subfolders if it has any, then its datasets if it has
 * any (each read as PostgreSQL produces it, in the listing's order).
 */
export async function folderContentsInBatches(
  ctx: ContextWith<{ folderContents: FolderContentsService }>,
  encodedId: string,
  includeDeleted: boolean,
  batchSize = FOLDER_ITEMS_BATCH,
): Promise<AsyncGenerator<FolderContentsBatch, void, undefined>> {
  const service = ctx.services.folderContents;
  const opened = await service.open(ctx, encodedId, includeDeleted);
  const header = service.header(opened, ctx.caller.isAdmin);
  return withHeader(header, subfoldersThenFiles(ctx, opened, batchSize));
}

/** Each part read only when the folder has some, as one prepared statement when it fits a batch. */
async function* subfoldersThenFiles(ctx: ServiceContext, opened: OpenedFolder, batchSize: number): AsyncGenerator<FolderItemRow[], void, undefined> {
  const { subfolderRows, datasetRows } = opened.folder;
  // The subfolders' statement has no $5 (the caller's private role): only the datasets' does.
  if (subfolderRows > 0) yield* ctx.batches(FOLDER_SUBFOLDERS, opened.params.slice(0, 4), { batchSize, expectedRows: subfolderRows });
  if (datasetRows > 0) yield* ctx.batches(FOLDER_FILES, opened.params, { batchSize, expectedRows: datasetRows });
}

async function* withHeader(
  header: FolderContentsBatch['header'],
  rows: AsyncGenerator<FolderItemRow[], void, undefined>,
): AsyncGenerator<FolderContentsBatch, void, undefined> {
  let first = true;
  for await (const batch of rows) {
    yield { header: first ? header : null, items: batch };
    first = false;
  }
  if (first) yield { header, items: [] };
}
