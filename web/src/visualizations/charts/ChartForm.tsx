import { type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AGGREGATES, type Aggregate, CHART_KINDS, type ChartColumns, type ChartConfig, DEFAULT_BINS, KIND_LABELS, MAX_BINS } from './chart-config';
import { type ColumnChoice, withKind } from './chart-columns';

interface ChartFormProps {
  config: ChartConfig;
  title: string;
  choices: readonly ColumnChoice[];
  onChange: (config: ChartConfig) => void;
  onTitle: (title: string) => void;
  onSave: () => void;
  saving: boolean;
  /** Whether the viewer may save (signed in); a visitor is told to sign in instead. */
  canSave?: boolean;
  /** Under the Save button: the outcome of the last save. */
  footer?: ReactNode;
}

const AGGREGATE_LABELS: Record<Aggregate, string> = { sum: 'Sum', mean: 'Mean', count: 'Count' };

/** A select of the dataset's columns (only numeric ones for values), by number. */
function ColumnSelect({ label, value, choices, numericOnly, optional, onChange }: { label: string; value: number | undefined; choices: readonly ColumnChoice[]; numericOnly?: boolean; optional?: boolean; onChange: (column: number | undefined) => void }) {
  const offered = numericOnly ? choices.filter((choice) => choice.numeric) : choices;
  return (
    <label>
      {label}
      <select value={value ?? ''} onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}>
        {(optional || value === undefined) && <option value="">{optional ? '(none)' : 'Choose a column'}</option>}
        {offered.map((choice) => (
          <option key={choice.number} value={choice.number}>
            {choice.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The builder's controls: the chart type, its columns and options, a title, and Save. */
export function ChartForm({ config, title, choices, onChange, onTitle, onSave, saving, canSave = true, footer }: ChartFormProps) {
  const setColumns = (columns: Partial<ChartColumns>) => onChange({ ...config, columns: { ...config.columns, ...columns } });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  const { kind, columns, options } = config;
  return (
    <form className="chart-form" aria-label="Chart settings" onSubmit={submit}>
      <label>
        Title
        <input required value={title} onChange={(event) => onTitle(event.target.value)} />
      </label>
      <fieldset>
        <legend>Chart type</legend>
        {CHART_KINDS.map((candidate) => (
          <label key={candidate}>
            <input type="radio" name="chart-kind" value={candidate} checked={kind === candidate} onChange={() => onChange(withKind(config, candidate, choices))} />
            {KIND_LABELS[candidate]}
          </label>
        ))}
      </fieldset>
      {(kind === 'bar' || kind === 'line' || kind === 'scatter') && (
        <>
          <ColumnSelect label="X column" value={columns.x} choices={choices} numericOnly={kind === 'scatter'} onChange={(x) => setColumns({ x })} />
          <ColumnSelect label="Y column" value={columns.y} choices={choices} numericOnly onChange={(y) => setColumns({ y })} />
        </>
      )}
      {(kind === 'histogram' || kind === 'boxplot') && <ColumnSelect label="Values column" value={columns.value} choices={choices} numericOnly onChange={(value) => setColumns({ value })} />}
      {kind === 'boxplot' && <ColumnSelect label="Group by column" value={columns.group} choices={choices} optional onChange={(group) => setColumns({ group })} />}
      {kind === 'histogram' && (
        <label>
          Bins
          <input
            type="number"
            min={1}
            max={MAX_BINS}
            value={options.bins ?? DEFAULT_BINS}
            onChange={(event) => {
              const bins = Number(event.target.value);
              if (Number.isInteger(bins) && bins >= 1 && bins <= MAX_BINS) onChange({ ...config, options: { ...options, bins } });
            }}
          />
        </label>
      )}
      {kind === 'bar' && (
        <label>
          Combine the rows of a category by
          <select value={options.aggregate ?? 'sum'} onChange={(event) => onChange({ ...config, options: { ...options, aggregate: event.target.value as Aggregate } })}>
            {AGGREGATES.map((aggregate) => (
              <option key={aggregate} value={aggregate}>
                {AGGREGATE_LABELS[aggregate]}
              </option>
            ))}
          </select>
        </label>
      )}
      {canSave ? (
        <div>
          <button type="submit" disabled={saving}>
            Save
          </button>
        </div>
      ) : (
        <p>
          <Link to="/login">Sign in</Link> to save the chart.
        </p>
      )}
      {footer}
    </form>
  );
}
