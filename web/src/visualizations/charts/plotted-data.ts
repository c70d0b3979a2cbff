import { type Aggregate, type ChartConfig, DEFAULT_BINS } from './chart-config';

/** A value of a chart row as the graph gives it. */
export type ChartValue = number | string | null;

/** What a chart draws, computed from the rows read: its series and the same values as a table. */
export type Plotted =
  | { kind: 'bar'; categories: string[]; values: number[]; xName: string; yName: string; table: PlottedTable }
  | { kind: 'line' | 'scatter'; points: Array<[number | string, number]>; categoryX: boolean; xName: string; yName: string; table: PlottedTable }
  | { kind: 'histogram'; bins: Array<{ from: number; to: number; count: number }>; xName: string; table: PlottedTable }
  | { kind: 'boxplot'; groups: Array<{ name: string; stats: [number, number, number, number, number]; count: number }>; xName: string; yName: string; table: PlottedTable };

/** The plotted values as rows of text, for the "Show data as table" view. */
export interface PlottedTable {
  headers: string[];
  rows: string[][];
}

const asNumber = (value: ChartValue): number | null => (typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : null);
const asText = (value: ChartValue): string | null => (value === null ? null : String(value));
const formatted = (value: number): string => (Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(6))));

function aggregated(values: number[], how: Aggregate): number {
  if (how === 'count') return values.length;
  const sum = values.reduce((total, value) => total + value, 0);
  return how === 'mean' ? sum / values.length : sum;
}

function barData(rows: ChartValue[][], how: Aggregate, xName: string, yName: string): Plotted {
  const byCategory = new Map<string, number[]>();
  for (const [x, y] of rows) {
    const category = asText(x);
    const value = asNumber(y);
    if (category === null || (value === null && how !== 'count')) continue;
    const values = byCategory.get(category) ?? [];
    values.push(value ?? 0);
    byCategory.set(category, values);
  }
  const categories = [...byCategory.keys()];
  if (categories.every((category) => Number.isFinite(Number(category)))) categories.sort((a, b) => Number(a) - Number(b));
  const values = categories.map((category) => aggregated(byCategory.get(category) ?? [], how));
  const label = `${how === 'count' ? 'Count' : how === 'mean' ? 'Mean' : 'Sum'} of ${yName}`;
  return { kind: 'bar', categories, values, xName, yName: label, table: { headers: [xName, label], rows: categories.map((category, index) => [category, formatted(values[index])]) } };
}

function pointData(kind: 'line' | 'scatter', rows: ChartValue[][], xName: string, yName: string): Plotted {
  const categoryX = kind === 'line' && rows.some(([x]) => typeof x === 'string');
  const points: Array<[number | string, number]> = [];
  for (const [x, y] of rows) {
    const value = asNumber(y);
    const position = categoryX ? asText(x) : asNumber(x);
    if (value !== null && position !== null) points.push([position, value]);
  }
  if (kind === 'line' && !categoryX) points.sort((a, b) => (a[0] as number) - (b[0] as number));
  return { kind, points, categoryX, xName, yName, table: { headers: [xName, yName], rows: points.map(([x, y]) => [typeof x === 'number' ? formatted(x) : x, formatted(y)]) } };
}

function histogramData(rows: ChartValue[][], binCount: number, xName: string): Plotted {
  const values = rows.map(([value]) => asNumber(value)).filter((value): value is number => value !== null);
  let min = Infinity;
  let max = -Infinity;
  for (const value of values) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  const bins: Array<{ from: number; to: number; count: number }> = [];
  if (values.length > 0) {
    const width = max > min ? (max - min) / binCount : 1;
    const count = max > min ? binCount : 1;
    for (let index = 0; index < count; index += 1) bins.push({ from: min + index * width, to: index === count - 1 ? Math.max(max, min + width) : min + (index + 1) * width, count: 0 });
    for (const value of values) bins[Math.min(count - 1, Math.floor((value - min) / width))].count += 1;
  }
  return { kind: 'histogram', bins, xName, table: { headers: [`${xName} from`, 'to', 'Count'], rows: bins.map((bin) => [formatted(bin.from), formatted(bin.to), String(bin.count)]) } };
}

function quantile(sorted: number[], fraction: number): number {
  const position = (sorted.length - 1) * fraction;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
}

function boxplotData(rows: ChartValue[][], grouped: boolean, yName: string, groupName: string): Plotted {
  const byGroup = new Map<string, number[]>();
  for (const [value, group] of rows) {
    const number = asNumber(value);
    const name = grouped ? asText(group) : yName;
    if (number === null || name === null) continue;
    const values = byGroup.get(name) ?? [];
    values.push(number);
    byGroup.set(name, values);
  }
  const groups = [...byGroup.entries()].map(([name, values]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const stats: [number, number, number, number, number] = [sorted[0], quantile(sorted, 0.25), quantile(sorted, 0.5), quantile(sorted, 0.75), sorted[sorted.length - 1]];
    return { name, stats, count: sorted.length };
  });
  const xName = grouped ? groupName : '';
  return {
    kind: 'boxplot',
    groups,
    xName,
    yName,
    table: { headers: [grouped ? groupName : 'Values', 'Minimum', 'First quartile', 'Median', 'Third quartile', 'Maximum', 'Rows'], rows: groups.map((group) => [group.name, ...group.stats.map(formatted), String(group.count)]) },
  };
}

/**
 * What the chart draws from the rows read (each row the values of `columnsRead(config)`, in order),
 * with `name` giving a column's name by its number.
 */
export function plottedData(config: ChartConfig, rows: ChartValue[][], name: (column: number | undefined) => string): Plotted {
  const { kind, columns, options } = config;
  if (kind === 'bar') return barData(rows, options.aggregate ?? 'sum', name(columns.x), name(columns.y));
  if (kind === 'line' || kind === 'scatter') return pointData(kind, rows, name(columns.x), name(columns.y));
  if (kind === 'histogram') return histogramData(rows, options.bins ?? DEFAULT_BINS, name(columns.value));
  return boxplotData(rows, columns.group !== undefined, name(columns.value), name(columns.group));
}
