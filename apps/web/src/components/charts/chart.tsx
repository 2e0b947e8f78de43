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

export function Chart(props: ChartProps) {
  const height = props.height ?? 220;
  return (
    <Suspense
      fallback={
        <div style={{ minHeight: height }}>
          <PageLoader label="Loading chart…" />
        </div>
      }
    >
      <BarChart {...props} />
    </Suspense>
  );
}
