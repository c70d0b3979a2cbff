import type { EChartsCoreOption } from 'echarts/core';
import type { Plotted } from './plotted-data';

const COLOR = '#2c6fbb';

/** Tooltips drawn on the canvas (`richText`): HTML tooltips would write style attributes, which the UI's policy forbids. */
const tooltip = (trigger: 'axis' | 'item') => ({ trigger, renderMode: 'richText', confine: true });

// Room below the axis labels for the X axis's name (containLabel keeps the labels only).
const grid = { left: 16, right: 24, top: 32, bottom: 36, containLabel: true };

// A name at the top of the value axis starts at the axis (centred on it, its start would be cut off at the left edge).
const axisName = (name: string, location: 'middle' | 'end' = 'middle') => ({
  name,
  nameLocation: location,
  nameGap: location === 'middle' ? 30 : 12,
  ...(location === 'end' ? { nameTextStyle: { align: 'left' as const } } : {}),
});

/**
 * The ECharts option that draws what was computed: no animation (the chart is there at once), no
 * HTML anywhere (canvas tooltips), the axes named after the columns.
 */
export function chartOption(plotted: Plotted): EChartsCoreOption {
  const base = { animation: false, color: [COLOR], grid };
  switch (plotted.kind) {
    case 'bar':
      return {
        ...base,
        tooltip: tooltip('axis'),
        xAxis: { type: 'category', data: plotted.categories, ...axisName(plotted.xName) },
        yAxis: { type: 'value', ...axisName(plotted.yName, 'end') },
        series: [{ type: 'bar', name: plotted.yName, data: plotted.values, large: true }],
      };
    case 'line':
    case 'scatter':
      return {
        ...base,
        tooltip: tooltip(plotted.kind === 'line' ? 'axis' : 'item'),
        xAxis: { type: plotted.categoryX ? 'category' : 'value', scale: true, ...axisName(plotted.xName) },
        yAxis: { type: 'value', scale: true, ...axisName(plotted.yName, 'end') },
        series: [
          plotted.kind === 'line'
            ? { type: 'line', name: plotted.yName, data: plotted.points, showSymbol: plotted.points.length <= 200, sampling: 'lttb' }
            : { type: 'scatter', name: plotted.yName, data: plotted.points, symbolSize: plotted.points.length > 2000 ? 3 : 6, large: true, largeThreshold: 2000 },
        ],
      };
    case 'histogram':
      return {
        ...base,
        tooltip: tooltip('axis'),
        xAxis: { type: 'category', data: plotted.bins.map((bin) => `${bin.from.toPrecision(3)}–${bin.to.toPrecision(3)}`), ...axisName(plotted.xName) },
        yAxis: { type: 'value', ...axisName('Rows', 'end') },
        series: [{ type: 'bar', name: 'Rows', data: plotted.bins.map((bin) => bin.count), barCategoryGap: '4%' }],
      };
    case 'boxplot':
      return {
        ...base,
        tooltip: tooltip('item'),
        xAxis: { type: 'category', data: plotted.groups.map((group) => group.name), ...axisName(plotted.xName) },
        yAxis: { type: 'value', scale: true, ...axisName(plotted.yName, 'end') },
        series: [{ type: 'boxplot', name: plotted.yName, data: plotted.groups.map((group) => group.stats), itemStyle: { color: '#dbe9f7', borderColor: COLOR } }],
      };
  }
}
