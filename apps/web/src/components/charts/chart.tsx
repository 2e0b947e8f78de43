/**
 * The bar chart as pages use it: <BarChart> (./bar-chart.tsx, uPlot) loaded on first use as its own chunk,
 * with the chart's height kept while it loads so the page does not jump. Import this file, never
 * ./bar-chart (that would pull uPlot into the importing chunk).
 */
import { lazy, Suspense } from 'react';
import { PageLoader } from '../page-loader';
import type { BarChartProps } from './bar-chart';

const BarChart = lazy(() => import('./bar-chart'));

export type ChartProps = BarChartProps;

/**
 * While the chunk loads: the chart's height, and "Loading chart…" for the eye only (screen readers already
 * have the page's table of the same numbers; a second live region would only talk over the page's own).
 */
export function ChartLoading({ height }: { height: number }) {
  return (
    <div style={{ minHeight: height }} aria-hidden="true">
      <PageLoader label="Loading chart…" />
    </div>
  );
}

export function Chart(props: ChartProps) {
  return (
    <Suspense fallback={<ChartLoading height={props.height ?? 220} />}>
      <BarChart {...props} />
    </Suspense>
  );
}
