import type { Ctx } from './http';
import { decodeId, encodeId, notAccessible, notFound } from './http';
import { DATASET_STATES, niceSize, platformTime } from './formats';

/** What the read rule needs of a history. */
export interface HistoryAccess {
  user_id: number | null;
  published: boolean;
  importable: boolean;
}

/**
 * A history is readable by its owner, administrators, and anyone when published or importable. (A
 * history without user belongs to a browser session; the baseline serves key callers only.)
 */
export function readable<T extends HistoryAccess>(ctx: Ctx, encodedId: string, history: T | undefined): T {
  if (!history) throw notFound(`No History found with id: ${encodedId}`);
  const caller = ctx.caller;
  const owns = caller !== null && (caller.isAdmin || (history.user_id !== null && history.user_id === caller.userId));
  if (!owns && !history.published && !history.importable) throw notAccessible('History is not accessible by the current user');
  return history;
}

// ---- GET /api/histories/{id} (detailed view)

interface HistoryRow extends HistoryAccess {
  id: number;
  name: string;
  deleted: boolean;
  purged: boolean;
  slug: string | null;
  genome_build: string | null;
  annotation: string | null;
  create_time: Date;
  update_time: Date;
  owner_username: string | null;
  tags: string[];
  size: string;
  /** Per dataset state: non-deleted datasets, and every dataset id by hid. */
  states: Record<string, { active: number; ids: number[] }> | null;
}

/** The history, its owner's name, tags, the size of its distinct live files and its datasets per state. */
const HISTORY_DETAIL = `
  select h.id, h.user_id, h.name, h.deleted, h.purged, h.published, h.importable, h.slug, h.genome_build, h.annotation,
         h.create_time, h.update_time, owner.username as owner_username,
         array(select case when t.value is null or t.value = '' then t.name else t.name || ':' || t.value end
               from item_tag t where t.item_type = 'history' and t.item_id = h.id order by t.id) as tags,
         (select coalesce(sum(live.file_size), 0)
          from (select distinct d.id, d.file_size
                from history_dataset_association hda join dataset d on d.id = hda.dataset_id
                where hda.history_id = h.id and not hda.purged and not d.purged) live) as size,
         (select json_object_agg(per_state.state, json_build_object('active', per_state.active, 'ids', per_state.ids))
          from (select d.state, count(*) filter (where not hda.deleted) as active, array_agg(hda.id order by hda.hid) as ids
                from history_dataset_association hda join dataset d on d.id = hda.dataset_id
                where hda.history_id = h.id
                group by d.state) per_state) as states
  from history h
  left join galaxy_user owner on owner.id = h.user_id
  where h.id = $1`;

/** The platform's history state rule (platform-facts §4.1). */
function historyState(counts: Record<string, number>, active: number): string {
  if (active === 0) return 'new';
  if (counts.running + counts.setting_metadata + counts.upload > 0) return 'running';
  if (counts.queued > 0) return 'queued';
  if (counts.error + counts.failed_metadata > 0) return 'error';
  if (counts.ok === active) return 'ok';
  return 'error';
}

export async function showHistory(ctx: Ctx, encodedId: string): Promise<Record<string, unknown>> {
  const h = readable(ctx, encodedId, await ctx.sql.row<HistoryRow>(HISTORY_DETAIL, [decodeId(ctx, encodedId)]));
  const id = encodeId(ctx, h.id);
  const states = h.states ?? {};
  const groups = Object.values(states);
  const count = groups.reduce((sum, group) => sum + group.ids.length, 0);
  const active = groups.reduce((sum, group) => sum + group.active, 0);
  const stateDetails = Object.fromEntries(DATASET_STATES.map((state) => [state, states[state]?.active ?? 0]));
  const stateIds = Object.fromEntries(DATASET_STATES.map((state) => [state, (states[state]?.ids ?? []).map((hdaId) => encodeId(ctx, hdaId))]));
  const size = Number(h.size);
  return {
    id,
    model_class: 'History',
    name: h.name,
    deleted: h.deleted,
    purged: h.purged,
    url: `/api/histories/${id}`,
    published: h.published,
    annotation: h.annotation,
    tags: h.tags,
    contents_url: `/api/histories/${id}/contents`,
    empty: count === 0,
    size,
    nice_size: niceSize(size),
    user_id: h.user_id === null ? null : encodeId(ctx, h.user_id),
    create_time: platformTime(h.create_time),
    update_time: platformTime(h.update_time),
    importable: h.importable,
    slug: h.slug,
    username_and_slug: h.user_id !== null && h.slug && h.owner_username ? `u/${h.owner_username}/h/${h.slug}` : null,
    genome_build: h.genome_build,
    state: historyState(stateDetails, active),
    state_details: stateDetails,
    state_ids: stateIds,
  };
}

// ---- GET /api/histories (summary view)

interface HistorySummaryRow {
  id: number;
  name: string;
  deleted: boolean;
  purged: boolean;
  published: boolean;
  annotation: string | null;
  tags: string[];
}

const USER_HISTORIES = `
  select h.id, h.name, h.deleted, h.purged, h.published, h.annotation,
         array(select case when t.value is null or t.value = '' then t.name else t.name || ':' || t.value end
               from item_tag t where t.item_type = 'history' and t.item_id = h.id order by t.id) as tags
  from history h
  where h.user_id = $1 and not h.deleted
  order by h.create_time desc, h.id desc`;

export async function listHistories(ctx: Ctx): Promise<Array<Record<string, unknown>>> {
  // Without a key and a session there is no current history: nothing to list.
  if (!ctx.caller) return [];
  const rows = await ctx.sql.rows<HistorySummaryRow>(USER_HISTORIES, [ctx.caller.userId]);
  return rows.map((row) => {
    const id = encodeId(ctx, row.id);
    return { id, model_class: 'History', name: row.name, deleted: row.deleted, purged: row.purged, url: `/api/histories/${id}`, published: row.published, annotation: row.annotation, tags: row.tags };
  });
}

// ---- GET /api/histories/{id}/contents: history-contents.ts (streamed)

// ---- POST /graphql `{ history(id: "…") { id name deleted } }`

const HISTORY_BY_ID = 'select h.id, h.user_id, h.name, h.deleted, h.published, h.importable from history h where h.id = $1';

export async function graphqlHistory(ctx: Ctx, encodedId: string): Promise<{ id: string; name: string; deleted: boolean }> {
  const h = readable(ctx, encodedId, await ctx.sql.row<HistoryAccess & { id: number; name: string; deleted: boolean }>(HISTORY_BY_ID, [decodeId(ctx, encodedId)]));
  return { id: encodeId(ctx, h.id), name: h.name, deleted: h.deleted };
}
