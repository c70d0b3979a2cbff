import { Client } from 'pg';
import { isMigrationsTable, listTables, qualified, type SqlQuery, tableKey, TEXT_SETTINGS } from './carry-over-catalog';
import { CarryOverError } from './carry-over-error';

/** One connection to the target server, for the copy's transaction. */
export interface TargetConnection {
  query: SqlQuery;
  close(): Promise<void>;
}

export async function connectTarget(targetUrl: string): Promise<TargetConnection> {
  const client = new Client({ connectionString: targetUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new CarryOverError(`Cannot connect to the target ${redactedUrl(targetUrl)}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    await client.query(TEXT_SETTINGS.join('; '));
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return {
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    close: () => client.end(),
  };
}

/** Refuses a target whose tables of the carried schemas (bookkeeping aside) hold any row. */
export async function refuseFilledTarget(query: SqlQuery): Promise<void> {
  const filled: string[] = [];
  for (const table of (await listTables(query)).filter((table) => !isMigrationsTable(table))) {
    const [row] = await query<{ found: boolean }>(`SELECT EXISTS (SELECT 1 FROM ONLY ${qualified(table.schema, table.table)}) AS found`);
    if (row.found) filled.push(tableKey(table));
  }
  if (filled.length > 0) {
    const named = filled.length > 5 ? `${filled.slice(0, 5).join(', ')} and ${filled.length - 5} more` : filled.join(', ');
    throw new CarryOverError(`The target database already holds data (${named} have rows): carry over only into an empty database. Nothing was written.`);
  }
}

/**
 * Brings a database's platform and depot schemas up to this release's migrations, through the
 * ordinary code (database.ts's migrateAllSchemas, given by whoever starts a carry-over: the
 * carry-over does not import the database module that runs it at first start).
 */
export type MigrateSchemas = (url: string) => Promise<void>;

/** The URL without its password, for messages. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(an unreadable URL)';
  }
}
