/** The kinds of chart the builder draws, in the order it offers them. */
export const CHART_KINDS = ['bar', 'line', 'scatter', 'histogram', 'boxplot'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];

/** How a bar chart sums up the rows of one category. */
export const AGGREGATES = ['sum', 'mean', 'count'] as const;
export type Aggregate = (typeof AGGREGATES)[number];

/** Column numbers (1-based, as the platform counts them) a chart plots, by their role. */
export interface ChartColumns {
  /** Bar, line, scatter: the X column. */
  x?: number;
  /** Bar, line, scatter: the Y column (numbers). */
  y?: number;
  /** Histogram, box plot: the values (numbers). */
  value?: number;
  /** Box plot: one box per value of this column (none: one box). */
  group?: number;
}

export interface ChartOptions {
  /** Histogram: how many bins. */
  bins?: number;
  /** Bar: how the rows of a category are summed up. */
  aggregate?: Aggregate;
}

/** A chart visualization's configuration (the contract's `config` of its revision). */
export interface ChartConfig {
  dataset_id: string;
  kind: ChartKind;
  columns: ChartColumns;
  options: ChartOptions;
}

export const KIND_LABELS: Record<ChartKind, string> = { bar: 'Bar', line: 'Line', scatter: 'Scatter', histogram: 'Histogram', boxplot: 'Box plot' };

/** What a chart of each kind is called in a sentence (its accessible name). */
export const KIND_NOUNS: Record<ChartKind, string> = { bar: 'bar chart', line: 'line chart', scatter: 'scatter plot', histogram: 'histogram', boxplot: 'box plot' };

/** The visualization type a chart is saved as (`chart_bar`, …). */
export const chartType = (kind: ChartKind): string => `chart_${kind}`;

export const isChartType = (type: string): boolean => CHART_KINDS.some((kind) => chartType(kind) === type);

export const DEFAULT_BINS = 20;
export const MAX_BINS = 200;

const columnNumber = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : undefined);

/** The columns a kind reads, in the order the graph is asked for them. */
export function columnsRead(config: Pick<ChartConfig, 'kind' | 'columns'>): number[] {
  const { kind, columns } = config;
  const wanted = kind === 'histogram' ? [columns.value] : kind === 'boxplot' ? [columns.value, columns.group] : [columns.x, columns.y];
  return wanted.filter((column): column is number => column !== undefined);
}

/** Whether the configuration names every column its kind needs. */
export function isComplete(config: Pick<ChartConfig, 'kind' | 'columns'>): boolean {
  const { kind, columns } = config;
  if (kind === 'histogram' || kind === 'boxplot') return columns.value !== undefined;
  return columns.x !== undefined && columns.y !== undefined;
}

/** A saved configuration read back as a chart's, or null when it is not one (a visualization of another kind). */
export function parseChartConfig(config: unknown): ChartConfig | null {
  if (typeof config !== 'object' || config === null) return null;
  const raw = config as Record<string, unknown>;
  const kind = CHART_KINDS.find((candidate) => candidate === raw.kind);
  if (typeof raw.dataset_id !== 'string' || !kind) return null;
  const columns = (typeof raw.columns === 'object' && raw.columns !== null ? raw.columns : {}) as Record<string, unknown>;
  const options = (typeof raw.options === 'object' && raw.options !== null ? raw.options : {}) as Record<string, unknown>;
  const bins = columnNumber(options.bins);
  const aggregate = AGGREGATES.find((candidate) => candidate === options.aggregate);
  return {
    dataset_id: raw.dataset_id,
    kind,
    columns: { x: columnNumber(columns.x), y: columnNumber(columns.y), value: columnNumber(columns.value), group: columnNumber(columns.group) },
    options: { bins: bins === undefined ? undefined : Math.min(bins, MAX_BINS), aggregate },
  };
}

/** The configuration as saved: only the columns and options its kind uses. */
export function savedConfig(config: ChartConfig): ChartConfig {
  const { kind, columns, options } = config;
  const kept: ChartColumns =
    kind === 'histogram' ? { value: columns.value } : kind === 'boxplot' ? { value: columns.value, ...(columns.group ? { group: columns.group } : {}) } : { x: columns.x, y: columns.y };
  const keptOptions: ChartOptions = kind === 'histogram' ? { bins: options.bins ?? DEFAULT_BINS } : kind === 'bar' ? { aggregate: options.aggregate ?? 'sum' } : {};
  return { dataset_id: config.dataset_id, kind, columns: kept, options: keptOptions };
}
