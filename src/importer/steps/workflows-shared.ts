import { createHash } from 'node:crypto';
import { bool, stamp, uuidOf } from '../convert';
import type { ImportStep, Skip, StepKit, StepOutput, TargetRow } from '../import-step';
import type { SourceRow } from '../source-database';
import { withReferences } from './step-kit';

/** A uuid for a row the platform left without one: derived from the table and id, the same on every run. */
export function derivedUuid(table: string, id: number): string {
  const hex = createHash('md5').update(`${table}:${id}`).digest('hex');
  return uuidOf(`${hex.slice(0, 12)}4${hex.slice(13, 16)}8${hex.slice(17)}`) as string;
}

/** The ids of a batch's rows in one column (numbers only, no repeats). */
export function idsOf(rows: SourceRow[], column = 'id'): number[] {
  return [...new Set(rows.map((row) => row[column]).filter((value): value is number => typeof value === 'number'))];
}

/**
 * The annotation of each item of a batch: the platform keeps them in `<item>_annotation_association`
 * rows (one per annotating user); this service keeps one on the item, the owner's (else the newest).
 */
export async function annotationsOf(kit: StepKit, table: string, itemColumn: string, rows: SourceRow[]): Promise<Map<number, string>> {
  const ids = idsOf(rows);
  if (ids.length === 0 || !(await kit.source.hasTable(table))) return new Map();
  const owners = new Map(rows.map((row) => [row.id, row.user_id]));
  const found = await kit.source.query<{ item: number; user_id: number | null; annotation: string | null }>(
    `select "${itemColumn}" as item, user_id, annotation from "${table}" where "${itemColumn}" = any($1) and annotation is not null order by id`,
    [ids],
  );
  const chosen = new Map<number, string>();
  const byOwner = new Set<number>();
  for (const row of found) {
    const item = Number(row.item);
    const own = owners.get(item) !== undefined && owners.get(item) === row.user_id;
    if (byOwner.has(item) && !own) continue;
    chosen.set(item, String(row.annotation));
    if (own) byOwner.add(item);
  }
  return chosen;
}

/**
 * `<item>_tag_association` rows into this service's item_tag (new ids): the name the user wrote and
 * its value. A row without a user takes the item's owner.
 */
export function tagStep(source: string, itemColumn: string, itemTable: string, itemType: string): ImportStep {
  return {
    name: source,
    source,
    targets: ['item_tag'],
    async transform(rows, kit): Promise<StepOutput> {
      const { kept, skipped } = await withReferences(rows, source, { [itemColumn]: itemTable }, kit);
      const itemIds = idsOf(kept, itemColumn);
      const owners = new Map(
        (itemIds.length === 0 ? [] : await kit.source.query<{ id: number; user_id: number }>(`select id, user_id from "${itemTable}" where id = any($1)`, [itemIds])).map((row) => [Number(row.id), Number(row.user_id)]),
      );
      const users = await kit.existing('galaxy_user', kept.map((row) => (typeof row.user_id === 'number' ? row.user_id : owners.get(Number(row[itemColumn])) ?? 0)));
      const tags: TargetRow[] = [];
      for (const row of kept) {
        const user = typeof row.user_id === 'number' ? row.user_id : owners.get(Number(row[itemColumn]));
        const name = typeof row.user_tname === 'string' && row.user_tname !== '' ? row.user_tname : null;
        if (user === undefined || !users.has(user)) {
          skipped.push({ sourceTable: source, sourceId: row.id, reason: `user_id ${String(row.user_id ?? user)} names no galaxy_user that was carried over` });
          continue;
        }
        if (!name) {
          skipped.push({ sourceTable: source, sourceId: row.id, reason: 'the tag has no name' });
          continue;
        }
        const value = [row.user_value, row.value].find((v): v is string => typeof v === 'string' && v !== '') ?? null;
        tags.push({ id: kit.newId('item_tag'), create_time: stamp(null), update_time: stamp(null), user_id: user, item_type: itemType, item_id: row[itemColumn], name: name.slice(0, 255), value: value?.slice(0, 255) ?? null });
      }
      return { tables: [{ table: 'item_tag', rows: tags }], skipped };
    },
  };
}

