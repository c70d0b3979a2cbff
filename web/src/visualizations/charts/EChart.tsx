import { BarChart, BoxplotChart, LineChart, ScatterChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { chartOption } from './chart-option';
import type { Plotted } from './plotted-data';

// Only what the five kinds draw with: the chunk stays small, and it loads only with a chart.
use([BarChart, LineChart, ScatterChart, BoxplotChart, GridComponent, TooltipComponent, CanvasRenderer]);

/**
 * A chart drawn by ECharts on a canvas (no HTML, no inline style in markup), named for assistive
 * technology by `label`; it follows its box's size. Loaded on demand (React.lazy).
 */
export default function EChart({ plotted, label }: { plotted: Plotted; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const chart = init(element, undefined, { renderer: 'canvas' });
    chart.setOption(chartOption(plotted));
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [plotted]);
  return <div ref={box} className="chart-canvas" role="img" aria-label={label} data-chart-kind={plotted.kind} />;
}
