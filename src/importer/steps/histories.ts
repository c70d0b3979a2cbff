import { createHash } from 'node:crypto';
import { bool, int, jsonOf, stamp, textOf, uuidOf } from '../convert';
import type { ImportStep, Skip, StepOutput, TargetRow } from '../import-step';
import { annotationsOf, clipped, idsOf, tagStep } from './histories-shared';
import { withReferences } from './step-kit';

const DATASET_STATES = new Set(['new', 'upload', 'queued', 'running', 'ok', 'empty', 'error', 'discarded', 'paused', 'setting_metadata', 'failed_metadata']);

/**
 * Histories with their hid counters, sharing flags and slugs; the owner's annotation (15.05's
 * history_annotation_association) is carried on the history. A hid counter at or below a hid the
 * history's datasets or collections already use is raised past it, and reported.
 */
export const historiesStep: ImportStep = {
  name: 'history',
  source: 'history',
  targets: ['history'],
  async transform(rows, kit): Promise<StepOutput> {
    const { kept, skipped } = await withReferences(rows, 'history', { user_id: 'galaxy_user' }, kit, ['user_id']);
    const notices: Skip[] = [];
    const ids = idsOf(kept);
    const largest = new Map<number, number>();
    for (const row of await kit.source.query<{ history_id: number; hid: number }>(
      `select history_id, max(hid) as hid from (select history_id, hid from history_dataset_association where history_id = any($1::int[])
         union all select history_id, hid from history_dataset_collection_association where history_id = any($1::int[])) used group by history_id`,
      [ids],
    )) largest.set(row.history_id, Number(row.hid));
    const annotations = await annotationsOf(kit, 'history_annotation_association', 'history_id', kept.map((row) => ({ id: row.id, owner: row.user_id as number | null })), notices);
    const histories: TargetRow[] = kept.map((row) => {
      const where = { sourceTable: 'history', sourceId: row.id };
      let counter = int(row.hid_counter) ?? 1;
      const used = largest.get(row.id);
      if (used !== undefined && counter <= used) {
        notices.push({ ...where, reason: `hid_counter ${String(row.hid_counter)} is not past hid ${used} its contents use: carried as ${used + 1}` });
        counter = used + 1;
      }
      return {
        id: row.id,
        create_time: stamp(row.create_time, row.update_time),
        update_time: stamp(row.update_time, row.create_time),
        user_id: row.user_id ?? null,
        name: clipped(textOf(row.name), 255, where, notices, 'name') ?? 'Unnamed history',
        hid_counter: counter,
        deleted: bool(row.deleted),
        purged: bool(row.purged),
        importable: bool(row.importable),
        published: bool(row.published),
        slug: clipped(textOf(row.slug) || null, 255, where, notices, 'slug'),
        genome_build: textOf(row.genome_build),
        annotation: annotations.get(row.id) ?? null,
      };
    });
    return { tables: [{ table: 'history', rows: histories }], skipped, notices };
  },
};

/** Histories shared with users (a pair shared twice is carried once; the later row is reported). */
export const historySharesStep: ImportStep = {
  name: 'history_user_share_association',
  source: 'history_user_share_association',
  targets: ['history_user_share_association'],
  async transform(rows, kit): Promise<StepOutput> {
    const { kept, skipped } = await withReferences(rows, 'history_user_share_association', { history_id: 'history', user_id: 'galaxy_user' }, kit);
    const firsts = await kit.source.query<{ history_id: number; user_id: number; first: number }>(
      'select history_id, user_id, min(id) as first from history_user_share_association where history_id = any($1::int[]) group by history_id, user_id',
      [idsOf(kept, 'history_id')],
    );
    const firstOf = new Map(firsts.map((row) => [`${row.history_id}/${row.user_id}`, Number(row.first)]));
    const shares: TargetRow[] = [];
    for (const row of kept) {
      const first = firstOf.get(`${String(row.history_id)}/${String(row.user_id)}`);
      if (first !== undefined && first !== row.id) skipped.push({ sourceTable: 'history_user_share_association', sourceId: row.id, reason: `history ${String(row.history_id)} is already shared with user ${String(row.user_id)} by row ${first}` });
      else shares.push({ id: row.id, history_id: row.history_id, user_id: row.user_id });
    }
    return { tables: [{ table: 'history_user_share_association', rows: shares }], skipped };
  },
};

