import { DATASET_STATES, type DatasetState } from '../../entities/dataset.entity';

/** One history dataset as the history summaries see it. */
export interface ContentRow {
  hdaId: number;
  deleted: boolean;
  purged: boolean;
  state: DatasetState;
  datasetId: number;
  datasetPurged: boolean;
  fileSize: number;
}

/** A history's contents in figures: what the summary fields read. */
export interface HistorySummary {
  count: number;
  /** Dataset collections placed in the history (deleted ones included). */
  collections: number;
  size: number;
  /** Non-deleted datasets per state, every state present. */
  stateCounts: Record<DatasetState, number>;
  state: string;
}

/** A history's dataset ids (by hid), all and per state: lists as long as the history. */
export interface HistoryIdLists {
  hdaIds: number[];
  /** Dataset ids per state, deleted ones included. */
  stateIds: Record<DatasetState, number[]>;
}

export interface HistoryStats extends HistorySummary, HistoryIdLists {}

const perState = <T>(make: () => T) => Object.fromEntries(DATASET_STATES.map((state) => [state, make()])) as Record<DatasetState, T>;

/** The platform's history state rule (platform-facts §4.1). */
export function historyState(counts: Record<DatasetState, number>, total: number): string {
  if (total === 0) return 'new';
  if (counts.running + counts.setting_metadata + counts.upload > 0) return 'running';
  if (counts.queued > 0) return 'queued';
  if (counts.error + counts.failed_metadata > 0) return 'error';
  if (counts.ok === total) return 'ok';
  return 'error';
}

/** Summaries of one history's contents: counts, states and the size of its distinct live files. */
export function summarise(rows: ContentRow[], collections = 0): HistoryStats {
  const stateCounts = perState(() => 0);
  const stateIds = perState<number[]>(() => []);
  const counted = new Set<number>();
  let size = 0;
  let active = 0;
  for (const row of rows) {
    stateIds[row.state]?.push(row.hdaId);
    if (!row.deleted) {
      stateCounts[row.state] += 1;
      active += 1;
    }
    if (!row.purged && !row.datasetPurged && !counted.has(row.datasetId)) {
      counted.add(row.datasetId);
      size += row.fileSize;
    }
  }
  return { count: rows.length, collections, size, hdaIds: rows.map((row) => row.hdaId), stateCounts, stateIds, state: historyState(stateCounts, active) };
}
