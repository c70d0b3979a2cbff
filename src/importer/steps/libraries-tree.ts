import { bool, jsonOf, stamp, textOf } from '../convert';
import type { ImportStep, Skip, StepKit, TargetRow } from '../import-step';
import type { SourceRow } from '../source-database';
import { withReferences } from './step-kit';

const times = (row: Record<string, unknown>) => ({ create_time: stamp(row.create_time, row.update_time), update_time: stamp(row.update_time, row.create_time) });

/**
 * Libraries. Their root folder is set by the folder step (a library and its root folder point at
 * each other): `root_folder_id` stays empty until the root folder is written.
 */
export const librariesStep: ImportStep = {
  name: 'library',
  source: 'library',
  targets: ['library'],
  async transform(rows) {
    const notices: Skip[] = [];
    const libraries: TargetRow[] = rows.map((row) => {
      let name = textOf(row.name);
      if (!name) {
        name = `Library ${row.id}`;
        notices.push({ sourceTable: 'library', sourceId: row.id, reason: `library without a name: carried as ${name}` });
      }
      return { id: row.id, ...times(row), name, description: textOf(row.description) ?? '', synopsis: textOf(row.synopsis) ?? '', deleted: bool(row.deleted), purged: bool(row.purged) };
    });
    return { tables: [{ table: 'library', rows: libraries }], notices };
  },
};

/**
 * Folders. 15.05 knows a folder's library only through the root folder of its tree (library.root_folder_id);
 * this service records it on every folder, so each batch looks its trees' roots up in the source.
 * `order_id` and `item_count` are not kept (this service orders by name and counts what it lists).
 * A folder moved under a folder made after it (its parent has the larger id) is written without its
 * parent, which the parent's batch then sets.
 */
export const foldersStep: ImportStep = {
  name: 'library_folder',
  source: 'library_folder',
  targets: ['library_folder'],
  async transform(rows, kit) {
    const ids = rows.map((row) => row.id);
    const owners = await kit.source.query<{ id: number; library_id: number | null }>(
      `with recursive up(id, folder_id, parent_id, depth) as (
         select f.id, f.id, f.parent_id, 0 from library_folder f where f.id = any($1)
         union all select up.id, p.id, p.parent_id, up.depth + 1 from up join library_folder p on p.id = up.parent_id where up.depth < 1000)
       select up.id, (select min(l.id) from library l where l.root_folder_id = up.folder_id) as library_id
       from up where up.parent_id is null`,
      [ids],
    );
    const libraryOf = new Map(owners.map((owner) => [Number(owner.id), owner.library_id === null ? null : Number(owner.library_id)]));
    const roots = await kit.source.query<{ id: number; root_folder_id: number }>('select id, root_folder_id from library where root_folder_id = any($1) order by id', [ids]);
    const skipped: Skip[] = [];
    const notices: Skip[] = [];
    const present = await kit.existing('library', [...libraryOf.values()].filter((id): id is number => id !== null));
    const parents = await kit.existing('library_folder', rows.map((row) => row.parent_id).filter((id): id is number => typeof id === 'number'));
    const laterParents = await laterParentsOf(rows, kit);
    const written = new Set<number>();
    const folders: TargetRow[] = [];
    for (const row of rows) {
      const libraryId = libraryOf.get(row.id) ?? null;
      const parentId = typeof row.parent_id === 'number' ? row.parent_id : null;
      if (libraryId === null) skipped.push({ sourceTable: 'library_folder', sourceId: row.id, reason: 'its tree is the root folder of no library' });
      else if (!present.has(libraryId)) skipped.push({ sourceTable: 'library_folder', sourceId: row.id, reason: `library ${libraryId} was not carried over` });
      else if (parentId !== null && !parents.has(parentId) && !written.has(parentId) && !laterParents.has(parentId)) skipped.push({ sourceTable: 'library_folder', sourceId: row.id, reason: `parent_id ${parentId} names no library_folder that was carried over` });
      else {
        written.add(row.id);
        let name = textOf(row.name);
        if (name === null) {
          name = `Folder ${row.id}`;
          notices.push({ sourceTable: 'library_folder', sourceId: row.id, reason: `folder without a name: carried as ${name}` });
        }
        folders.push({
          id: row.id,
          ...times(row),
          library_id: libraryId,
          parent_id: parentId !== null && laterParents.has(parentId) ? null : parentId,
          name,
          description: textOf(row.description) ?? '',
          genome_build: textOf(row.genome_build),
          deleted: bool(row.deleted),
          purged: bool(row.purged),
        });
      }
    }
    const rootOf = roots.filter((root) => written.has(Number(root.root_folder_id))).map((root) => ({ id: Number(root.id), root_folder_id: Number(root.root_folder_id) }));
    return {
      tables: [
        { table: 'library_folder', rows: folders },
        { table: 'library_folder', rows: await parentsSetLater(written, kit), update: true },
        { table: 'library', rows: rootOf, update: true },
      ],
      skipped,
      notices,
    };
  },
};

/** The parents of these folders that the source holds under a larger id than their child's (set by a later batch, or later in this one). */
async function laterParentsOf(rows: SourceRow[], kit: StepKit): Promise<Set<number>> {
  const later = rows.filter((row) => typeof row.parent_id === 'number' && row.parent_id > row.id).map((row) => row.parent_id as number);
  if (later.length === 0) return new Set();
  const found = await kit.source.query<{ id: number }>('select id from library_folder where id = any($1)', [later]);
  return new Set(found.map((row) => Number(row.id)));
}

/**
 * Library datasets. Their current version (library_dataset_dataset_association_id) is set by the
 * version step once it is written. `order_id` is not kept. A dataset without a name of its own takes
 * its current version's.
 */