/** A uuid for a dataset 15.05 gave none (older datasets): derived from its id, the same on every run. */
function derivedUuid(datasetId: number): string {
  const hex = createHash('sha1').update(`galaxy-15.05 dataset ${datasetId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Datasets and where their files are. Without --copy a dataset keeps its file under the old
 * file_path (file_root, and its _extra_files_path); with --copy the file and its extra files are
 * copied into this service's object store. A file missing for a dataset that should have one (ok,
 * not purged) is reported, never fatal: the dataset is carried with its state. With --copy, a file
 * whose size is not the one 15.05 recorded (dataset.file_size; none or 0 recorded is no mismatch:
 * 15.05 measured the file then) is not copied: reported as a skipped copy, the dataset is carried
 * with its state and recorded size, its file left under the old file_path as without --copy.
 */
export const datasetsStep: ImportStep = {
  name: 'dataset',
  source: 'dataset',
  targets: ['dataset'],
  async transform(rows, kit): Promise<StepOutput> {
    const notices: Skip[] = [];
    const skipped: Skip[] = [];
    const datasets: TargetRow[] = [];
    for (const row of rows) {
      const where = { sourceTable: 'dataset', sourceId: row.id };
      let state = textOf(row.state) ?? 'new';
      if (!DATASET_STATES.has(state)) {
        notices.push({ ...where, reason: `state ${state} is not one of this service's: carried as error` });
        state = 'error';
      }
      let uuid = uuidOf(row.uuid);
      if (uuid === null) {
        uuid = derivedUuid(row.id);
        if (row.uuid !== null && row.uuid !== undefined) notices.push({ ...where, reason: `uuid ${String(row.uuid)} is malformed: carried as ${uuid}` });
      }
      const purged = bool(row.purged);
      const external = textOf(row.external_filename) || null;
      const extra = textOf(row._extra_files_path) || null;
      let fileSize = int(row.file_size);
      let fileRoot: string | null = null;
      let extraFilesPath: string | null = null;
      const shouldHaveFile = state === 'ok' && !purged;
      if (!purged) {
        if (kit.settings.copy && !external && !kit.settings.dryRun) {
          const outcome = await kit.files.copyIn(row.id, extra, fileSize);
          if (outcome.kind === 'copied') fileSize = outcome.size;
          else if (outcome.kind === 'missing') {
            if (shouldHaveFile) notices.push({ ...where, reason: `its file is missing under ${kit.settings.filePath}: nothing was copied` });
          } else {
            skipped.push({ ...where, reason: outcome.kind === 'changed' ? `its file ${outcome.path} changed while it was copied (${outcome.size} bytes, then ${outcome.copied}): not copied (the dataset is carried, its file left there)` : sizeDiffers(outcome) });
            fileRoot = kit.settings.filePath;
            extraFilesPath = extra;
          }
        } else {
          if (!external) {
            fileRoot = kit.settings.filePath;
            extraFilesPath = extra;
          }
          if (shouldHaveFile || (kit.settings.copy && !external)) {
            const found = await kit.files.locate(row.id, external);
            if (found.size === null) {
              if (shouldHaveFile) notices.push({ ...where, reason: `its file ${found.path} is missing` });
            } else if (kit.settings.copy && !external && fileSize !== null && fileSize > 0 && found.size !== fileSize) {
              // A dry run with --copy tells which copies the real run will refuse.
              skipped.push({ ...where, reason: sizeDiffers({ path: found.path, size: found.size, recorded: fileSize }) });
            } else fileSize = fileSize || found.size;
          }
        }
        if (textOf(row.object_store_id) && shouldHaveFile) notices.push({ ...where, reason: `it was kept in object store ${String(row.object_store_id)}: read from file_path as the disk store lays it out` });
      }
      datasets.push({
        id: row.id,
        create_time: stamp(row.create_time, row.update_time),
        update_time: stamp(row.update_time, row.create_time),
        state,
        deleted: bool(row.deleted),
        purged,
        purgable: bool(row.purgable, true),
        file_size: fileSize,
        external_filename: external,
        file_root: fileRoot,
        extra_files_path: extraFilesPath,
        uuid,
      });
    }
    return { tables: [{ table: 'dataset', rows: datasets }], skipped, notices };
  },
};

function sizeDiffers(found: { path: string; size: number; recorded: number }): string {
  return `its file ${found.path} has ${found.size} bytes, not the ${found.recorded} the database recorded: not copied (the dataset is carried, its file left there)`;
}

