import { DATASET_STATES, type DatasetState } from '../../entities/dataset.entity';
import { type HistoryIdLists, type HistorySummary, historyState } from './history-state';

/**
 * A history's contents summarised by PostgreSQL in the statement that reads the history (set-based:
 * lateral aggregates over the history's datasets, however many histories the statement lists),
 * instead of every dataset row carried to the process and counted there. The same figures as
 * `summarise` (history-state.ts), which the loader still uses for histories read without them.
 */

/** Which summaries a statement computes. */
export interface StatsParts {
  /** Counts, states, size, collections (the summary fields). */
  stats: boolean;
  /** The dataset id lists (`hdas`, `state_ids`). */
  ids: boolean;
}

/** A JSON object with one key per dataset state, in DATASET_STATES order (the order the answers list them). */
const perState = (value: (state: string) => string) => `json_build_object(${DATASET_STATES.map((state) => `'${state}', ${value(state)}`).join(', ')})`;

const BY_HID = 'order by hda.hid, hda.id';

const SUMMARY_COLUMNS = `count(*)::int as "hdaCount", count(*) filter (where not hda.deleted)::int as "activeCount",
  ${perState((state) => `count(*) filter (where not hda.deleted and d.state = '${state}')`)} as "stateCounts"`;

/** The ids by hid and their states: two sorted aggregates (one per state cost twice as much), bucketed by state in `idListsOf`. */
const ID_COLUMNS = `coalesce(array_agg(hda.id ${BY_HID}), '{}') as "hdaIds", coalesce(array_agg(d.state ${BY_HID}), '{}') as "hdaStates"`;

/** Each distinct file of the live datasets counted once (copies share one). */
const SIZE_JOIN = `cross join lateral (select coalesce(sum(f.size), 0)::float8 as "contentsSize" from (
    select distinct d.id, d.file_size as size from history_dataset_association hda join dataset d on d.id = hda.dataset_id
     where hda.history_id = h.id and not hda.purged and not d.purged) f) hsize`;

/** The joins that bring the summaries along (the history is `h`): nothing when neither is asked for. */
export function statsJoins(parts: StatsParts): string {
  if (!parts.stats && !parts.ids) return '';
  const columns = [...(parts.stats ? [SUMMARY_COLUMNS] : []), ...(parts.ids ? [ID_COLUMNS] : [])].join(', ');
  const aggregates = `cross join lateral (select ${columns} from history_dataset_association hda join dataset d on d.id = hda.dataset_id where hda.history_id = h.id) hagg`;
  return parts.stats ? `${aggregates} ${SIZE_JOIN}` : aggregates;
}

/** The select-list entries of the summaries (read from `statsJoins`). */
export function statsColumns(parts: StatsParts): string[] {
  const columns: string[] = [];
  if (parts.stats) {
    columns.push(
      'hagg."hdaCount", hagg."activeCount", hagg."stateCounts", hsize."contentsSize"',
      '(select count(*)::int from history_dataset_collection_association a where a.history_id = h.id) as "collectionCount"',
    );
  }
  if (parts.ids) columns.push('hagg."hdaIds", hagg."hdaStates"');
  return columns;
}

/** What the statement's summary columns hold. */
export interface StatsRow {
  hdaCount?: number;
  activeCount?: number;
  stateCounts?: HistorySummary['stateCounts'];
  contentsSize?: number;
  collectionCount?: number;
  hdaIds?: number[];
  hdaStates?: string[];
}

/** The summary of a row read with `stats`, else undefined. */
export function summaryOf(row: StatsRow): HistorySummary | undefined {
  if (row.stateCounts === undefined) return undefined;
  return {
    count: row.hdaCount ?? 0,
    collections: row.collectionCount ?? 0,
    size: row.contentsSize ?? 0,
    stateCounts: row.stateCounts,
    state: historyState(row.stateCounts, row.activeCount ?? 0),
  };
}

/** The id lists of a row read with `ids` (the ids by hid, bucketed by their states, every state present), else undefined. */
export function idListsOf(row: StatsRow): HistoryIdLists | undefined {
  if (row.hdaIds === undefined || row.hdaStates === undefined) return undefined;
  const stateIds = Object.fromEntries(DATASET_STATES.map((state) => [state, [] as number[]])) as Record<DatasetState, number[]>;
  for (let i = 0; i < row.hdaIds.length; i += 1) stateIds[row.hdaStates[i] as DatasetState]?.push(row.hdaIds[i]);
  return { hdaIds: row.hdaIds, stateIds };
}
