// <Chart>: an ECharts chart sized by its parent. Loaded lazily by the panels so echarts stays out of the first
// download. A chart that cannot start (no layout engine, e.g. tests) leaves its accessible summary in place.
import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import { createChart, type ChartInstance, type ChartOption } from './echarts.ts';

export interface ChartProps {
  option: ChartOption;
  /** CSS height of the chart, e.g. 200 or '100%'. */
  height: number | string;
  /** CSS width; the parent's width unless given. */
  width?: number | string;
  /** Accessible name of the chart image. */
  label: string;
}

/** An ECharts chart. */
export default function Chart({ option, height, width = '100%', label }: ChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<ChartInstance | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    try {
      chart.current = createChart(element);
    } catch {
      chart.current = null;
      return;
    }
    const observer =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => chart.current?.resize());
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    try {
      chart.current?.setOption(option, { notMerge: true });
    } catch {
      // a chart that cannot draw here keeps its summary; the data is also in the panel's text
    }
  }, [option]);

  return <Box ref={ref} role="img" aria-label={label} sx={{ height, width }} />;
}
