import type { ContextWith } from '../../context/service-context';
import { StatementShapes } from '../../db/sql/sql-statement';
import { errors } from '../../errors/error-kinds';
import type { LibraryContentEntry } from './library-contents.service';
import { ACCESS, type Step, walkSteps } from './library-walk';
import type { LibraryContentsService } from './library-contents.service';

/** At most this many entries in one page (as history items). */
import { checkPageSize, jsonCursorOf, jsonCursorValue, MAX_PAGE_SIZE } from '../shared';

export interface LibraryContentsPage {
  items: Array<{ item: LibraryContentEntry; cursor: string }>;
  hasNextPage: boolean;
  /** Every entry the caller may see ('/' included; one statement, asked for only when wanted). */
  totalCount(): Promise<number>;
}

/** After the root, after a folder's entry, or after a dataset (its folder, name and id). */
type Position = { kind: 'root' } | { kind: 'folder'; id: number } | { kind: 'file'; folderId: number; name: string; id: number };

const MAX_ID = 2_147_483_647;
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_ID;

function cursorOf(position: Position): string {
  const value = position.kind === 'root' ? ['r'] : position.kind === 'folder' ? ['f', position.id] : ['d', position.folderId, position.name, position.id];
  return jsonCursorOf(value);
}

function positionOf(cursor: string): Position {
  const value = jsonCursorValue(cursor);
  if (Array.isArray(value)) {
    if (value.length === 1 && value[0] === 'r') return { kind: 'root' };
    if (value.length === 2 && value[0] === 'f' && isId(value[1])) return { kind: 'folder', id: value[1] };
    if (value.length === 4 && value[0] === 'd' && isId(value[1]) && typeof value[2] === 'string' && isId(value[3])) return { kind: 'file', folderId: value[1], name: value[2], id: value[3] };
  }
  throw errors.invalid(`Invalid cursor: ${cursor}`);
}

interface Shape {
  admin: boolean;
  /** The first folder's datasets continue after a (name, id). */
  positioned: boolean;
}

const visibleJoin = (admin: boolean) =>
  admin
    ? ''
    : `join library_dataset_dataset_association a on a.id = ld.ldda_id
       cross join lateral (select array_agg(p.role_id) as access from item_permission p
                            where p.item_type = 'dataset' and p.item_id = a.dataset_id and p.action = '${ACCESS}') dp`;
const visibleWhere = (admin: boolean) => (admin ? 'not ld.deleted' : 'not ld.deleted and (dp.access is null or dp.access <@ $2::int[])');

/** At most $3 datasets of a folder the caller may access ($2 roles), by (name, id) from its index. */
const datasetsOf = (admin: boolean, folder: string, after: string) => `select ld.id, ld.name from library_dataset ld ${visibleJoin(admin)}
   where ld.folder_id = ${folder} ${after} and ${visibleWhere(admin)}
   order by ld.name, ld.id limit $3`;

/**
 * At most $3 datasets of each listed folder ($1, in walk order), the first folder's after ($4, $5)
 * when positioned (an index condition: read from there), so a page costs the same wherever it is.
 */
const PAGE_DATASETS = new StatementShapes<Shape, { ord: string | number; id: number; name: string }>(
  'library_contents_page',
  ({ admin, positioned }) => {
    const rest = `select f.ord, x.id, x.name
       from unnest($1::int[]) with ordinality as f(id, ord)
       cross join lateral (${datasetsOf(admin, 'f.id', '')}) x
      where $2::int[] is not null ${positioned ? 'and f.ord > 1' : ''}`;
    if (!positioned) return `${rest} order by 1, 3, 2 limit $3`;
    const first = `select 1::bigint as ord, x.id, x.name from (${datasetsOf(admin, '($1::int[])[1]', 'and (ld.name, ld.id) > ($4::text, $5::int)')}) x`;
    return `(${first}) union all (${rest}) order by 1, 3, 2 limit $3`;
  },
  (shape) => `${shape.admin}|${shape.positioned}`,
);

