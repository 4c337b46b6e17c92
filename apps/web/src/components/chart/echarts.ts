// The one module that imports echarts (STYLE.md 'Lint the boundaries'): tree-shaken from echarts/core with only
// what the app draws (line charts with a grid, tooltip and mark lines) and the SVG renderer. Add a chart type or
// component here, and to ChartOption, when a screen needs it.
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ComposeOption } from 'echarts/core';
import type { LineSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  MarkLineComponentOption,
  TooltipComponentOption,
} from 'echarts/components';

echarts.use([LineChart, GridComponent, TooltipComponent, MarkLineComponent, SVGRenderer]);

/** The option type of every chart the app draws. */
export type ChartOption = ComposeOption<
  LineSeriesOption | GridComponentOption | TooltipComponentOption | MarkLineComponentOption
>;

/** A chart instance. */
export type ChartInstance = echarts.ECharts;

/** Creates a chart in the element with the SVG renderer (crisp at any zoom, and it runs without a canvas). */
export function createChart(element: HTMLElement): ChartInstance {
  return echarts.init(element, undefined, { renderer: 'svg' });
}
