import { useCallback, useMemo } from 'react';
import { useQuery } from 'urql';
import { ChartDatasetQuery } from './chart-documents';
import { type ChartDataset, columnChoices, columnNamer, type ColumnChoice } from './chart-columns';

/** The dataset a chart plots, with its columns as the builder offers them and a stable namer of columns. */
export function useChartDataset(datasetId: string) {
  const [result] = useQuery({ query: ChartDatasetQuery, variables: { id: datasetId }, pause: datasetId === '' });
  const dataset: ChartDataset | undefined = result.data?.dataset ?? undefined;
  const choices: ColumnChoice[] = useMemo(() => (dataset ? columnChoices(dataset) : []), [dataset]);
  const namer = useMemo(() => columnNamer(choices), [choices]);
  const columnName = useCallback((column: number | undefined) => namer(column), [namer]);
  return { dataset, choices, columnName, error: result.error, fetching: result.fetching };
}

/** Why a dataset cannot be charted, or null. */
export function notChartable(dataset: ChartDataset, choices: readonly ColumnChoice[]): string | null {
  if (dataset.displayKind !== 'TABULAR') return `${dataset.name} is not tabular (its datatype is ${dataset.extension}): only tabular datasets can be charted.`;
  if (dataset.state !== 'ok') return `${dataset.name} is not ready (${dataset.state}).`;
  if (!choices.some((choice) => choice.numeric)) return `${dataset.name} has no numeric column to plot.`;
  return null;
}
