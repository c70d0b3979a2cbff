import type { ContextWith } from '../../context/service-context';
import { errors } from '../../errors/error-kinds';
import type { FolderContentItem } from './folder-contents.service';
import { FOLDER_ITEMS, FOLDER_ITEMS_COUNT, type ItemsFrom } from './folder-items-sql';
import type { FolderContentsService } from './folder-contents.service';

/** At most this many items in one page (as history items). */
export { MAX_PAGE_SIZE } from '../shared';
import { checkPageSize, jsonCursorOf, jsonCursorValue, MAX_PAGE_SIZE } from '../shared';

export interface FolderContentsPage {
  /** The page's items in the listing's order, each with the cursor that continues after it. */
  items: Array<{ item: FolderContentItem; cursor: string }>;
  hasNextPage: boolean;
  /** Every item the caller may see in the folder (one statement, asked for only when wanted). */
  totalCount(): Promise<number>;
}

/** After the item of this kind (0 a subfolder, 1 a dataset), name and id. */
interface Position {
  kind: 0 | 1;
  name: string;
  id: number;
}

const MAX_ID = 2_147_483_647;

export function folderCursorOf(position: Position): string {
  return jsonCursorOf([position.kind, position.name, position.id]);
}

function positionOf(cursor: string): Position {
  const value = jsonCursorValue(cursor);
  if (!Array.isArray(value) || value.length !== 3) throw errors.invalid(`Invalid cursor: ${cursor}`);
  const [kind, name, id] = value as unknown[];
  if ((kind !== 0 && kind !== 1) || typeof name !== 'string' || typeof id !== 'number' || !Number.isInteger(id) || id < 0 || id > MAX_ID) {
    throw errors.invalid(`Invalid cursor: ${cursor}`);
  }
  return { kind, name, id };
}

/**
 * A page of the first level of a folder (subfolders, then datasets, each by name and id) for the
 * caller: the folder in one statement, the page in one more, read from its position on by index.
 */
export async function folderContentsPage(
  ctx: ContextWith<{ folderContents: FolderContentsService }>,
  encodedFolderId: string,
  includeDeleted: boolean,
  first: number,
  after: string | null | undefined,
): Promise<FolderContentsPage> {
  checkPageSize(first, MAX_PAGE_SIZE);
  const position = after ? positionOf(after) : null;
  const opened = await ctx.services.folderContents.open(ctx, encodedFolderId, includeDeleted);
  const from: ItemsFrom = position === null ? 'start' : position.kind === 0 ? 'folders' : 'files';
  const params: unknown[] = [...opened.params, ...(position ? [position.name, position.id] : []), first + 1];
  const rows = first === 0 ? [] : await ctx.rows(FOLDER_ITEMS.for({ from, limited: true }), params);
  const page = rows.slice(0, first);
  return {
    items: page.map((item) => ({ item, cursor: folderCursorOf({ kind: item.kind === 'folder' ? 0 : 1, name: item.name, id: Number(item.id) }) })),
    hasNextPage: rows.length > first,
    totalCount: async () => Number((await ctx.rows(FOLDER_ITEMS_COUNT.for({}), opened.params.slice(0, 4)))[0]?.n ?? 0),
  };
}