export const libraryDatasetsStep: ImportStep = {
  name: 'library_dataset',
  source: 'library_dataset',
  targets: ['library_dataset'],
  async transform(rows, kit) {
    const { kept, skipped } = await withReferences(rows, 'library_dataset', { folder_id: 'library_folder' }, kit);
    const unnamed = kept.filter((row) => textOf(row.name) === null).map((row) => Number(row.library_dataset_dataset_association_id)).filter(Number.isFinite);
    const names = unnamed.length
      ? new Map((await kit.source.query<{ id: number; name: string | null }>('select id, name from library_dataset_dataset_association where id = any($1)', [unnamed])).map((row) => [Number(row.id), row.name]))
      : new Map<number, string | null>();
    const datasets: TargetRow[] = kept.map((row) => ({
      id: row.id,
      ...times(row),
      folder_id: row.folder_id,
      name: textOf(row.name) ?? names.get(Number(row.library_dataset_dataset_association_id)) ?? '',
      info: textOf(row.info),
      deleted: bool(row.deleted),
      purged: bool(row.purged),
    }));
    return { tables: [{ table: 'library_dataset', rows: datasets }], skipped };
  },
};

/** The genome build a 15.05 dataset keeps in its metadata (`dbkey`, a list or a text). */
export function dbkeyOf(metadata: unknown): string {
  if (metadata && typeof metadata === 'object' && !Array.isArray(metadata)) {
    const dbkey = (metadata as Record<string, unknown>).dbkey;
    const first = Array.isArray(dbkey) ? dbkey[0] : dbkey;
    if (typeof first === 'string' && first !== '') return first.slice(0, 64);
  }
  return '?';
}

/** A bytea JSON metadata column as an object; a pickle or malformed value is carried as {} with a notice. */
export function metadataOf(value: unknown, table: string, id: number, notices: Skip[]): Record<string, unknown> {
  const parsed = jsonOf(value);
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  if (value !== null && value !== undefined && (textOf(value) ?? '').trim() !== '') notices.push({ sourceTable: table, sourceId: id, reason: 'metadata is not JSON (a pickle?): carried as {}' });
  return {};
}

/**
 * Every version of every library dataset (library_dataset_dataset_association), then the current
 * version of the library datasets whose current version is in the batch. The version's `state`
 * is not kept (this service shows the dataset's), nor `parent_id`/`designation` (child datasets
 * of the old platform), `tool_version` or `extended_metadata_id`.
 */
export const libraryDatasetVersionsStep: ImportStep = {
  name: 'library_dataset_dataset_association',
  source: 'library_dataset_dataset_association',
  targets: ['library_dataset_dataset_association'],
  async transform(rows, kit) {
    const table = 'library_dataset_dataset_association';
    const { kept, skipped } = await withReferences(rows, table, { library_dataset_id: 'library_dataset', dataset_id: 'dataset' }, kit);
    const notices: Skip[] = [];
    const users = await kit.existing('galaxy_user', kept.map((row) => row.user_id).filter((id): id is number => typeof id === 'number'));
    const versions: TargetRow[] = kept.map((row) => {
      const metadata = metadataOf(row.metadata, table, row.id, notices);
      let userId = typeof row.user_id === 'number' ? row.user_id : null;
      if (userId !== null && !users.has(userId)) {
        notices.push({ sourceTable: table, sourceId: row.id, reason: `user_id ${userId} names no galaxy_user that was carried over: carried without its user` });
        userId = null;
      }
      return {
        id: row.id,
        ...times(row),
        library_dataset_id: row.library_dataset_id,
        dataset_id: row.dataset_id,
        user_id: userId,
        name: textOf(row.name) ?? '',
        info: textOf(row.info),
        blurb: textOf(row.blurb),
        peek: textOf(row.peek),
        extension: textOf(row.extension) ?? 'data',
        dbkey: dbkeyOf(metadata),
        metadata,
        message: textOf(row.message),
        visible: bool(row.visible, true),
        deleted: bool(row.deleted),
        purged: false,
        copied_from_hda_id: row.copied_from_history_dataset_association_id ?? null,
        copied_from_ldda_id: row.copied_from_library_dataset_dataset_association_id ?? null,
      };
    });
    const written = new Set(versions.map((row) => Number(row.id)));
    const current = written.size
      ? await kit.source.query<{ id: number; ldda_id: number }>('select id, library_dataset_dataset_association_id as ldda_id from library_dataset where library_dataset_dataset_association_id = any($1)', [[...written]])
      : [];
    const present = await kit.existing('library_dataset', current.map((row) => Number(row.id)));
    const currents = current.filter((row) => present.has(Number(row.id))).map((row) => ({ id: Number(row.id), ldda_id: Number(row.ldda_id) }));
    return {
      tables: [
        { table, rows: versions },
        { table: 'library_dataset', rows: currents, update: true },
      ],
      skipped,
      notices,
    };
  },
};

/** The parent of every folder carried without it (written before its parent), once the parent is written. */
async function parentsSetLater(written: Set<number>, kit: StepKit): Promise<TargetRow[]> {
  if (written.size === 0) return [];
  const children = await kit.source.query<{ id: number; parent_id: number }>('select id, parent_id from library_folder where parent_id = any($1) and id < parent_id', [[...written]]);
  const carried = await kit.existing('library_folder', children.map((child) => Number(child.id)));
  return children
    .filter((child) => written.has(Number(child.id)) || carried.has(Number(child.id)))
    .map((child) => ({ id: Number(child.id), parent_id: Number(child.parent_id) }));
}
