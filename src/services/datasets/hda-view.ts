import type { Caller } from '../../context/caller';
import type { ServiceContext } from '../../context/service-context';
import type { DatasetState } from '../../entities/dataset.entity';
import type { DatasetMetadata } from '../../entities/hda.entity';
import { PERMISSION_ACTIONS } from '../../entities/item-permission.entity';
import { StatementShapes } from '../../db/sql/sql-statement';
import { type HistoryRef, mayChangeHistory } from '../histories';
import { datasetAccessibleSql, heldRolesCte } from '../permissions';
import { mayReadDataset } from './dataset-access';

/**
 * What a summary listing reads of a history dataset: the few columns of the summary view, so a big
 * listing parses no metadata, peeks or times it does not show.
 */
export interface HdaSummaryView {
  id: number;
  hid: number;
  name: string;
  extension: string;
  visible: boolean;
  deleted: boolean;
  purged: boolean;
  history: { id: number };
  dataset: { id: number; state: DatasetState };
  /** The tag texts, when the read fetched them along (the query asks for tags). */
  tags?: string[];
  /**
   * The caller may read the dataset (`mayReadDataset`, computed in the read's statement). Listings
   * hand out a dataset the caller may not read in its inaccessible form (inaccessible-view.ts).
   */
  accessible: boolean;
}

/**
 * What the graph reads of a history dataset. Reads build it straight from one SQL statement (the
 * listing of a 5,000-dataset history is one statement and no hydration); an entity just written
 * becomes one through `writtenHdaView`.
 */
export interface HdaView extends HdaSummaryView {
  info: string | null;
  blurb: string | null;
  peek: string | null;
  extension: string;
  dbkey: string;
  metadata: DatasetMetadata;
  annotation: string | null;
  toolVersion: string | null;
  /** Whether its job was ever resubmitted (the platform's `resubmitted`); absent for a dataset just written (read when asked). */
  resubmitted?: boolean;
  createTime: Date;
  updateTime: Date;
  dataset: { id: number; state: DatasetState; fileSize: number | null; uuid: string; purged: boolean; externalFilename: string | null; fileRoot: string | null; extraFilesPath: string | null };
  /** The dataset's roles, when the read fetched them along. */
  permissions?: DatasetRoleIds;
}

/** A full view, not a summary. */
/** Role ids of a dataset's access and manage permissions. */
export interface DatasetRoleIds {
  access: number[];
  manage: number[];
}

export const isDetailed = (view: HdaSummaryView): view is HdaView => 'metadata' in view;

/** What a read fetches besides the rows, in the same statement. */
export interface HdaParts {
  tags: boolean;
  /** The dataset's access and manage role ids (the `permissions` of the platform's dictionary). */
  permissions?: boolean;
}

export const NO_HDA_PARTS: HdaParts = { tags: false };

/** A dataset read on its own, with what the access rules need of its history and dataset. */
export interface HdaInHistoryView extends HdaView {
  history: HistoryRef;
  /** The caller holds every access role of the dataset (none: public); see dataset-access.ts. */
  datasetAccessible: boolean;
}

export interface HdaRow {
  id: number;
  hid: number;
  name: string;
  info: string | null;
  blurb: string | null;
  peek: string | null;
  extension: string;
  dbkey: string;
  metadata: DatasetMetadata;
  visible: boolean;
  deleted: boolean;
  purged: boolean;
  annotation: string | null;
  toolVersion: string | null;
  resubmitted: boolean;
  createTime: Date;
  updateTime: Date;
  historyId: number;
  datasetId: number;
  state: DatasetState;
  fileSize: number | null;
  uuid: string;
  datasetPurged: boolean;
  externalFilename: string | null;
  fileRoot: string | null;
  extraFilesPath: string | null;
  tags?: string[];
  permissions?: DatasetRoleIds;
}

/** The columns of a full view, reading `history_dataset_association h` and `dataset d`. */
export const HDA_COLUMNS = `h.id, h.hid, h.name, h.info, h.blurb, h.peek, h.extension, h.dbkey, h.metadata, h.visible, h.deleted, h.purged,
  h.annotation, h.tool_version as "toolVersion",
  exists(select 1 from job_to_output_dataset jo join job j on j.id = jo.job_id where jo.hda_id = h.id and j.resubmissions > 0) as resubmitted,
  h.create_time as "createTime", h.update_time as "updateTime",
  h.history_id as "historyId", h.dataset_id as "datasetId", d.state, d.file_size::float8 as "fileSize", d.uuid,
  d.purged as "datasetPurged", d.external_filename as "externalFilename",
  d.file_root as "fileRoot", d.extra_files_path as "extraFilesPath"`;

export const TAGS_COLUMN = `array(select case when coalesce(t.value, '') = '' then t.name else t.name || ':' || t.value end
  from item_tag t where t.item_type = 'hda' and t.item_id = h.id order by t.id) as tags`;

