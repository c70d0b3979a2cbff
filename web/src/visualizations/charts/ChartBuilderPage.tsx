import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation } from 'urql';
import { useViewer } from '../../account/viewer';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Page } from '../../ui/Page';
import { CreateVisualizationMutation } from '../visualization-documents';
import { type ChartConfig, chartType, savedConfig } from './chart-config';
import { defaultColumns } from './chart-columns';
import { ChartForm } from './ChartForm';
import { ChartView } from './ChartView';
import { notChartable, useChartDataset } from './useChartDataset';

/** The genome build a visualization keeps: the dataset's, unless unknown ('?'). */
export const dbkeyOf = (genomeBuild: string | null | undefined): string | undefined => (genomeBuild && genomeBuild !== '?' ? genomeBuild : undefined);

/**
 * `/visualizations/new?dataset=<id>` (the history panel's "Visualize"): a chart of a tabular
 * dataset's columns, drawn as it is built, saved as a visualization (`chart_<kind>`, its title, the
 * dataset's genome build, a configuration naming the dataset, the kind, the columns and options).
 */
export function ChartBuilderPage() {
  const [params] = useSearchParams();
  const datasetId = params.get('dataset') ?? '';
  const { dataset, choices, columnName, error } = useChartDataset(datasetId);
  const [config, setConfig] = useState<ChartConfig | null>(null);
  const [title, setTitle] = useState('');
  const [saved, create] = useMutation(CreateVisualizationMutation);
  const navigate = useNavigate();
  const { viewer } = useViewer();
  useEffect(() => {
    if (!dataset || choices.length === 0) return;
    setConfig({ dataset_id: dataset.id, kind: 'bar', columns: defaultColumns('bar', choices), options: {} });
    setTitle((current) => current || dataset.name);
  }, [dataset, choices]);
  if (!datasetId) return <Page title="New chart"><p>Open a tabular dataset's "Visualize" in the history panel to chart it.</p></Page>;
  if (error && !dataset) return <Page title="New chart"><ErrorMessage error={error} what="Could not open the dataset" /></Page>;
  if (!dataset) return <Page title="New chart"><p role="status">Loading…</p></Page>;
  const problem = notChartable(dataset, choices);
  const save = async () => {
    if (!config) return;
    const chart = savedConfig(config);
    const dbkey = dbkeyOf(dataset.genomeBuild);
    const outcome = await create({ input: { type: chartType(chart.kind), title: title.trim(), ...(dbkey ? { dbkey } : {}), config: { ...chart } } });
    const id = outcome.data?.createVisualization;
    if (id) navigate(`/visualizations/${id}`);
  };
  return (
    <Page title="New chart">
      <Breadcrumbs crumbs={[{ label: 'Visualizations', to: '/visualizations' }, { label: 'New chart' }]} />
      <p className="muted">
        Of <Link to={`/datasets/${dataset.id}`}>{`${dataset.hid}: ${dataset.name}`}</Link>
      </p>
      {problem ? (
        <p role="alert" className="error">{problem}</p>
      ) : (
        config && (
          <div className="chart-builder">
            <ChartForm config={config} title={title} choices={choices} onChange={setConfig} onTitle={setTitle} onSave={() => void save()} saving={saved.fetching} canSave={!viewer || Boolean(viewer.user)} footer={<ErrorMessage error={saved.error} what="Could not save the chart" />} />
            <ChartView config={config} title={title || dataset.name} columnName={columnName} />
          </div>
        )
      )}
    </Page>
  );
}