/**
 * History datasets: hid, name, texts, extension, metadata (JSON; a pickle is carried empty and
 * reported), visibility and deletion; the owner's annotation; copied_from links when the copied
 * dataset was carried (library versions are carried after histories, with their ids: the link is
 * kept when the source has that version).
 */
export const hdasStep: ImportStep = {
  name: 'history_dataset_association',
  source: 'history_dataset_association',
  targets: ['history_dataset_association'],
  async transform(rows, kit): Promise<StepOutput> {
    const { kept, skipped } = await withReferences(rows, 'history_dataset_association', { history_id: 'history', dataset_id: 'dataset' }, kit);
    const notices: Skip[] = [];
    const owners = new Map<number, number | null>();
    for (const row of await kit.source.query<{ id: number; user_id: number | null }>('select id, user_id from history where id = any($1::int[])', [idsOf(kept, 'history_id')])) owners.set(row.id, row.user_id);
    const annotations = await annotationsOf(kit, 'history_dataset_association_annotation_association', 'history_dataset_association_id', kept.map((row) => ({ id: row.id, owner: owners.get(row.history_id as number) ?? null })), notices);
    const batch = new Set(kept.map((row) => row.id));
    const copiedHdas = await kit.existing('history_dataset_association', idsOf(kept, 'copied_from_history_dataset_association_id'));
    const lddaIds = idsOf(kept, 'copied_from_library_dataset_dataset_association_id');
    const copiedLddas = new Set(
      lddaIds.length === 0 ? [] : (await kit.source.query<{ id: number }>('select id from library_dataset_dataset_association where id = any($1::int[])', [lddaIds])).map((row) => row.id),
    );
    const hdas: TargetRow[] = [];
    for (const row of kept) {
      const where = { sourceTable: 'history_dataset_association', sourceId: row.id };
      const hid = int(row.hid);
      if (hid === null) {
        skipped.push({ ...where, reason: 'it has no hid' });
        continue;
      }
      const rawMetadata = textOf(row.metadata);
      let metadata = jsonOf(row.metadata);
      if (rawMetadata !== null && rawMetadata.trim() !== '' && metadata === null) notices.push({ ...where, reason: 'its metadata is not JSON (a pickle): carried empty' });
      if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) metadata = {};
      const meta = metadata as Record<string, unknown>;
      const dbkeyValue = Array.isArray(meta.dbkey) ? meta.dbkey[0] : meta.dbkey;
      const dbkey = typeof dbkeyValue === 'string' && dbkeyValue !== '' ? clipped(dbkeyValue, 64, where, notices, 'dbkey') : '?';
      const copiedHda = int(row.copied_from_history_dataset_association_id);
      const copiedLdda = int(row.copied_from_library_dataset_dataset_association_id);
      hdas.push({
        id: row.id,
        create_time: stamp(row.create_time, row.update_time),
        update_time: stamp(row.update_time, row.create_time),
        history_id: row.history_id,
        dataset_id: row.dataset_id,
        hid,
        name: clipped(textOf(row.name), 255, where, notices, 'name') ?? 'Unnamed dataset',
        info: textOf(row.info),
        blurb: textOf(row.blurb),
        peek: textOf(row.peek),
        extension: clipped(textOf(row.extension) || null, 64, where, notices, 'extension') ?? 'data',
        dbkey,
        metadata,
        visible: bool(row.visible, true),
        deleted: bool(row.deleted),
        purged: bool(row.purged),
        annotation: annotations.get(row.id) ?? null,
        tool_version: clipped(textOf(row.tool_version) || null, 64, where, notices, 'tool_version'),
        copied_from_hda_id: copiedHda !== null && (copiedHdas.has(copiedHda) || batch.has(copiedHda)) ? copiedHda : null,
        copied_from_ldda_id: copiedLdda !== null && copiedLddas.has(copiedLdda) ? copiedLdda : null,
      });
      if (copiedHda !== null && !copiedHdas.has(copiedHda) && !batch.has(copiedHda)) notices.push({ ...where, reason: `it was copied from history dataset ${copiedHda}, which was not carried over: carried without the link` });
    }
    return { tables: [{ table: 'history_dataset_association', rows: hdas }], skipped, notices };
  },
};

