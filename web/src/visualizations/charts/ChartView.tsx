import { lazy, Suspense, useMemo, useState } from 'react';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { type ChartConfig, columnsRead, isComplete, KIND_NOUNS } from './chart-config';
import { plottedData } from './plotted-data';
import { PlottedTableView } from './PlottedTableView';
import { useChartRows } from './useChartRows';
import './charts.css';

// ECharts loads with the first chart, not with the UI.
const EChart = lazy(() => import('./EChart'));

const count = (value: number) => value.toLocaleString('en-US');

/**
 * A chart of a dataset's columns: the rows read page by page (a notice says when they are a sample),
 * drawn once all are read, with an accessible name and its plotted values as a table on demand.
 */
export function ChartView({ config, title, columnName }: { config: ChartConfig; title: string; columnName: (column: number | undefined) => string }) {
  const complete = isComplete(config);
  const read = useChartRows(config.dataset_id, complete ? columnsRead(config) : []);
  const [showTable, setShowTable] = useState(false);
  const plotted = useMemo(() => (read.done && !read.error ? plottedData(config, read.rows, columnName) : null), [read, config, columnName]);
  if (!complete) return <p className="muted">Choose the columns to plot.</p>;
  if (read.error) return <ErrorMessage error={read.error} what="Could not read the dataset's rows" />;
  const label = `${title}: ${KIND_NOUNS[config.kind]} of ${describe(config, columnName)}`;
  return (
    <figure className="chart" aria-label={title}>
      {read.sampled && read.sampleSize !== null && read.totalRows !== null && (
        <p className="chart-sampled" role="note">
          Showing a sample of {count(read.sampleSize)} of {count(read.totalRows)} rows
        </p>
      )}
      {!plotted ? (
        <p role="status" className="chart-loading">
          Reading rows… {read.sampleSize !== null ? `${count(read.rows.length)} of ${count(read.sampleSize)}` : ''}
        </p>
      ) : (
        <>
          <Suspense fallback={<p role="status" className="chart-loading">Loading the chart…</p>}>
            <EChart plotted={plotted} label={label} />
          </Suspense>
          <figcaption className="muted">
            {label} ({count(read.rows.length)} rows{read.sampled ? ', sampled' : ''})
          </figcaption>
          <button type="button" aria-expanded={showTable} onClick={() => setShowTable((shown) => !shown)}>
            {showTable ? 'Hide data table' : 'Show data as table'}
          </button>
          {showTable && <PlottedTableView table={plotted.table} caption={`Values plotted in ${title}`} />}
        </>
      )}
    </figure>
  );
}

function describe(config: ChartConfig, name: (column: number | undefined) => string): string {
  const { kind, columns } = config;
  if (kind === 'histogram') return name(columns.value);
  if (kind === 'boxplot') return columns.group ? `${name(columns.value)} by ${name(columns.group)}` : name(columns.value);
  return `${name(columns.y)} by ${name(columns.x)}`;
}
