/**
 * A chart whose code (uPlot and Chart.tsx) loads in a chunk of its own the first time one is
 * shown: the pages around it draw their figures and tables without waiting for it. Until it has
 * loaded, a box of the chart's height keeps the layout still.
 */
import { lazy, Suspense } from 'react';
import type { ChartProps } from './Chart.tsx';
import './charts.css';

const Chart = lazy(async () => ({ default: (await import('./Chart.tsx')).Chart }));

export function LazyChart(props: ChartProps) {
  return (
    <Suspense fallback={<div className="chart chart--loading" data-testid={props.testId} aria-busy="true" />}>
      <Chart {...props} />
    </Suspense>
  );
}