const COUNT = new StatementShapes<{ admin: boolean }, { n: string }>(
  'library_contents_count',
  ({ admin }) => `select count(*) as n from unnest($1::int[]) as f(id) join library_dataset ld on ld.folder_id = f.id ${visibleJoin(admin)}
    where ${visibleWhere(admin)} and $2::int[] is not null`,
  (shape) => String(shape.admin),
);

/** Where in the walk a page starts: the step index, and (for a dataset) the place among its folder's datasets. */
function startOf(steps: Step[], position: Position | null, cursor: string): { step: number; after: { name: string; id: number } | null } {
  if (position === null || position.kind === 'root') return { step: 0, after: null };
  const index = steps.findIndex((step) => (position.kind === 'folder' ? step.kind === 'folder' && step.id === position.id : step.kind === 'datasets' && step.folderId === position.folderId));
  // A folder gone from the caller's walk since (deleted, or no longer holding what they may see).
  if (index < 0) throw errors.invalid(`Invalid cursor: ${cursor}`);
  return position.kind === 'folder' ? { step: index + 1, after: null } : { step: index, after: { name: position.name, id: position.id } };
}

/**
 * A page of the recursive library listing ('/', then the walk: folders before their datasets, by
 * name): the library, the caller's roles, its folders, then the page's datasets, whatever the page.
 */
export async function libraryContentsPage(ctx: ContextWith<{ libraryContents: LibraryContentsService }>, encodedLibraryId: string, first: number, after: string | null | undefined): Promise<LibraryContentsPage> {
  checkPageSize(first, MAX_PAGE_SIZE);
  const position = after ? positionOf(after) : null;
  const { libraryId, rootId } = await ctx.services.libraryContents.openLibrary(ctx, encodedLibraryId);
  const { admin, roles, steps } = await walkSteps(ctx, libraryId, rootId);
  const start = startOf(steps, position, after ?? '');
  const want = first + 1;
  const items: Array<{ item: LibraryContentEntry; cursor: string }> = [];
  if (position === null) items.push({ item: { kind: 'folder', id: rootId, name: '/' }, cursor: cursorOf({ kind: 'root' }) });
  // The folders whose datasets may fall in the page: until `want` folder entries would fill it.
  const rest = steps.slice(start.step);
  const listed: Step[] = [];
  let entries = items.length;
  for (const step of rest) {
    if (entries >= want) break;
    if (step.kind === 'folder') entries += 1;
    listed.push(step);
  }
  const segments = listed.flatMap((step) => (step.kind === 'datasets' ? [step] : []));
  const positioned = start.after !== null;
  const rows =
    first === 0 || segments.length === 0
      ? []
      : await ctx.rows(PAGE_DATASETS.for({ admin, positioned }), [segments.map((step) => step.folderId), roles, want, ...(positioned ? [start.after!.name, start.after!.id] : [])]);
  let next = 0;
  let ord = 0;
  for (const step of listed) {
    if (items.length >= want) break;
    if (step.kind === 'folder') {
      items.push({ item: { kind: 'folder', id: step.id, name: step.path }, cursor: cursorOf({ kind: 'folder', id: step.id }) });
      continue;
    }
    ord += 1;
    for (; next < rows.length && Number(rows[next].ord) === ord && items.length < want; next += 1) {
      const row = rows[next];
      items.push({ item: { kind: 'file', id: Number(row.id), name: `${step.path}/${row.name}` }, cursor: cursorOf({ kind: 'file', folderId: step.folderId, name: row.name, id: Number(row.id) }) });
    }
  }
  const page = first === 0 ? [] : items.slice(0, first);
  return {
    items: page,
    hasNextPage: items.length > first,
    totalCount: async () => {
      const folders = steps.filter((step) => step.kind === 'folder').length;
      const segmentIds = steps.flatMap((step) => (step.kind === 'datasets' ? [step.folderId] : []));
      const n = Number((await ctx.rows(COUNT.for({ admin }), [segmentIds, roles]))[0]?.n ?? 0);
      return 1 + folders + n;
    },
  };
}