/**
 * The users an item is shared with (`<item>_user_share_association`, the workflows' `..._connection`),
 * ids kept; a repeated pair (the platform did not forbid it) is skipped with the first one's id.
 */
export function shareStep(source: string, itemColumn: string, itemTable: string, target: string): ImportStep {
  return {
    name: source,
    source,
    targets: [target],
    async transform(rows, kit): Promise<StepOutput> {
      const { kept, skipped } = await withReferences(rows, source, { [itemColumn]: itemTable, user_id: 'galaxy_user' }, kit);
      const firsts = kept.length === 0 ? [] : await kit.source.query<{ item: number; user_id: number; first: number }>(
        `select "${itemColumn}" as item, user_id, min(id) as first from "${source}" where "${itemColumn}" = any($1) group by "${itemColumn}", user_id`,
        [idsOf(kept, itemColumn)],
      );
      const firstOf = new Map(firsts.map((row) => [`${row.item}:${row.user_id}`, Number(row.first)]));
      const out: TargetRow[] = [];
      for (const row of kept) {
        const first = firstOf.get(`${String(row[itemColumn])}:${String(row.user_id)}`);
        if (first !== undefined && first !== row.id) skipped.push({ sourceTable: source, sourceId: row.id, reason: `the same share as ${source} ${first}` });
        else out.push({ id: row.id, [itemColumn]: row[itemColumn], user_id: row.user_id });
      }
      return { tables: [{ table: target, rows: out }], skipped };
    },
  };
}

/** A slug this service requires (or keeps short): the platform's, else one made from the id, reported. */
export function slugOf(row: SourceRow, table: string, fallback: string, notices: Skip[], required: boolean): string | null {
  const slug = typeof row.slug === 'string' && row.slug !== '' ? row.slug : null;
  if (slug === null) {
    if (!required) return null;
    const made = `${fallback}-${row.id}`;
    notices.push({ sourceTable: table, sourceId: row.id, reason: `no slug: carried as ${made}` });
    return made;
  }
  if (slug.length > 255) {
    notices.push({ sourceTable: table, sourceId: row.id, reason: 'slug longer than 255 characters: shortened' });
    return slug.slice(0, 255);
  }
  return slug;
}

/** What differs between the platform's shareable items (stored workflows, pages, visualizations). */
export interface ShareableItem {
  table: string;
  annotationTable: string;
  annotationColumn: string;
  /** The slug's fallback word, and whether our table requires a slug. */
  slugFallback: string;
  slugRequired: boolean;
  /** The item's own columns (name or title, type…). */
  own(row: SourceRow): TargetRow;
}

/**
 * The step of a shareable item: owner (carried before), times, slug, importable, published, deleted
 * and the owner's annotation, plus the item's own columns; its latest version or revision is set
 * by the step that carries that.
 */
export function shareableItemStep(item: ShareableItem): ImportStep {
  return {
    name: item.table,
    source: item.table,
    targets: [item.table],
    async transform(rows, kit) {
      const { kept, skipped } = await withReferences(rows, item.table, { user_id: 'galaxy_user' }, kit);
      const annotations = await annotationsOf(kit, item.annotationTable, item.annotationColumn, kept);
      const notices: Skip[] = [];
      const out: TargetRow[] = kept.map((row) => ({
        id: row.id,
        create_time: stamp(row.create_time, row.update_time),
        update_time: stamp(row.update_time, row.create_time),
        user_id: row.user_id,
        ...item.own(row),
        slug: slugOf(row, item.table, item.slugFallback, notices, item.slugRequired),
        importable: bool(row.importable),
        published: bool(row.published),
        deleted: bool(row.deleted),
        annotation: annotations.get(row.id) ?? null,
      }));
      return { tables: [{ table: item.table, rows: out }], skipped, notices };
    },
  };
}
