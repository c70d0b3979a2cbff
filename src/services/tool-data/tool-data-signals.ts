/**
 * How processes tell each other that tool data tables changed: `NOTIFY tool_data_changed` with the
 * names of the tables and the process that changed them (which has re-read them already). File
 * rewrites of all processes take one advisory lock, so two removals never interleave.
 */
import { randomUUID } from 'node:crypto';
import { sql } from '../../db/sql/sql-statement';

export interface ToolDataSignal {
  origin: string;
  tables: string[];
}

/** This process's name in its signals (it ignores its own). */
export const newOrigin = (): string => randomUUID();

export const NOTIFY_TOOL_DATA_CHANGED = sql<{ sent: boolean }>('tool_data_notify', "select true as sent from pg_notify('tool_data_changed', $1)");

/** Held until the transaction ends; any constant serves (see MIGRATION_LOCK for another). */
export const TOOL_DATA_FILES_LOCK = 7_150_506;
export const LOCK_TOOL_DATA_FILES = sql<{ locked: boolean }>('tool_data_lock', 'select true as locked from pg_advisory_xact_lock($1::bigint)');

export function encodeSignal(signal: ToolDataSignal): string {
  return JSON.stringify(signal);
}

/** A signal's payload, or null for one this version does not understand. */
export function decodeSignal(payload: string): ToolDataSignal | null {
  try {
    const parsed: unknown = JSON.parse(payload);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { origin, tables } = parsed as Record<string, unknown>;
    if (typeof origin !== 'string' || !Array.isArray(tables) || !tables.every((name) => typeof name === 'string')) return null;
    return { origin, tables: tables as string[] };
  } catch {
    return null;
  }
}
