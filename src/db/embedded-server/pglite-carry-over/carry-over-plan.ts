import {
  appliedMigrations,
  type CatalogSequence,
  type CatalogTable,
  CARRIED_SCHEMAS,
  isMigrationsTable,
  listSequences,
  listTables,
  type SqlQuery,
  tableKey,
} from './carry-over-catalog';
import { CarryOverError } from './carry-over-error';

/** What is copied: the tables (bookkeeping aside) with their source row counts, and the sequences to set. */
export interface CarryOverPlan {
  tables: Array<CatalogTable & { rows: number }>;
  sequences: CatalogSequence[];
}

/**
 * Compares the migrated source and the migrated target: the same migrations applied, the same
 * tables with the same columns in the same order and of the same types, the same sequences. The
 * rows travel as the text of each table's record type, so the column order must agree exactly.
 */
export async function planCarryOver(source: SqlQuery, target: SqlQuery, countRows: (table: CatalogTable) => Promise<number>): Promise<CarryOverPlan> {
  for (const schema of CARRIED_SCHEMAS) {
    const [fromSource, fromTarget] = [await appliedMigrations(source, schema), await appliedMigrations(target, schema)];
    const onlySource = fromSource.filter((name) => !fromTarget.includes(name));
    const onlyTarget = fromTarget.filter((name) => !fromSource.includes(name));
    if (onlySource.length > 0) throw new CarryOverError(`The source has migrations of schema ${schema} this release does not know (${onlySource.join(', ')}): it was made by a newer release.`);
    if (onlyTarget.length > 0) throw new CarryOverError(`The source lacks migrations of schema ${schema} after migrating (${onlyTarget.join(', ')}).`);
  }
  const [sourceTables, targetTables] = [await listTables(source), await listTables(target)];
  const targetByKey = new Map(targetTables.map((table) => [tableKey(table), table]));
  const differences: string[] = [];
  for (const table of sourceTables) {
    const other = targetByKey.get(tableKey(table));
    if (!other) differences.push(`${tableKey(table)} is only in the source`);
    else if (columnsText(other) !== columnsText(table)) differences.push(`${tableKey(table)} has columns (${columnsText(table)}) in the source, (${columnsText(other)}) in the target`);
    targetByKey.delete(tableKey(table));
  }
  for (const key of targetByKey.keys()) differences.push(`${key} is only in the target`);
  const [sourceSequences, targetSequences] = [await listSequences(source), await listSequences(target)];
  const sequenceKeys = (list: CatalogSequence[]) => new Set(list.map((sequence) => `${sequence.schema}.${sequence.sequence}`));
  const targetSequenceKeys = sequenceKeys(targetSequences);
  for (const key of sequenceKeys(sourceSequences)) if (!targetSequenceKeys.delete(key)) differences.push(`sequence ${key} is only in the source`);
  for (const key of targetSequenceKeys) differences.push(`sequence ${key} is only in the target`);
  if (differences.length > 0) throw new CarryOverError(`The source and the target schemas differ after migrating both: ${differences.join('; ')}.`);

  const tables: CarryOverPlan['tables'] = [];
  for (const table of sourceTables.filter((table) => !isMigrationsTable(table))) tables.push({ ...table, rows: await countRows(table) });
  const sequences = sourceSequences.filter((sequence) => !(sequence.ownerTable && isMigrationsTable({ table: sequence.ownerTable })));
  return { tables, sequences };
}

const columnsText = (table: CatalogTable): string => table.columns.map((column) => `${column.name} ${column.type}${column.generated ? ' generated' : ''}`).join(', ');
