import { columnsRead, parseChartConfig, savedConfig, type ChartConfig } from '../../../web/src/visualizations/charts/chart-config';
import { plottedData, type ChartValue } from '../../../web/src/visualizations/charts/plotted-data';

/** What a chart draws from the rows of its columns (issue 34, item 6), and its saved configuration. */
const names: Record<number, string> = { 1: 'gene', 2: 'count', 3: 'group' };
const name = (column: number | undefined) => (column === undefined ? '' : names[column]);
const config = (kind: ChartConfig['kind'], columns: ChartConfig['columns'], options: ChartConfig['options'] = {}): ChartConfig => ({ dataset_id: 'd1', kind, columns, options });

describe('a bar chart', () => {
  const rows: ChartValue[][] = [
    ['b', 2],
    ['a', 1],
    ['b', 4],
    ['a', null],
  ];
  it('sums (or averages, or counts) the rows of each category, in the order they come; numeric categories in order', () => {
    expect(plottedData(config('bar', { x: 1, y: 2 }), rows, name)).toEqual(expect.objectContaining({ categories: ['b', 'a'], values: [6, 1], yName: 'Sum of count' }));
    expect(plottedData(config('bar', { x: 1, y: 2 }, { aggregate: 'mean' }), rows, name)).toEqual(expect.objectContaining({ values: [3, 1] }));
    expect(plottedData(config('bar', { x: 1, y: 2 }, { aggregate: 'count' }), rows, name)).toEqual(expect.objectContaining({ values: [2, 2] }));
    expect(plottedData(config('bar', { x: 2, y: 2 }), [[10, 1], [2, 1]], name)).toEqual(expect.objectContaining({ categories: ['2', '10'] }));
  });
});

describe('a line or scatter chart', () => {
  it('keeps the points with both values, a line sorted by X', () => {
    const plotted = plottedData(config('line', { x: 2, y: 2 }), [[3, 1], [null, 2], [1, 5]], name);
    expect(plotted).toEqual(expect.objectContaining({ points: [[1, 5], [3, 1]], categoryX: false }));
    expect(plotted.table.rows).toEqual([['1', '5'], ['3', '1']]);
  });
});

describe('a histogram', () => {
  it('counts the values in equal bins from the smallest to the largest, the largest in the last bin', () => {
    const plotted = plottedData(config('histogram', { value: 2 }, { bins: 4 }), [[0], [1], [2], [3], [4], [4], ['x']], name);
    expect(plotted.kind === 'histogram' && plotted.bins.map((bin) => [bin.from, bin.to, bin.count])).toEqual([
      [0, 1, 1],
      [1, 2, 1],
      [2, 3, 1],
      [3, 4, 3],
    ]);
  });

  it('puts equal values in one bin', () => {
    const plotted = plottedData(config('histogram', { value: 2 }), [[5], [5]], name);
    expect(plotted.kind === 'histogram' && plotted.bins).toEqual([{ from: 5, to: 6, count: 2 }]);
  });
});

describe('a box plot', () => {
  it('gives the minimum, quartiles, median and maximum of each group', () => {
    const rows: ChartValue[][] = [1, 2, 3, 4, 5].map((value) => [value, 'g']);
    const plotted = plottedData(config('boxplot', { value: 2, group: 3 }), [...rows, [100, 'h']], name);
    expect(plotted.kind === 'boxplot' && plotted.groups).toEqual([
      { name: 'g', stats: [1, 2, 3, 4, 5], count: 5 },
      { name: 'h', stats: [100, 100, 100, 100, 100], count: 1 },
    ]);
  });
});

describe("a chart's saved configuration", () => {
  it('keeps only what its kind uses, and is read back as it was saved', () => {
    const saved = savedConfig(config('histogram', { x: 1, y: 2, value: 2 }, { aggregate: 'mean' }));
    expect(saved).toEqual({ dataset_id: 'd1', kind: 'histogram', columns: { value: 2 }, options: { bins: 20 } });
    expect(parseChartConfig(JSON.parse(JSON.stringify(saved)))).toEqual({ ...saved, columns: { value: 2, x: undefined, y: undefined, group: undefined }, options: { bins: 20, aggregate: undefined } });
    expect(columnsRead(saved)).toEqual([2]);
  });

  it('is not a chart without a dataset or a known kind', () => {
    expect(parseChartConfig({ view: {} })).toBeNull();
    expect(parseChartConfig({ dataset_id: 'd1', kind: 'pie' })).toBeNull();
  });
});
