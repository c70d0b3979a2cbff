import type { Ctx } from './http';
import { decodeId, encodeId, notAccessible, notFound } from './http';
import { dataTypeOf, datasetPath, metadataKeys, platformTime } from './formats';

interface HdaRow {
  id: number;
  history_id: number;
  dataset_id: number;
  hid: number;
  name: string;
  info: string | null;
  blurb: string | null;
  peek: string | null;
  extension: string;
  dbkey: string;
  metadata: Record<string, unknown>;
  visible: boolean;
  deleted: boolean;
  purged: boolean;
  annotation: string | null;
  create_time: Date;
  update_time: Date;
  state: string;
  file_size: string | null;
  uuid: string;
  external_filename: string | null;
  history_user_id: number | null;
  history_published: boolean;
  history_importable: boolean;
  tags: string[];
}

/** The dataset with its file's row, what the history read rule needs, and its tags. */
const HDA_DETAIL = `
  select hda.id, hda.history_id, hda.dataset_id, hda.hid, hda.name, hda.info, hda.blurb, hda.peek, hda.extension, hda.dbkey, hda.metadata,
         hda.visible, hda.deleted, hda.purged, hda.annotation, hda.create_time, hda.update_time,
         d.state, d.file_size, d.uuid, d.external_filename,
         h.user_id as history_user_id, h.published as history_published, h.importable as history_importable,
         array(select case when t.value is null or t.value = '' then t.name else t.name || ':' || t.value end
               from item_tag t where t.item_type = 'hda' and t.item_id = hda.id order by t.id) as tags
  from history_dataset_association hda
  join dataset d on d.id = hda.dataset_id
  join history h on h.id = hda.history_id
  where hda.id = $1`;

/** GET /api/datasets/{id}: a dataset of a history the caller may read, in the detailed view (platform-facts §4.2). */
export async function showDataset(ctx: Ctx, encodedId: string): Promise<Record<string, unknown>> {
  const hda = await ctx.sql.row<HdaRow>(HDA_DETAIL, [decodeId(ctx, encodedId)]);
  if (!hda) throw notFound(`No HistoryDatasetAssociation found with id: ${encodedId}`);
  const caller = ctx.caller;
  const ownsHistory = caller !== null && (caller.isAdmin || (hda.history_user_id !== null && hda.history_user_id === caller.userId));
  if (!ownsHistory && !hda.history_published && !hda.history_importable) throw notAccessible('Dataset is not accessible by the current user');

  const id = encodeId(ctx, hda.id);
  const historyId = encodeId(ctx, hda.history_id);
  return {
    id,
    name: hda.name,
    type_id: `dataset-${id}`,
    history_id: historyId,
    hid: hda.hid,
    history_content_type: 'dataset',
    dataset_id: encodeId(ctx, hda.dataset_id),
    state: hda.state,
    extension: hda.extension,
    deleted: hda.deleted,
    purged: hda.purged,
    visible: hda.visible,
    type: 'file',
    url: `/api/histories/${historyId}/contents/${id}`,
    model_class: 'HistoryDatasetAssociation',
    hda_ldda: 'hda',
    accessible: true,
    genome_build: hda.dbkey,
    misc_info: hda.info,
    misc_blurb: hda.blurb,
    file_ext: hda.extension,
    file_size: Number(hda.file_size ?? 0),
    create_time: platformTime(hda.create_time),
    update_time: platformTime(hda.update_time),
    resubmitted: false,
    ...metadataKeys(hda.metadata),
    meta_files: [],
    data_type: dataTypeOf(hda.extension),
    peek: hda.peek,
    uuid: hda.uuid,
    permissions: { access: [], manage: [] },
    file_name: caller?.isAdmin ? datasetPath(ctx.app.filesDir, hda.dataset_id, hda.external_filename) : null,
    display_apps: [],
    display_types: [],
    visualizations: [],
    download_url: `/api/histories/${historyId}/contents/${id}/display`,
    annotation: hda.annotation,
    tags: hda.tags,
    api_type: 'file',
  };
}
