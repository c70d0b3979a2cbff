import { useEffect, useState } from 'react';
import { type Client, type CombinedError, useClient } from 'urql';
import { CHART_PAGE_ROWS, ChartDataPageQuery } from './chart-documents';
import type { ChartValue } from './plotted-data';

export interface ChartRows {
  /** The rows read so far (all of them once `done`). */
  rows: ChartValue[][];
  /** The dataset's data rows, and how many the pages give (fewer when sampled). */
  totalRows: number | null;
  sampleSize: number | null;
  sampled: boolean;
  done: boolean;
  error: CombinedError | null;
}

const START: ChartRows = { rows: [], totalRows: null, sampleSize: null, sampled: false, done: false, error: null };

/** The rows read and the choice of columns they were read for. */
type Read = ChartRows & { key: string };

/** One page of chart data after the cursor (null: the first). */
const readPage = (client: Client, id: string, columns: number[], after: string | null) =>
  client.query(ChartDataPageQuery, { id, columns, first: CHART_PAGE_ROWS, after }, { requestPolicy: 'network-only' }).toPromise();

/**
 * The values of a dataset's chosen columns, read page after page through the graph (each page after
 * the previous one's cursor) until the last; a new choice of columns starts again and drops the
 * answers of the previous one.
 */
export function useChartRows(datasetId: string, columns: readonly number[]): ChartRows {
  const client = useClient();
  const [state, setState] = useState<Read>({ ...START, key: '' });
  const columnsKey = columns.join(',');
  const key = `${datasetId}|${columnsKey}`;
  useEffect(() => {
    let cancelled = false;
    setState({ ...START, key });
    if (columnsKey === '') return undefined;
    const wanted = columnsKey.split(',').map(Number);
    void (async () => {
      let after: string | null = null;
      let rows: ChartValue[][] = [];
      for (;;) {
        const result = await readPage(client, datasetId, wanted, after);
        if (cancelled) return;
        const page = result.data?.dataset.chartData;
        if (!page) {
          setState((current) => ({ ...current, done: true, error: result.error ?? null }));
          return;
        }
        rows = rows.concat(page.rows.map((row) => (row ?? []) as ChartValue[]));
        const done = !page.pageInfo.hasNextPage || !page.pageInfo.endCursor;
        setState({ rows, totalRows: page.totalRows, sampleSize: page.sampleSize, sampled: page.sampled, done, error: null, key });
        if (done) return;
        after = page.pageInfo.endCursor ?? null;
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [client, datasetId, columnsKey, key]);
  // Until the effect starts on a new choice, the rows read are another choice's.
  return state.key === key ? state : START;
}
