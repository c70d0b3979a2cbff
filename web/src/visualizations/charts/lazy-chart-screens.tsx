import { type ComponentProps, lazy, Suspense } from 'react';

// The builder, the chart and its data reading load with the first chart screen, not with the UI
// (ECharts itself is a chunk of its own, loaded when a chart is drawn).
const ChartBuilderPage = lazy(() => import('./ChartBuilderPage').then((module) => ({ default: module.ChartBuilderPage })));
const SavedChart = lazy(() => import('./SavedChart').then((module) => ({ default: module.SavedChart })));

const loading = <p role="status">Loading…</p>;

/** `/visualizations/new?dataset=<id>`, loaded on demand. */
export function LazyChartBuilderPage() {
  return (
    <Suspense fallback={loading}>
      <ChartBuilderPage />
    </Suspense>
  );
}

/** A saved chart on its visualization's screen, loaded on demand. */
export function LazySavedChart(props: ComponentProps<typeof SavedChart>) {
  return (
    <Suspense fallback={loading}>
      <SavedChart {...props} />
    </Suspense>
  );
}
