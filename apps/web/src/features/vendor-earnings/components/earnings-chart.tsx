/**
 * The earnings bar chart, drawn by uPlot (ADR 0036: about 20 kB gzip, canvas, no
 * dependencies). This file is loaded on demand by the Earnings page, so uPlot never reaches the landing
 * page's first bundle. The chart is a picture for sighted users (aria-hidden); the same numbers are in
 * the table beside it for screen readers.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface EarningsChartProps {
  labels: string[];
  /** Dollars per bar. */
  values: number[];
  height?: number;
}

const BRAND = '#1d5ce0';

/** Whether this browser draws on a canvas (jsdom does not). */
function canDraw(): boolean {
  try {
    return typeof window !== 'undefined' && !!document.createElement('canvas').getContext('2d');
  } catch {
    return false;
  }
}

const dollarsTick = (v: number) => (v >= 1000 ? `$${Math.round(v / 100) / 10}k` : `$${Math.round(v)}`);

export default function EarningsChart({ labels, values, height = 220 }: EarningsChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el || !canDraw()) return;
    const xs = labels.map((_, i) => i);
    const narrow = () => el.clientWidth < 480;
    const plot = new uPlot(
      {
        width: Math.max(el.clientWidth, 240),
        height,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          x: { time: false, range: [-0.5, labels.length - 0.5] },
          y: { range: (_u, _min, max) => [0, Math.max(max, 10) * 1.1] },
        },
        axes: [
          {
            stroke: '#4a5568',
            grid: { show: false },
            ticks: { show: false },
            // Every label on a wide screen, every third on a phone (the latest always), so they never overlap.
            values: (_u, splits) =>
              splits.map((i) =>
                Number.isInteger(i) && (!narrow() || (labels.length - 1 - i) % 3 === 0)
                  ? (labels[i] ?? '')
                  : '',
              ),
            splits: () => xs,
            font: '12px Inter, system-ui, sans-serif',
          },
          {
            stroke: '#4a5568',
            grid: { stroke: '#e2e8f0', width: 1 },
            values: (_u, splits) => splits.map(dollarsTick),
            size: 56,
            font: '12px Inter, system-ui, sans-serif',
          },
        ],
        series: [
          {},
          {
            label: 'Payout',
            stroke: BRAND,
            fill: 'rgba(29, 92, 224, 0.85)',
            paths: uPlot.paths.bars!({ size: [0.7, 48], align: 0 }),
            points: { show: false },
          },
        ],
      },
      [xs, values],
      el,
    );
    const observer = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 240), height }));
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [labels, values, height]);

  return <div ref={box} className="earnings-chart__canvas" aria-hidden="true" />;
}
