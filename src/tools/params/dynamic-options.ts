/**
 * The options of a `<options from_data_table="…">` select, computed from the table's rows: the
 * filters that need nothing but the rows (static_value, unique_value, multiple_splitter, add_value,
 * remove_value with a value, sort_by) apply in order, then each row gives an option named by its
 * `name` column with the value of its `value` column. Filters that depend on other inputs
 * (param_value, data_meta, remove_value by reference…) are not applied: the list is then wider
 * than the platform's, never narrower.
 */
import type { DynamicOptionsSpec, OptionsFilterSpec, SelectOption } from '../model/inputs';

/** What the computation needs of a data table. */
export interface DataTableRows {
  /** The table's own columns, name → index. */
  columns: ReadonlyMap<string, number>;
  rows: ReadonlyArray<readonly string[]>;
}

type Row = readonly string[];

/** The option columns: the `<column>`s of `<options>` when given, else the table's (`name` defaults to `value`). */
function optionColumns(spec: DynamicOptionsSpec, table: DataTableRows): Map<string, number> {
  const columns = spec.columns.length > 0 ? new Map(spec.columns.map((column) => [column.name, column.index] as const)) : new Map(table.columns);
  const value = columns.get('value');
  if (value !== undefined && !columns.has('name')) columns.set('name', value);
  return columns;
}

/** A column given by name or by number; null when it is neither. */
function columnOf(columns: ReadonlyMap<string, number>, spec: string | undefined): number | null {
  if (spec === undefined) return null;
  const named = columns.get(spec);
  if (named !== undefined) return named;
  return /^\s*\d+\s*$/.test(spec) ? Number(spec) : null;
}

const keeps = (filter: OptionsFilterSpec) => !['false', 'no', 'off'].includes((filter.attributes.keep ?? 'true').trim().toLowerCase());

function applyFilter(rows: Row[], filter: OptionsFilterSpec, columns: ReadonlyMap<string, number>): Row[] {
  const column = columnOf(columns, filter.attributes.column);
  switch (filter.type) {
    case 'static_value': {
      const value = filter.attributes.value;
      if (column === null || value === undefined) return rows;
      const keep = keeps(filter);
      return rows.filter((row) => (row[column] === value) === keep);
    }
    case 'unique_value': {
      if (column === null) return rows;
      const seen = new Set<string>();
      return rows.filter((row) => {
        const value = row[column] ?? '';
        if (seen.has(value)) return false;
        seen.add(value);
        return true;
      });
    }
    case 'multiple_splitter': {
      const separator = filter.attributes.separator ?? ',';
      const split = (filter.attributes.column ?? '').split(',').map((spec) => columnOf(columns, spec.trim()));
      if (split.some((index) => index === null)) return rows;
      return rows.flatMap((row) => (split as number[]).flatMap((index) => (row[index] ?? '').split(separator).map((part) => [...row.slice(0, index), part, ...row.slice(index + 1)])));
    }
    case 'add_value': {
      const value = filter.attributes.value;
      if (value === undefined) return rows;
      const valueIndex = columns.get('value') ?? 0;
      const nameIndex = columns.get('name') ?? valueIndex;
      const added = Array.from({ length: Math.max(valueIndex, nameIndex) + 1 }, () => '');
      added[valueIndex] = value;
      added[nameIndex] = filter.attributes.name ?? value;
      const at = filter.attributes.index;
      const result = [...rows];
      if (at !== undefined && /^\s*-?\d+\s*$/.test(at)) result.splice(Number(at), 0, added);
      else result.push(added);
      return result;
    }
    case 'remove_value': {
      const value = filter.attributes.value;
      const valueIndex = columns.get('value');
      if (value === undefined || valueIndex === undefined) return rows;
      return rows.filter((row) => row[valueIndex] !== value);
    }
    case 'sort_by': {
      if (column === null) return rows;
      // A stable sort by the column's text (the platform's insertion sort keeps equal rows in order).
      return [...rows].sort((a, b) => ((a[column] ?? '') < (b[column] ?? '') ? -1 : (a[column] ?? '') > (b[column] ?? '') ? 1 : 0));
    }
    default:
      return rows;
  }
}

export function dataTableOptions(spec: DynamicOptionsSpec, table: DataTableRows): SelectOption[] {
  const columns = optionColumns(spec, table);
  const valueIndex = columns.get('value');
  if (valueIndex === undefined) return [];
  const nameIndex = columns.get('name') ?? valueIndex;
  let rows: Row[] = [...table.rows];
  for (const filter of spec.filters) rows = applyFilter(rows, filter, columns);
  // Options from data tables start unselected (a fresh form selects the first).
  return rows
    .filter((row) => row[valueIndex] !== undefined)
    .map((row) => ({ label: row[nameIndex] ?? row[valueIndex]!, value: row[valueIndex]!, selected: false }));
}
