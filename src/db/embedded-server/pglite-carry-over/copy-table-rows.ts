import { type CatalogTable, ident, qualified, type SqlQuery, tableKey } from './carry-over-catalog';
import { CarryOverError } from './carry-over-error';

/** Heap pages read from PGlite per batch (8 kB each): about 1 MB of rows, more when values are stored out of line. */
const PAGES_PER_BATCH = 128;

/**
 * Copies one table, set-based, by ranges of its heap pages (ctid ranges need no key): each batch is
 * read from the source as a JSON array of the rows' record text, and inserted by one statement that
 * parses each back into the target's record type. Answers the rows copied; `onBatch` is told the
 * running total after each batch.
 */
export async function copyTableRows(source: SqlQuery, target: SqlQuery, table: CatalogTable, onBatch: (copied: number) => void): Promise<number> {
  const name = qualified(table.schema, table.table);
  const [size] = await source<{ pages: string }>(`SELECT (pg_relation_size($1::regclass) / current_setting('block_size')::bigint)::text AS pages`, [name]);
  const pages = Number(size.pages);
  const insert = insertStatement(table);
  let copied = 0;
  for (let first = 0; first < pages; first += PAGES_PER_BATCH) {
    // The last batch has no upper bound: no row is left behind the size read above. ROW(t.*), not
    // t: a column named t would win over the table's alias.
    const last = first + PAGES_PER_BATCH >= pages ? null : first + PAGES_PER_BATCH;
    const [batch] = await source<{ count: number; rows: string }>(
      `SELECT count(*)::int AS count, coalesce(json_agg(ROW(t.*)::text), '[]')::text AS rows FROM ONLY ${name} AS t
        WHERE t.ctid >= $1::tid${last === null ? '' : ' AND t.ctid < $2::tid'}`,
      last === null ? [`(${first},0)`] : [`(${first},0)`, `(${last},0)`],
    );
    if (batch.count === 0) continue;
    const [inserted] = await target<{ count: string }>(`WITH inserted AS (${insert} RETURNING 1) SELECT count(*)::text AS count FROM inserted`, [batch.rows]);
    if (Number(inserted.count) !== batch.count) throw new CarryOverError(`${tableKey(table)}: ${batch.count} rows read, ${inserted.count} written.`);
    copied += batch.count;
    onBatch(copied);
  }
  return copied;
}

/** INSERT of a JSON array of record texts: each parsed once into the table's type, its columns spread (generated ones left to the target). */
function insertStatement(table: CatalogTable): string {
  const name = qualified(table.schema, table.table);
  const columns = table.columns.filter((column) => !column.generated).map((column) => ident(column.name));
  return `INSERT INTO ${name} (${columns.join(', ')}) OVERRIDING SYSTEM VALUE
    SELECT ${columns.map((column) => `(q.r).${column}`).join(', ')}
      FROM (SELECT value::${name} AS r FROM json_array_elements_text($1::json) OFFSET 0) AS q`;
}