/** Collections, with the count of their elements (kept on the collection here). */
export const collectionsStep: ImportStep = {
  name: 'dataset_collection',
  source: 'dataset_collection',
  targets: ['dataset_collection'],
  async transform(rows, kit): Promise<StepOutput> {
    const notices: Skip[] = [];
    const counts = new Map<number, number>();
    for (const row of await kit.source.query<{ id: number; count: string }>(
      'select dataset_collection_id as id, count(*) as count from dataset_collection_element where dataset_collection_id = any($1::int[]) group by dataset_collection_id',
      [idsOf(rows)],
    )) counts.set(row.id, Number(row.count));
    const collections: TargetRow[] = rows.map((row) => {
      const where = { sourceTable: 'dataset_collection', sourceId: row.id };
      const populated = (textOf(row.populated_state) ?? 'ok') === 'ok';
      if (!populated) notices.push({ ...where, reason: `populated_state ${String(row.populated_state)}: carried as not populated` });
      return {
        id: row.id,
        create_time: stamp(row.create_time, row.update_time),
        update_time: stamp(row.update_time, row.create_time),
        collection_type: clipped(textOf(row.collection_type), 64, where, notices, 'collection_type') ?? 'list',
        populated,
        element_count: counts.get(row.id) ?? 0,
      };
    });
    return { tables: [{ table: 'dataset_collection', rows: collections }], notices };
  },
};

/**
 * Collection elements: a history dataset or a child collection. An element naming a library
 * dataset version is reported (versions are carried after histories, and 15.05 histories do not
 * make such elements).
 */
export const collectionElementsStep: ImportStep = {
  name: 'dataset_collection_element',
  source: 'dataset_collection_element',
  targets: ['dataset_collection_element'],
  async transform(rows, kit): Promise<StepOutput> {
    const { kept, skipped } = await withReferences(rows, 'dataset_collection_element', { dataset_collection_id: 'dataset_collection', hda_id: 'history_dataset_association', child_collection_id: 'dataset_collection' }, kit, ['hda_id', 'child_collection_id']);
    const notices: Skip[] = [];
    const elements: TargetRow[] = [];
    for (const row of kept) {
      const where = { sourceTable: 'dataset_collection_element', sourceId: row.id };
      if (row.ldda_id !== null && row.ldda_id !== undefined) {
        skipped.push({ ...where, reason: `it names library dataset version ${String(row.ldda_id)}: collections of library datasets are not carried` });
        continue;
      }
      if (row.hda_id == null && row.child_collection_id == null) {
        skipped.push({ ...where, reason: 'it names neither a dataset nor a collection' });
        continue;
      }
      const index = int(row.element_index);
      if (index === null) {
        skipped.push({ ...where, reason: 'it has no element_index' });
        continue;
      }
      let identifier = textOf(row.element_identifier);
      if (identifier === null) {
        identifier = String(index);
        notices.push({ ...where, reason: `it has no element_identifier: carried as ${identifier}` });
      }
      elements.push({ id: row.id, collection_id: row.dataset_collection_id, hda_id: row.hda_id ?? null, ldda_id: null, child_collection_id: row.child_collection_id ?? null, element_index: index, element_identifier: identifier });
    }
    return { tables: [{ table: 'dataset_collection_element', rows: elements }], skipped, notices };
  },
};

/** Collections placed in histories; 15.05's collection annotations have no place here and are reported. */
export const hdcasStep: ImportStep = {
  name: 'history_dataset_collection_association',
  source: 'history_dataset_collection_association',
  targets: ['history_dataset_collection_association'],
  async transform(rows, kit): Promise<StepOutput> {
    const { kept, skipped } = await withReferences(rows, 'history_dataset_collection_association', { history_id: 'history', collection_id: 'dataset_collection' }, kit);
    const notices: Skip[] = [];
    const times = new Map<number, { create_time: string | null; update_time: string | null }>();
    for (const row of await kit.source.query<{ id: number; create_time: string | null; update_time: string | null }>('select id, create_time, update_time from dataset_collection where id = any($1::int[])', [idsOf(kept, 'collection_id')])) times.set(row.id, row);
    for (const row of await kit.source.query<{ id: number; item: number }>(
      'select id, history_dataset_collection_id as item from history_dataset_collection_annotation_association where history_dataset_collection_id = any($1::int[]) and coalesce(annotation, \'\') <> \'\' order by id',
      [idsOf(kept)],
    )) notices.push({ sourceTable: 'history_dataset_collection_annotation_association', sourceId: row.id, reason: `the annotation of collection ${row.item} is not carried: collections keep no annotation here` });
    const batch = new Set(kept.map((row) => row.id));
    const copied = await kit.existing('history_dataset_collection_association', idsOf(kept, 'copied_from_history_dataset_collection_association_id'));
    const hdcas: TargetRow[] = [];
    for (const row of kept) {
      const where = { sourceTable: 'history_dataset_collection_association', sourceId: row.id };
      const hid = int(row.hid);
      if (hid === null) {
        skipped.push({ ...where, reason: 'it has no hid' });
        continue;
      }
      const time = times.get(row.collection_id as number);
      const from = int(row.copied_from_history_dataset_collection_association_id);
      hdcas.push({
        id: row.id,
        create_time: stamp(time?.create_time, time?.update_time),
        update_time: stamp(time?.update_time, time?.create_time),
        history_id: row.history_id,
        collection_id: row.collection_id,
        hid,
        name: textOf(row.name) ?? 'Unnamed collection',
        visible: bool(row.visible, true),
        deleted: bool(row.deleted),
        copied_from_id: from !== null && (copied.has(from) || batch.has(from)) ? from : null,
        implicit_output_name: clipped(textOf(row.implicit_output_name), 255, where, notices, 'implicit_output_name'),
      });
    }
    return { tables: [{ table: 'history_dataset_collection_association', rows: hdcas }], skipped, notices };
  },
};

