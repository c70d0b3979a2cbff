import type { ViewSpec } from '../core/views';
import { pythonIso } from '../core/shape';

/** Every History/HistoryContent selection a dataset view can need, aliased to the platform's keys. */
export const HDA_DETAILED_SELECTION = `
  id name hid extension deleted purged visible state peek annotation tags uuid metadata
  history_id: historyId
  dataset_id: datasetId
  genome_build: genomeBuild
  misc_info
  misc_blurb
  file_size: fileSize
  create_time: createTime
  update_time: updateTime
  data_type: dataType
  file_name: fileName
`;

export const HDA_SUMMARY_KEYS = [
  'id', 'name', 'type_id', 'history_id', 'hid', 'history_content_type', 'dataset_id', 'state', 'extension', 'deleted', 'purged', 'visible', 'type', 'url',
] as const;

export const HDA_DETAILED_KEYS = [
  ...HDA_SUMMARY_KEYS,
  'model_class', 'hda_ldda', 'accessible', 'genome_build', 'misc_info', 'misc_blurb', 'file_ext', 'file_size', 'create_time', 'update_time',
  'resubmitted', 'metadata', 'meta_files', 'data_type', 'peek', 'uuid', 'permissions', 'file_name', 'display_apps', 'display_types',
  'visualizations', 'download_url', 'annotation', 'tags', 'api_type',
] as const;

/** HDA keys of the platform's serializer (platform-facts §4.2); `metadata` becomes metadata_* keys. */
export const HDA_VIEW: ViewSpec = {
  fields: Object.fromEntries(HDA_DETAILED_KEYS.map((key) => [key, null])),
  views: { summary: HDA_SUMMARY_KEYS, detailed: HDA_DETAILED_KEYS },
};

/** The full platform dictionary of a history dataset, from the detailed selection. */
export function shapeHda(hda: Record<string, unknown>, isAdmin: boolean): Record<string, unknown> {
  const id = hda.id as string;
  const historyId = hda.history_id as string;
  const metadata = (hda.metadata ?? {}) as Record<string, unknown>;
  const shaped: Record<string, unknown> = {
    model_class: 'HistoryDatasetAssociation',
    id,
    name: hda.name,
    type_id: `dataset-${id}`,
    history_id: historyId,
    hid: hda.hid,
    history_content_type: 'dataset',
    dataset_id: hda.dataset_id,
    state: hda.state,
    extension: hda.extension,
    deleted: hda.deleted,
    purged: hda.purged,
    visible: hda.visible,
    type: 'file',
    url: `/api/histories/${historyId}/contents/${id}`,
    hda_ldda: 'hda',
    accessible: true,
    genome_build: hda.genome_build,
    misc_info: hda.misc_info,
    misc_blurb: hda.misc_blurb,
    file_ext: hda.extension,
    file_size: hda.file_size,
    create_time: pythonIso(hda.create_time),
    update_time: pythonIso(hda.update_time),
    resubmitted: false,
    meta_files: [],
    data_type: hda.data_type,
    peek: hda.peek,
    uuid: hda.uuid,
    permissions: { access: [], manage: [] },
    file_name: isAdmin ? hda.file_name : null,
    display_apps: [],
    display_types: [],
    visualizations: [],
    download_url: `/api/histories/${historyId}/contents/${id}/display`,
    annotation: hda.annotation,
    tags: hda.tags,
    api_type: 'file',
  };
  for (const [name, value] of Object.entries(metadata)) shaped[`metadata_${name}`] = value;
  return shaped;
}

/** The requested view of a shaped dataset (`metadata` stands for every metadata_* key). */
export function hdaView(shaped: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    if (key === 'metadata') {
      for (const [name, value] of Object.entries(shaped)) if (name.startsWith('metadata_')) out[name] = value;
    } else if (key in shaped) {
      out[key] = shaped[key];
    }
  }
  return out;
}
