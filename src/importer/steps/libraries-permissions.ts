import type { ImportStep, Skip, StepKit, TargetRow } from '../import-step';
import type { SourceRow } from '../source-database';
import { quoted } from '../source-database';
import { withReferences } from './step-kit';

/** The library actions of 15.05 (the same strings as this service's). */
export const LIBRARY_ACTIONS = new Set(['access library', 'add library item', 'modify library item', 'manage library permissions']);
/** The dataset actions of 15.05. */
export const DATASET_ACTIONS = new Set(['access', 'manage permissions']);

/**
 * The ids among `rows` that repeat an earlier row of the same source table (same item, action and
 * role): this service keeps a grant once.
 */
async function repeatedGrants(kit: StepKit, table: string, itemColumn: string, rows: SourceRow[]): Promise<Map<number, number>> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return new Map();
  const firsts = await kit.source.query<{ id: number; first: number }>(
    `select p.id, (select min(q.id) from ${quoted(table)} q where q.${quoted(itemColumn)} = p.${quoted(itemColumn)} and q.action = p.action and q.role_id = p.role_id) as first
     from ${quoted(table)} p where p.id = any($1)`,
    [ids],
  );
  return new Map(firsts.filter((row) => Number(row.first) !== Number(row.id)).map((row) => [Number(row.id), Number(row.first)]));
}

export interface GrantRows {
  kept: Array<{ row: SourceRow; itemId: number }>;
  skipped: Skip[];
}

/**
 * A 15.05 permission table carried into this service's `item_permission`: each row a grant of an
 * action to a role on an item (its id kept as item_id); repeated grants, unknown actions and
 * dangling items or roles are skipped with the reason.
 */
export function permissionStep(options: { name: string; itemColumn: string; itemTable: string; itemType: string; actions: Set<string>; optional?: boolean }): ImportStep {
  const { name, itemColumn, itemTable, itemType, actions } = options;
  return {
    name,
    source: name,
    optional: options.optional,
    targets: ['item_permission'],
    async transform(rows, kit) {
      const { kept, skipped } = await withReferences(rows, name, { [itemColumn]: itemTable, role_id: 'role' }, kit);
      const repeated = await repeatedGrants(kit, name, itemColumn, kept);
      const grants: TargetRow[] = [];
      for (const row of kept) {
        const action = typeof row.action === 'string' ? row.action : '';
        if (!actions.has(action)) {
          skipped.push({ sourceTable: name, sourceId: row.id, reason: `action ${JSON.stringify(row.action)} is not one of ${[...actions].join(', ')}` });
          continue;
        }
        if (repeated.has(row.id)) {
          skipped.push({ sourceTable: name, sourceId: row.id, reason: `the same grant as ${name} ${repeated.get(row.id)}` });
          continue;
        }
        grants.push({ id: kit.newId('item_permission'), item_type: itemType, item_id: row[itemColumn], action, role_id: row.role_id });
      }
      return { tables: [{ table: 'item_permission', rows: grants }], skipped };
    },
  };
}

export const libraryPermissionsStep = permissionStep({ name: 'library_permissions', itemColumn: 'library_id', itemTable: 'library', itemType: 'library', actions: LIBRARY_ACTIONS });
export const folderPermissionsStep = permissionStep({ name: 'library_folder_permissions', itemColumn: 'library_folder_id', itemTable: 'library_folder', itemType: 'folder', actions: LIBRARY_ACTIONS });
export const libraryDatasetPermissionsStep = permissionStep({ name: 'library_dataset_permissions', itemColumn: 'library_dataset_id', itemTable: 'library_dataset', itemType: 'library_dataset', actions: LIBRARY_ACTIONS });

/**
 * `library_dataset_dataset_association_permissions`: this service keeps library item permissions
 * per library dataset, not per version. A grant on the current version is carried onto its library
 * dataset unless `library_dataset_permissions` already holds it; a grant on an expired version is
 * skipped with that reason.
 */
export const lddaPermissionsStep: ImportStep = {
  name: 'library_dataset_dataset_association_permissions',
  source: 'library_dataset_dataset_association_permissions',
  targets: ['item_permission'],
  async transform(rows, kit) {
    const table = 'library_dataset_dataset_association_permissions';
    const { kept, skipped } = await withReferences(rows, table, { library_dataset_dataset_association_id: 'library_dataset_dataset_association', role_id: 'role' }, kit);
    const lddaIds = [...new Set(kept.map((row) => Number(row.library_dataset_dataset_association_id)))];
    const owners = lddaIds.length
      ? await kit.source.query<{ ldda_id: number; library_dataset_id: number | null; current: boolean }>(
          `select a.id as ldda_id, a.library_dataset_id, (d.library_dataset_dataset_association_id = a.id) as current
           from library_dataset_dataset_association a left join library_dataset d on d.id = a.library_dataset_id where a.id = any($1)`,
          [lddaIds],
        )
      : [];
    const ownerOf = new Map(owners.map((owner) => [Number(owner.ldda_id), owner]));
    const onDataset = kept.length
      ? await kit.source.query<{ id: number; on_dataset: number; first: number | null }>(
          `select p.id,
             coalesce((select min(q.id) from library_dataset_permissions q where q.library_dataset_id = a.library_dataset_id and q.action = p.action and q.role_id = p.role_id), 0) as on_dataset,
             (select min(r.id) from ${table} r where r.library_dataset_dataset_association_id = p.library_dataset_dataset_association_id and r.action = p.action and r.role_id = p.role_id) as first
           from ${table} p join library_dataset_dataset_association a on a.id = p.library_dataset_dataset_association_id where p.id = any($1)`,
          [kept.map((row) => row.id)],
        )
      : [];
    const coverage = new Map(onDataset.map((row) => [Number(row.id), row]));
    const grants: TargetRow[] = [];
    for (const row of kept) {
      const owner = ownerOf.get(Number(row.library_dataset_dataset_association_id));
      const action = typeof row.action === 'string' ? row.action : '';
      const covered = coverage.get(row.id);
      if (!LIBRARY_ACTIONS.has(action)) skipped.push({ sourceTable: table, sourceId: row.id, reason: `action ${JSON.stringify(row.action)} is not one of ${[...LIBRARY_ACTIONS].join(', ')}` });
      else if (!owner?.current || owner.library_dataset_id === null) skipped.push({ sourceTable: table, sourceId: row.id, reason: 'a grant on an expired version: this service keeps library item permissions per library dataset (its current version)' });
      else if (covered && Number(covered.on_dataset) > 0) skipped.push({ sourceTable: table, sourceId: row.id, reason: `the same grant as library_dataset_permissions ${covered.on_dataset} of library dataset ${owner.library_dataset_id}` });
      else if (covered && covered.first !== null && Number(covered.first) !== row.id) skipped.push({ sourceTable: table, sourceId: row.id, reason: `the same grant as ${table} ${covered.first}` });
      else grants.push({ id: kit.newId('item_permission'), item_type: 'library_dataset', item_id: owner.library_dataset_id, action, role_id: row.role_id });
    }
    return { tables: [{ table: 'item_permission', rows: grants }], skipped };
  },
};
