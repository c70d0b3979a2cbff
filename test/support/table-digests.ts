import { isMigrationsTable, listTables, type SqlQuery, tableKey, TEXT_SETTINGS } from '../../src/db/embedded-server/pglite-carry-over/carry-over-catalog';

/**
 * A digest of every row of every table of the platform's and the depot's schemas (the migrations'
 * bookkeeping aside): md5 of the rows' record texts in byte order. Equal digests on two databases
 * mean equal rows, value for value, whatever the column types.
 */
export async function tableDigests(query: SqlQuery): Promise<Record<string, string>> {
  for (const setting of [...TEXT_SETTINGS, "SET TimeZone = 'UTC'"]) await query(setting);
  const digests: Record<string, string> = {};
  for (const table of (await listTables(query)).filter((table) => !isMigrationsTable(table))) {
    const name = `"${table.schema}"."${table.table}"`;
    const [row] = await query<{ digest: string }>(`SELECT md5(coalesce(string_agg(ROW(t.*)::text, E'\\n' ORDER BY ROW(t.*)::text COLLATE "C"), '')) AS digest FROM ONLY ${name} AS t`);
    digests[tableKey(table)] = row.digest;
  }
  return digests;
}
