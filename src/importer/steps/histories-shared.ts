import { stamp, textOf } from '../convert';
import type { ImportStep, Skip, StepKit, StepOutput, TargetRow } from '../import-step';
import type { SourceRow } from '../source-database';
import { withReferences } from './step-kit';

/** The ids of a batch's rows, for one lookup per batch. */
export function idsOf(rows: SourceRow[], column = 'id'): number[] {
  return [...new Set(rows.map((row) => row[column]).filter((value): value is number => typeof value === 'number'))];
}

/** A text cut to a column's length; the cut is reported. */
export function clipped(value: string | null, length: number, where: Omit<Skip, 'reason'>, notices: Skip[], what: string): string | null {
  if (value === null || value.length <= length) return value;
  notices.push({ ...where, reason: `${what} is longer than ${length} characters: carried cut to ${length}` });
  return value.slice(0, length);
}

/**
 * The annotations of a batch's items (15.05 keeps them in an association table, one per user): the
 * owner's newest is carried on the item; every other is reported as not carried.
 */
export async function annotationsOf(kit: StepKit, table: string, itemColumn: string, items: Array<{ id: number; owner: number | null }>, notices: Skip[]): Promise<Map<number, string>> {
  const chosen = new Map<number, string>();
  if (items.length === 0) return chosen;
  const rows = await kit.source.query<{ id: number; item: number; user_id: number | null; annotation: string | null }>(
    `select id, "${itemColumn}" as item, user_id, annotation from "${table}" where "${itemColumn}" = any($1::int[]) order by id`,
    [items.map((item) => item.id)],
  );
  const ownerOf = new Map(items.map((item) => [item.id, item.owner]));
  const byItem = new Map<number, typeof rows>();
  for (const row of rows) {
    if (row.annotation === null || row.annotation.trim() === '') continue;
    const list = byItem.get(row.item) ?? [];
    list.push(row);
    byItem.set(row.item, list);
  }
  for (const [item, list] of byItem) {
    const owner = ownerOf.get(item) ?? null;
    const owners = list.filter((row) => row.user_id === owner);
    const pick = (owners.length > 0 ? owners : list)[(owners.length > 0 ? owners : list).length - 1];
    chosen.set(item, pick.annotation as string);
    for (const row of list) if (row !== pick) notices.push({ sourceTable: table, sourceId: row.id, reason: `another annotation (${table} ${pick.id}) of ${itemColumn} ${item} is carried: an item keeps one annotation here` });
  }
  return chosen;
}

/**
 * Tags of one kind of item (15.05: one association table per kind, name in user_tname, value in
 * user_value) into item_tag under `itemType`, with new ids. A tag without a user takes the item's owner.
 */
export function tagStep(options: { source: string; itemColumn: string; itemTable: string; itemType: string; ownerQuery: string }): ImportStep {
  return {
    name: options.source,
    source: options.source,
    targets: ['item_tag'],
    async transform(rows, kit): Promise<StepOutput> {
      const { kept, skipped } = await withReferences(rows, options.source, { [options.itemColumn]: options.itemTable }, kit);
      const owners = new Map<number, { owner: number | null; time: string | null }>();
      for (const row of await kit.source.query<{ id: number; owner: number | null; time: string | null }>(options.ownerQuery, [idsOf(kept, options.itemColumn)])) owners.set(row.id, row);
      const users = await kit.existing('galaxy_user', kept.flatMap((row) => [row.user_id as number, owners.get(row[options.itemColumn] as number)?.owner ?? -1]));
      const tags: TargetRow[] = [];
      for (const row of kept) {
        const item = owners.get(row[options.itemColumn] as number);
        const user = typeof row.user_id === 'number' && users.has(row.user_id) ? row.user_id : item?.owner != null && users.has(item.owner) ? item.owner : null;
        const name = textOf(row.user_tname)?.trim() ?? '';
        if (user === null) {
          skipped.push({ sourceTable: options.source, sourceId: row.id, reason: `neither the tag's user (${String(row.user_id)}) nor the item's owner was carried over` });
          continue;
        }
        if (name === '') {
          skipped.push({ sourceTable: options.source, sourceId: row.id, reason: 'the tag has no name' });
          continue;
        }
        const value = textOf(row.user_value) ?? textOf(row.value);
        tags.push({
          id: kit.newId('item_tag'),
          create_time: stamp(item?.time),
          update_time: stamp(item?.time),
          user_id: user,
          item_type: options.itemType,
          item_id: row[options.itemColumn],
          name: name.slice(0, 255),
          value: value === null || value === '' ? null : value.slice(0, 255),
        });
      }
      return { tables: [{ table: 'item_tag', rows: tags }], skipped };
    },
  };
}