/** The dataset's roles by action, read along when the query shows them. */
const PERMISSIONS_COLUMN = `(select json_build_object(
    'access', coalesce(array_agg(p.role_id order by p.role_id) filter (where p.action = '${PERMISSION_ACTIONS.datasetAccess}'), '{}'),
    'manage', coalesce(array_agg(p.role_id order by p.role_id) filter (where p.action = '${PERMISSION_ACTIONS.datasetManage}'), '{}'))
  from item_permission p where p.item_type = 'dataset' and p.item_id = d.id) as permissions`;

export const columnsFor = (parts: HdaParts) => [HDA_COLUMNS, ...(parts.tags ? [TAGS_COLUMN] : []), ...(parts.permissions ? [PERMISSIONS_COLUMN] : [])].join(', ');

export const partsKey = (parts: HdaParts) => `${parts.tags}|${Boolean(parts.permissions)}`;

/** A row as a full view, with whether the caller may read it (a listing shows it through `shownView`). */
export function toView(row: HdaRow, accessible: boolean): HdaView {
  return {
    id: row.id,
    hid: row.hid,
    name: row.name,
    info: row.info,
    blurb: row.blurb,
    peek: row.peek,
    extension: row.extension,
    dbkey: row.dbkey,
    metadata: row.metadata,
    visible: row.visible,
    deleted: row.deleted,
    purged: row.purged,
    annotation: row.annotation,
    toolVersion: row.toolVersion,
    resubmitted: row.resubmitted,
    createTime: row.createTime,
    updateTime: row.updateTime,
    history: { id: row.historyId },
    dataset: { id: row.datasetId, state: row.state, fileSize: row.fileSize, uuid: row.uuid, purged: row.datasetPurged, externalFilename: row.externalFilename, fileRoot: row.fileRoot, extraFilesPath: row.extraFilesPath },
    tags: row.tags,
    permissions: row.permissions,
    accessible,
  };
}

type ByIdRow = HdaRow & { historyUserId: number | null; historyPublished: boolean; historyImportable: boolean; datasetAccessible: boolean };

const BY_ID = new StatementShapes<HdaParts, ByIdRow>(
  'hda_by_id',
  (parts) => `with ${heldRolesCte('$2')}
   select ${columnsFor(parts)}, hi.user_id as "historyUserId", hi.published as "historyPublished", hi.importable as "historyImportable",
          ${datasetAccessibleSql('d.id')} as "datasetAccessible"
     from history_dataset_association h
     join dataset d on d.id = h.dataset_id
     join history hi on hi.id = h.history_id
    where h.id = $1`,
  partsKey,
);

/**
 * One dataset with its history's owner and sharing flags, whether the caller (`$2`) holds its access
 * roles, and its tags when asked: one statement.
 */
export async function readHda(ctx: ServiceContext, id: number, parts: HdaParts = NO_HDA_PARTS): Promise<HdaInHistoryView | null> {
  const row = await ctx.one(BY_ID.for(parts), [id, ctx.caller.userId]);
  if (!row) return null;
  const history = { id: row.historyId, user: row.historyUserId === null ? null : { id: row.historyUserId }, published: row.historyPublished, importable: row.historyImportable };
  return { ...toView(row, mayReadDataset(ctx.caller, { history, datasetAccessible: row.datasetAccessible })), history, datasetAccessible: row.datasetAccessible };
}

/**
 * A dataset as a write left it (an entity): the result of a mutation or a tool run, in a history the
 * caller may change.
 */
export type WrittenHda = Omit<HdaView, 'accessible' | 'history' | 'tags' | 'permissions'> & { history: HistoryRef };

/** A written dataset as a view: readable, by the rule, when the caller may change its history. */
export function writtenHdaView(caller: Caller, hda: WrittenHda): HdaView {
  const { dataset } = hda;
  return {
    id: hda.id,
    hid: hda.hid,
    name: hda.name,
    info: hda.info,
    blurb: hda.blurb,
    peek: hda.peek,
    extension: hda.extension,
    dbkey: hda.dbkey,
    metadata: hda.metadata,
    visible: hda.visible,
    deleted: hda.deleted,
    purged: hda.purged,
    annotation: hda.annotation,
    toolVersion: hda.toolVersion,
    createTime: hda.createTime,
    updateTime: hda.updateTime,
    history: { id: hda.history.id },
    dataset: {
      id: dataset.id,
      state: dataset.state,
      fileSize: dataset.fileSize,
      uuid: dataset.uuid,
      purged: dataset.purged,
      externalFilename: dataset.externalFilename,
      fileRoot: dataset.fileRoot,
      extraFilesPath: dataset.extraFilesPath,
    },
    accessible: mayChangeHistory(caller, hda.history),
  };
}
