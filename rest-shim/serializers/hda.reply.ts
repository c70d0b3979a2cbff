import type { ViewSpec } from '../core/views';
import { pythonIso } from '../core/shape';
import { jsonString, jsonValue } from './json-text';

/**
 * What the summary view needs of a HistoryContent, aliased to the platform's keys; `accessible` says
 * which view the caller may be shown (the inaccessible one when false).
 */
const HDA_SUMMARY_FIELDS = `id name hid extension deleted purged visible state accessible history_id: historyId dataset_id: datasetId`;

/** What only the detailed view needs (tags cost a query, metadata a lot of bytes). */
const HDA_DETAIL_FIELDS = `
  peek annotation tags uuid metadata
  permissions { access manage }
  genome_build: genomeBuild
  misc_info: miscInfo
  misc_blurb: miscBlurb
  file_size: fileSize
  create_time: createTime
  update_time: updateTime
  data_type: dataType
  file_name: fileName
  tool_version: toolVersion
  resubmitted
`;

/** Every field a dataset view can need. */
export const HDA_DETAILED_SELECTION = `${HDA_SUMMARY_FIELDS} ${HDA_DETAIL_FIELDS}`;

/** The summary fields, and the detailed ones when `$detailed` (listings where most items are summaries). */
export const HDA_SELECTION_IF_DETAILED = `${HDA_SUMMARY_FIELDS} ... @include(if: $detailed) { ${HDA_DETAIL_FIELDS} }`;

export const HDA_SUMMARY_KEYS = [
  'id', 'name', 'type_id', 'history_id', 'hid', 'history_content_type', 'dataset_id', 'state', 'extension', 'deleted', 'purged', 'visible', 'type', 'url',
] as const;

export const HDA_DETAILED_KEYS = [
  ...HDA_SUMMARY_KEYS,
  'model_class', 'hda_ldda', 'accessible', 'genome_build', 'misc_info', 'misc_blurb', 'file_ext', 'file_size', 'create_time', 'update_time',
  'resubmitted', 'metadata', 'meta_files', 'data_type', 'peek', 'uuid', 'permissions', 'file_name', 'display_apps', 'display_types',
  'visualizations', 'download_url', 'annotation', 'tags', 'api_type',
] as const;

export const HDA_EXTENDED_KEYS = [...HDA_DETAILED_KEYS, 'tool_version', 'parent_id', 'designation'] as const;

/**
 * What a caller sees of a dataset they may not access (the platform's `inaccessible` view). Every
 * listing shows a dataset the caller may not read so, whatever view or keys it asks for, with
 * `accessible: false` (see `hdaInaccessibleDict`).
 */
export const HDA_INACCESSIBLE_KEYS = ['id', 'name', 'history_id', 'hid', 'history_content_type', 'state', 'deleted', 'visible'] as const;

/** HDA keys of the platform's serializer (platform-facts §4.2); `metadata` becomes metadata_* keys. */
export const HDA_VIEW: ViewSpec = {
  fields: Object.fromEntries(HDA_EXTENDED_KEYS.map((key) => [key, null])),
  views: { summary: HDA_SUMMARY_KEYS, detailed: HDA_DETAILED_KEYS, extended: HDA_EXTENDED_KEYS, inaccessible: HDA_INACCESSIBLE_KEYS },
};

type Hda = Record<string, unknown>;

/** How each platform key is computed from the selection (constants included). */
const KEY_VALUES: Record<string, (hda: Hda) => unknown> = {
  model_class: () => 'HistoryDatasetAssociation',
  id: (hda) => hda.id,
  name: (hda) => hda.name,
  type_id: (hda) => `dataset-${String(hda.id)}`,
  history_id: (hda) => hda.history_id,
  hid: (hda) => hda.hid,
  history_content_type: () => 'dataset',
  dataset_id: (hda) => hda.dataset_id,
  state: (hda) => hda.state,
  extension: (hda) => hda.extension,
  deleted: (hda) => hda.deleted,
  purged: (hda) => hda.purged,
  visible: (hda) => hda.visible,
  type: () => 'file',
  url: (hda) => `/api/histories/${String(hda.history_id)}/contents/${String(hda.id)}`,
  hda_ldda: () => 'hda',
  accessible: (hda) => hda.accessible !== false,
  genome_build: (hda) => hda.genome_build,
  misc_info: (hda) => hda.misc_info,
  misc_blurb: (hda) => hda.misc_blurb,
  file_ext: (hda) => hda.extension,
  file_size: (hda) => hda.file_size,
  create_time: (hda) => pythonIso(hda.create_time),
  update_time: (hda) => pythonIso(hda.update_time),
  resubmitted: (hda) => hda.resubmitted === true,
  meta_files: () => [],
  data_type: (hda) => hda.data_type,
  peek: (hda) => hda.peek,
  uuid: (hda) => hda.uuid,
  permissions: (hda) => hda.permissions ?? { access: [], manage: [] },
  file_name: (hda) => hda.file_name ?? null,
  display_apps: () => [],
  display_types: () => [],
  visualizations: () => [],
  download_url: (hda) => `/api/histories/${String(hda.history_id)}/contents/${String(hda.id)}/display`,
  annotation: (hda) => hda.annotation,
  tags: (hda) => hda.tags,
  api_type: () => 'file',
  tool_version: (hda) => hda.tool_version ?? null,
  // Child datasets and designations (old composite outputs) do not exist here.
  parent_id: () => null,
  designation: () => null,
};

