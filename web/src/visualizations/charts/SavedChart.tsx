import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { UpdateVisualizationMutation } from '../visualization-documents';
import { type ChartConfig, savedConfig } from './chart-config';
import { ChartForm } from './ChartForm';
import { ChartView } from './ChartView';
import { dbkeyOf } from './ChartBuilderPage';
import { useChartDataset } from './useChartDataset';

interface SavedChartProps {
  visualizationId: string;
  title: string;
  config: ChartConfig;
  /** Whether the viewer may change it (its owner): the builder's controls beside it, saved as a new revision. */
  editable: boolean;
  onSaved: () => void;
}

/** A saved chart drawn again from its configuration; its owner edits it and saves a new revision. */
export function SavedChart({ visualizationId, title, config: saved, editable, onSaved }: SavedChartProps) {
  const { dataset, choices, columnName, error } = useChartDataset(saved.dataset_id);
  const [config, setConfig] = useState<ChartConfig>(saved);
  const [draftTitle, setDraftTitle] = useState(title);
  const [outcome, update] = useMutation(UpdateVisualizationMutation);
  const [message, setMessage] = useState<string | null>(null);
  if (error && !dataset) return <ErrorMessage error={error} what="Could not open the chart's dataset" />;
  if (!dataset) return <p role="status">Loading…</p>;
  const source = (
    <p className="muted">
      Of <Link to={`/datasets/${dataset.id}`}>{`${dataset.hid}: ${dataset.name}`}</Link>
    </p>
  );
  if (!editable) {
    return (
      <>
        {source}
        <ChartView config={saved} title={title} columnName={columnName} />
      </>
    );
  }
  const save = async () => {
    setMessage(null);
    const dbkey = dbkeyOf(dataset.genomeBuild);
    const result = await update({ id: visualizationId, input: { title: draftTitle.trim(), ...(dbkey ? { dbkey } : {}), config: { ...savedConfig(config) } } });
    if (result.error) return;
    setMessage(result.data?.updateVisualization ? 'Saved as a new revision.' : 'Nothing changed since the last revision.');
    onSaved();
  };
  return (
    <>
      {source}
      <div className="chart-builder">
        <ChartForm
          config={config}
          title={draftTitle}
          choices={choices}
          onChange={setConfig}
          onTitle={setDraftTitle}
          onSave={() => void save()}
          saving={outcome.fetching}
          footer={
            <>
              {message && <p role="status">{message}</p>}
              <ErrorMessage error={outcome.error} what="Could not save the chart" />
            </>
          }
        />
        <ChartView config={config} title={draftTitle || title} columnName={columnName} />
      </div>
    </>
  );
}