const DATASET_ACTIONS = new Set(['access', 'manage permissions']);

/** Dataset permissions ('access', 'manage permissions' granted to a role) into item_permission, with new ids. */
export const datasetPermissionsStep: ImportStep = {
  name: 'dataset_permissions',
  source: 'dataset_permissions',
  targets: ['item_permission'],
  async transform(rows, kit): Promise<StepOutput> {
    const { kept, skipped } = await withReferences(rows, 'dataset_permissions', { dataset_id: 'dataset', role_id: 'role' }, kit);
    const firsts = await kit.source.query<{ dataset_id: number; action: string; role_id: number; first: number }>(
      'select dataset_id, action, role_id, min(id) as first from dataset_permissions where dataset_id = any($1::int[]) group by dataset_id, action, role_id',
      [idsOf(kept, 'dataset_id')],
    );
    const firstOf = new Map(firsts.map((row) => [`${row.dataset_id}/${row.action}/${row.role_id}`, Number(row.first)]));
    const grants: TargetRow[] = [];
    for (const row of kept) {
      const where = { sourceTable: 'dataset_permissions', sourceId: row.id };
      const action = textOf(row.action);
      if (action === null || !DATASET_ACTIONS.has(action)) {
        skipped.push({ ...where, reason: `action ${String(action)} is not a dataset action` });
        continue;
      }
      const first = firstOf.get(`${String(row.dataset_id)}/${action}/${String(row.role_id)}`);
      if (first !== undefined && first !== row.id) {
        skipped.push({ ...where, reason: `role ${String(row.role_id)} already has ${action} on dataset ${String(row.dataset_id)} by row ${first}` });
        continue;
      }
      grants.push({ id: kit.newId('item_permission'), item_type: 'dataset', item_id: row.dataset_id, action, role_id: row.role_id });
    }
    return { tables: [{ table: 'item_permission', rows: grants }], skipped };
  },
};

/** Histories, datasets, history datasets, collections, dataset permissions (and their files). */
export const HISTORY_STEPS: ImportStep[] = [
  historiesStep,
  tagStep({ source: 'history_tag_association', itemColumn: 'history_id', itemTable: 'history', itemType: 'history', ownerQuery: 'select id, user_id as owner, create_time as time from history where id = any($1::int[])' }),
  historySharesStep,
  datasetsStep,
  datasetPermissionsStep,
  hdasStep,
  tagStep({
    source: 'history_dataset_association_tag_association',
    itemColumn: 'history_dataset_association_id',
    itemTable: 'history_dataset_association',
    itemType: 'hda',
    ownerQuery: 'select a.id, h.user_id as owner, a.create_time as time from history_dataset_association a join history h on h.id = a.history_id where a.id = any($1::int[])',
  }),
  collectionsStep,
  collectionElementsStep,
  hdcasStep,
  tagStep({
    source: 'history_dataset_collection_tag_association',
    itemColumn: 'history_dataset_collection_id',
    itemTable: 'history_dataset_collection_association',
    itemType: 'hdca',
    ownerQuery: 'select a.id, h.user_id as owner, c.create_time as time from history_dataset_collection_association a join history h on h.id = a.history_id join dataset_collection c on c.id = a.collection_id where a.id = any($1::int[])',
  }),
];
