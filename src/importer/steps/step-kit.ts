import type { ImportStep, Skip, StepKit, StepOutput, TargetRow } from '../import-step';
import type { SourceRow } from '../source-database';
import { stamp } from '../convert';

/** The references a row must have in the target: column of the source row -> target table. */
export type References = Record<string, string>;

/**
 * Checks each row's references against what earlier steps carried over; answers the rows whose
 * every reference is there (a null reference counts as there only when `nullable` names it), and
 * a skip for each of the others.
 */
export async function withReferences(rows: SourceRow[], sourceTable: string, references: References, kit: StepKit, nullable: string[] = []): Promise<{ kept: SourceRow[]; skipped: Skip[] }> {
  const present = new Map<string, Set<number>>();
  for (const [column, table] of Object.entries(references)) {
    const ids = rows.map((row) => row[column]).filter((id): id is number => typeof id === 'number');
    present.set(column, await kit.existing(table, ids));
  }
  const kept: SourceRow[] = [];
  const skipped: Skip[] = [];
  for (const row of rows) {
    const missing = Object.entries(references).find(([column]) => {
      const value = row[column];
      if (value === null || value === undefined) return !nullable.includes(column);
      return !present.get(column)?.has(Number(value));
    });
    if (missing) {
      const [column, table] = missing;
      const value = row[column];
      skipped.push({ sourceTable: sourceTable, sourceId: row.id, reason: value === null || value === undefined ? `${column} is empty` : `${column} ${String(value)} names no ${table} that was carried over` });
    } else kept.push(row);
  }
  return { kept, skipped };
}

/**
 * A link table carried as it is: id, create and update time, and the references it joins (each
 * must have been carried over).
 */
export function associationStep(name: string, references: References, target = name): ImportStep {
  return {
    name,
    source: name,
    targets: [target],
    async transform(rows, kit): Promise<StepOutput> {
      const { kept, skipped } = await withReferences(rows, name, references, kit);
      const out: TargetRow[] = kept.map((row) => {
        const copied: TargetRow = { id: row.id, create_time: stamp(row.create_time, row.update_time), update_time: stamp(row.update_time, row.create_time) };
        for (const column of Object.keys(references)) copied[column] = row[column];
        return copied;
      });
      return { tables: [{ table: target, rows: out }], skipped };
    },
  };
}

/** The ids among `rows` whose `column` value an earlier row of the source table (smaller id) already has. */
export async function laterDuplicates(kit: StepKit, table: string, column: string, rows: SourceRow[]): Promise<Map<number, number>> {
  const values = [...new Set(rows.map((row) => row[column]).filter((value): value is string => typeof value === 'string'))];
  if (values.length === 0) return new Map();
  const firsts = await kit.source.query<{ value: string; first: number }>(`select "${column}" as value, min(id) as first from "${table}" where "${column}" = any($1) group by "${column}"`, [values]);
  const firstOf = new Map(firsts.map((row) => [row.value, Number(row.first)]));
  const later = new Map<number, number>();
  for (const row of rows) {
    const first = typeof row[column] === 'string' ? firstOf.get(row[column] as string) : undefined;
    if (first !== undefined && first !== row.id) later.set(row.id, first);
  }
  return later;
}

/**
 * The rows of a batch that repeat an earlier row of their source table (a smaller id with the same
 * `key`, among the rows `counted` keeps), each with that earlier id: found in the source, so a
 * repeat is one whichever batch holds the row it repeats. `key` and `counted` are SQL over an alias.
 */
export async function earlierRepeats(kit: StepKit, table: string, rows: SourceRow[], key: (alias: string) => string, counted: (alias: string) => string = () => 'true'): Promise<Map<number, number>> {
  if (rows.length === 0) return new Map();
  const found = await kit.source.query<{ id: number; first: number | null }>(
    `select t.id, (select min(o.id) from "${table}" o where (${key('o')}) = (${key('t')}) and ${counted('o')}) as first from "${table}" t where t.id = any($1::int[])`,
    [rows.map((row) => row.id)],
  );
  return new Map(found.filter((row) => row.first !== null && Number(row.first) < Number(row.id)).map((row) => [Number(row.id), Number(row.first)]));
}
