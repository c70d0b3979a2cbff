import type { ResultOf } from '../../graphql';
import { type ChartConfig, type ChartKind, type ChartColumns } from './chart-config';
import type { ChartDatasetQuery } from './chart-documents';

export type ChartDataset = NonNullable<ResultOf<typeof ChartDatasetQuery>['dataset']>;

/** A dataset's column as the builder offers it. */
export interface ColumnChoice {
  number: number;
  name: string;
  numeric: boolean;
}

/** The dataset's columns by number, named by their names (else "Column n"), numeric when the metadata types them int or float (all when it types none). */
export function columnChoices(dataset: ChartDataset): ColumnChoice[] {
  const count = Math.max(dataset.columnCount ?? 0, dataset.columnNames?.length ?? 0);
  return Array.from({ length: count }, (_, index) => {
    const type = dataset.columnTypes?.[index];
    return { number: index + 1, name: dataset.columnNames?.[index] || `Column ${index + 1}`, numeric: !dataset.columnTypes || type === 'int' || type === 'float' };
  });
}

/** A column's name by its number, for axis names and labels. */
export const columnNamer = (choices: readonly ColumnChoice[]) => (column: number | undefined) =>
  column === undefined ? '' : (choices[column - 1]?.name ?? `Column ${column}`);

/** The columns a new chart of a kind starts with: the first text column for categories, the first numbers for values. */
export function defaultColumns(kind: ChartKind, choices: readonly ColumnChoice[]): ChartColumns {
  const numbers = choices.filter((choice) => choice.numeric);
  const text = choices.find((choice) => !choice.numeric);
  const first = numbers[0]?.number;
  const second = numbers[1]?.number ?? first;
  switch (kind) {
    case 'bar':
      return { x: text?.number ?? choices[0]?.number, y: numbers.find((choice) => choice.number !== (text?.number ?? choices[0]?.number))?.number ?? first };
    case 'line':
    case 'scatter':
      return { x: first, y: second };
    case 'histogram':
      return { value: first };
    case 'boxplot':
      return { value: first, group: text?.number };
  }
}

/** A new kind keeps the columns chosen where the kind has the same roles, and takes defaults for the others. */
export function withKind(config: ChartConfig, kind: ChartKind, choices: readonly ColumnChoice[]): ChartConfig {
  const defaults = defaultColumns(kind, choices);
  const { columns } = config;
  const kept: ChartColumns =
    kind === 'histogram' || kind === 'boxplot'
      ? { value: columns.value ?? columns.y ?? defaults.value, group: kind === 'boxplot' ? (columns.group ?? defaults.group) : undefined }
      : { x: columns.x ?? defaults.x, y: columns.y ?? columns.value ?? defaults.y };
  return { ...config, kind, columns: kept };
}