/**
 * A dataset the caller may not read, wherever it is listed: the inaccessible view's keys and
 * `accessible: false` (a deliberate difference from 15.05, which listed its details to anyone who
 * could read its history; README "Datasets, collections and who may read them").
 */
export function hdaInaccessibleDict(hda: Hda): Hda {
  const out: Hda = {};
  for (const key of HDA_INACCESSIBLE_KEYS) out[key] = KEY_VALUES[key](hda);
  out.accessible = false;
  return out;
}

/**
 * The platform's dictionary of a history dataset with the given keys (`metadata` stands for every
 * metadata_* key), built straight from the GraphQL selection; the inaccessible one, whatever the
 * keys, for a dataset the caller may not read.
 */
export function hdaDict(hda: Hda, keys: readonly string[]): Hda {
  if (hda.accessible === false) return hdaInaccessibleDict(hda);
  const out: Hda = {};
  for (const key of keys) {
    if (key === 'metadata') {
      for (const [name, value] of Object.entries((hda.metadata ?? {}) as Hda)) out[`metadata_${name}`] = value;
    } else {
      const value = KEY_VALUES[key];
      if (value) out[key] = value(hda);
    }
  }
  return out;
}

/** Whether any of the keys needs the detailed part of the selection. */
export const needsDetails = (keys: readonly string[]) => keys.some((key) => !(HDA_SUMMARY_KEYS as readonly string[]).includes(key));

const text = JSON.stringify;

/**
 * `JSON.stringify(hdaDict(hda, HDA_SUMMARY_KEYS))`, written straight from the selection: a streamed
 * listing of 100,000 summaries builds no dictionary per item (about half the time of stringifying
 * one). A field the selection lacks (it never does), or an id JSON would escape (ids are hex), takes
 * the generic path, which gives the same bytes. A dataset the caller may not read is written in the
 * inaccessible view.
 */
export function hdaSummaryJson(hda: Hda): string {
  if (hda.accessible === false) return text(hdaInaccessibleDict(hda));
  const { id, name, history_id: historyId, hid, dataset_id: datasetId, state, extension, deleted, purged, visible } = hda;
  if (
    id === undefined || name === undefined || historyId === undefined || hid === undefined || datasetId === undefined ||
    state === undefined || extension === undefined || deleted === undefined || purged === undefined || visible === undefined ||
    typeof id !== 'string' || typeof historyId !== 'string'
  ) {
    return text(hdaDict(hda, HDA_SUMMARY_KEYS));
  }
  const idText = jsonString(id);
  const historyIdText = jsonString(historyId);
  // Inside the composed texts (type_id, url) an id is written bare: only ids JSON writes as they are.
  if (idText.length !== id.length + 2 || historyIdText.length !== historyId.length + 2) return text(hdaDict(hda, HDA_SUMMARY_KEYS));
  return (
    `{"id":${idText},"name":${jsonValue(name)},"type_id":"dataset-${id}","history_id":${historyIdText},"hid":${jsonValue(hid)},` +
    `"history_content_type":"dataset","dataset_id":${jsonValue(datasetId)},"state":${jsonValue(state)},"extension":${jsonValue(extension)},` +
    `"deleted":${jsonValue(deleted)},"purged":${jsonValue(purged)},"visible":${jsonValue(visible)},"type":"file",` +
    `"url":"/api/histories/${historyId}/contents/${id}"}`
  );
}
