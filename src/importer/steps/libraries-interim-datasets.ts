/**
 * INTERIM — TO BE DROPPED WHEN THE HISTORY STEPS ARE MERGED.
 *
 * A minimal carrying of datasets, histories, history datasets and dataset permissions, so that
 * library versions and job inputs/outputs have what they point at while src/importer/steps/histories.ts
 * is still empty. libraries-jobs.ts includes these steps only when HISTORY_STEPS is empty; the lead
 * should delete this file and that line at merge (the history steps carry all of this, fully).
 */
import { bool, int, stamp, textOf, uuidOf } from '../convert';
import type { ImportStep, Skip, TargetRow } from '../import-step';
import { DATASET_ACTIONS, permissionStep } from './libraries-permissions';
import { dbkeyOf, metadataOf } from './libraries-tree';
import { withReferences } from './step-kit';

const times = (row: Record<string, unknown>) => ({ create_time: stamp(row.create_time, row.update_time), update_time: stamp(row.update_time, row.create_time) });

const interimDatasetsStep: ImportStep = {
  name: 'interim_dataset',
  source: 'dataset',
  targets: ['dataset'],
  async transform(rows, kit) {
    const notices: Skip[] = [];
    const datasets: TargetRow[] = [];
    for (const row of rows) {
      const external = textOf(row.external_filename);
      let fileRoot: string | null = kit.settings.filePath;
      if (!bool(row.purged) && !external) {
        if (kit.settings.copy && !kit.settings.dryRun) {
          if ((await kit.files.copyIn(row.id, textOf(row._extra_files_path))) !== null) fileRoot = null;
          else notices.push({ sourceTable: 'dataset', sourceId: row.id, reason: 'its file is missing' });
        } else if ((await kit.files.locate(row.id, null)).size === null) notices.push({ sourceTable: 'dataset', sourceId: row.id, reason: 'its file is missing' });
      }
      datasets.push({
        id: row.id,
        ...times(row),
        state: textOf(row.state) ?? 'ok',
        deleted: bool(row.deleted),
        purged: bool(row.purged),
        purgable: bool(row.purgable, true),
        file_size: int(row.file_size),
        external_filename: external,
        uuid: uuidOf(row.uuid) ?? `00000000-0000-4000-8000-${String(row.id).padStart(12, '0')}`,
        file_root: external ? null : fileRoot,
        extra_files_path: textOf(row._extra_files_path),
      });
    }
    return { tables: [{ table: 'dataset', rows: datasets }], notices };
  },
};

const interimHistoriesStep: ImportStep = {
  name: 'interim_history',
  source: 'history',
  targets: ['history'],
  async transform(rows, kit) {
    const users = await kit.existing('galaxy_user', rows.map((row) => row.user_id).filter((id): id is number => typeof id === 'number'));
    const histories = rows.map((row) => ({
      id: row.id,
      ...times(row),
      user_id: typeof row.user_id === 'number' && users.has(row.user_id) ? row.user_id : null,
      name: textOf(row.name) ?? 'Unnamed history',
      hid_counter: int(row.hid_counter) ?? 1,
      deleted: bool(row.deleted),
      purged: bool(row.purged),
      importable: bool(row.importable),
      published: bool(row.published),
      genome_build: textOf(row.genome_build),
    }));
    return { tables: [{ table: 'history', rows: histories }] };
  },
};

const interimHdasStep: ImportStep = {
  name: 'interim_history_dataset_association',
  source: 'history_dataset_association',
  targets: ['history_dataset_association'],
  async transform(rows, kit) {
    const table = 'history_dataset_association';
    const { kept, skipped } = await withReferences(rows, table, { history_id: 'history', dataset_id: 'dataset' }, kit);
    const notices: Skip[] = [];
    const hdas = kept.map((row) => {
      const metadata = metadataOf(row.metadata, table, row.id, notices);
      return {
        id: row.id,
        ...times(row),
        history_id: row.history_id,
        dataset_id: row.dataset_id,
        hid: int(row.hid) ?? 0,
        name: textOf(row.name) ?? '',
        info: textOf(row.info),
        blurb: textOf(row.blurb),
        peek: textOf(row.peek),
        extension: textOf(row.extension) ?? 'data',
        dbkey: dbkeyOf(metadata),
        metadata,
        visible: bool(row.visible, true),
        deleted: bool(row.deleted),
        purged: bool(row.purged),
        tool_version: textOf(row.tool_version),
        copied_from_hda_id: row.copied_from_history_dataset_association_id ?? null,
        copied_from_ldda_id: row.copied_from_library_dataset_dataset_association_id ?? null,
      };
    });
    return { tables: [{ table, rows: hdas }], skipped, notices };
  },
};

const interimDatasetPermissionsStep = { ...permissionStep({ name: 'dataset_permissions', itemColumn: 'dataset_id', itemTable: 'dataset', itemType: 'dataset', actions: DATASET_ACTIONS }), name: 'interim_dataset_permissions' };

export const INTERIM_DATASET_STEPS: ImportStep[] = [interimDatasetsStep, interimHistoriesStep, interimHdasStep, interimDatasetPermissionsStep];
