/**
 * What the carry-over reads of a database's catalog, the same on both sides (PGlite and the
 * PostgreSQL server): the tables of the carried schemas with their columns, and their sequences.
 */

/** Runs one statement and answers its rows (PGlite's `query`, or a pg client's). */
export type SqlQuery = <T>(text: string, params?: unknown[]) => Promise<T[]>;

/** The schemas carried over: the platform's and the depot's. */
export const CARRIED_SCHEMAS = ['public', 'depot'] as const;

/**
 * Settings under which both sides print and parse every value the same way: rows travel as the
 * text of their record type (`(1,"a b",,t)`), which round-trips every type exactly.
 */
export const TEXT_SETTINGS: readonly string[] = [
  "SET DateStyle = 'ISO, MDY'",
  "SET IntervalStyle = 'postgres'",
  'SET extra_float_digits = 1',
  "SET bytea_output = 'hex'",
  "SET client_encoding = 'UTF8'",
];

/** MikroORM's bookkeeping of applied migrations: the target has its own rows, compared, not copied. */
export const MIGRATIONS_TABLE = 'mikro_orm_migrations';

/** The carried schemas as a SQL list (constants: no parameter, the same text on both sides). */
const SCHEMA_LIST = CARRIED_SCHEMAS.map((schema) => `'${schema}'`).join(', ');

export interface TableColumn {
  name: string;
  /** `format_type` of the column: `integer`, `character varying(255)`, `jsonb`… */
  type: string;
  /** Generated (stored) columns are computed by the target, never written. */
  generated: boolean;
}

export interface CatalogTable {
  schema: string;
  table: string;
  columns: TableColumn[];
}

export interface CatalogSequence {
  schema: string;
  sequence: string;
  /** The table whose column owns it (serial, identity), if any. */
  ownerTable: string | null;
}

/** A name quoted for SQL (`"a""b"`). */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function qualified(schema: string, name: string): string {
  return `${ident(schema)}.${ident(name)}`;
}

export const tableKey = (table: { schema: string; table: string }): string => `${table.schema}.${table.table}`;

export const isMigrationsTable = (table: { table: string }): boolean => table.table === MIGRATIONS_TABLE;

/** Every ordinary table of the carried schemas (the bookkeeping tables included), by schema and name. */
export async function listTables(query: SqlQuery): Promise<CatalogTable[]> {
  const rows = await query<{ schema: string; table: string; columns: string }>(
    `SELECT n.nspname AS schema, c.relname AS table,
            (SELECT json_agg(json_build_array(a.attname, format_type(a.atttypid, a.atttypmod), a.attgenerated <> '') ORDER BY a.attnum)
               FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped)::text AS columns
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN (${SCHEMA_LIST}) AND c.relkind = 'r'
      ORDER BY n.nspname DESC, c.relname`
  );
  return rows.map((row) => ({
    schema: row.schema,
    table: row.table,
    columns: (JSON.parse(row.columns ?? '[]') as Array<[string, string, boolean]>).map(([name, type, generated]) => ({ name, type, generated })),
  }));
}

/** Every sequence of the carried schemas, with the table that owns it. */
export async function listSequences(query: SqlQuery): Promise<CatalogSequence[]> {
  return query<CatalogSequence>(
    `SELECT n.nspname AS schema, s.relname AS sequence, min(t.relname) AS "ownerTable"
       FROM pg_class s JOIN pg_namespace n ON n.oid = s.relnamespace
       LEFT JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = s.oid AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
       LEFT JOIN pg_class t ON t.oid = d.refobjid
      WHERE n.nspname IN (${SCHEMA_LIST}) AND s.relkind = 'S'
      GROUP BY n.nspname, s.relname
      ORDER BY n.nspname DESC, s.relname`
  );
}

/** The rows of one table (its own, not those of tables inheriting from it). */
export async function countRows(query: SqlQuery, table: { schema: string; table: string }): Promise<number> {
  const [row] = await query<{ rows: string }>(`SELECT count(*)::text AS rows FROM ONLY ${qualified(table.schema, table.table)}`);
  return Number(row.rows);
}

/** The names of the migrations applied to one schema, sorted (none when it has no bookkeeping table). */
export async function appliedMigrations(query: SqlQuery, schema: string): Promise<string[]> {
  const [exists] = await query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [qualified(schema, MIGRATIONS_TABLE)]);
  if (!exists.found) return [];
  const rows = await query<{ name: string }>(`SELECT name FROM ${qualified(schema, MIGRATIONS_TABLE)} ORDER BY name`);
  return rows.map((row) => row.name);
}
