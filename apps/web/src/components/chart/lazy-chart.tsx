// The chart, loaded on first use so echarts is a separate chunk.
import { lazy, Suspense } from 'react';
import Skeleton from '@mui/material/Skeleton';
import type { ChartProps } from './chart.tsx';

const Chart = lazy(() => import('./chart.tsx'));

/** A lazily loaded <Chart> with a skeleton of its size while it loads. */
export function LazyChart(props: ChartProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={props.height} width={props.width ?? '100%'} />}>
      <Chart {...props} />
    </Suspense>
  );
}

export type { ChartProps };
export type { ChartOption } from './echarts.ts';
