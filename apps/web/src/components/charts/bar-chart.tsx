/**
 * The web app's one bar chart (issue 25), drawn by uPlot on a canvas (1.6, MIT, no dependencies, about
 * 23 kB gzip: ADR 0036). Pages never import this file directly: they render <Chart> (./chart.tsx), which
 * loads it, with uPlot, as its own chunk, so neither reaches the landing page's first bundle.
 *
 * Drawn at the width of its box (a ResizeObserver) in CSS pixels, so the 12 px text stays readable at
 * 375 px: x labels that would not fit under their bar are thinned (every 2nd, 3rd… counting back from the
 * last, which is always labelled). Nothing moves: uPlot has no animations and none are added, so reduced
 * motion needs nothing more. The colours are the page's blue on white (5.7:1; the current period's
 * lighter bar keeps that outline) and its muted ink for the axes (6.3:1). The box is an image named by `ariaLabel`; the numbers themselves are in each page's table.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface BarChartProps {
  /** One value per bar (non-negative), in the unit `format` reads. */
  values: readonly number[];
  /** One label per bar, under it (some are skipped when the bars are narrow). */
  labels: readonly string[];
  /** How a value reads on the axis ("$1,200", "12"). */
  format: (value: number) => string;
  /** What the chart shows, for screen readers ("Payouts by week… The numbers are in the table."). */
  ariaLabel: string;
  /** Pixels. */
  height?: number;
  /** Marks the last bar (the current, unfinished period) with a lighter fill and an outline. */
  highlightLast?: boolean;
}

export const CHART_HEIGHT = 220;
/** The tokens of styles.css (a canvas cannot read CSS variables): --blue-600, --blue-200, --ink-muted, --line. */
export const COLOURS = { bar: '#1d5ce0', current: '#bfd5fe', axis: '#52607a', grid: '#e1e7f0' } as const;
const FONT = '12px Inter, system-ui, sans-serif';
/** About how wide one character of the 12 px axis text is, when nothing can measure it. */
const CHAR_PX = 7;
/** Space kept between two x labels. */
const LABEL_GAP = 8;
const MIN_WIDTH = 240;

/** A round top for the axis: 1, 2, 2.5 or 5 times a power of ten, at least the largest value. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** The y axis's marks: 0, half and the top (half only when it is a whole number for whole-number data). */
export function yTicks(top: number, wholeNumbers: boolean): number[] {
  return !wholeNumbers || Number.isInteger(top / 2) ? [0, top / 2, top] : [0, top];
}

/**
 * Which x labels are drawn when each bar has `slot` pixels: every `step`-th counting back from the last,
 * the step the smallest that leaves room for the widest label. The others are ''.
 */
export function thinLabels(labels: readonly string[], slot: number, widthOf: (text: string) => number) {
  const widest = Math.max(1, ...labels.map(widthOf));
  const step = Math.max(1, Math.ceil((widest + LABEL_GAP) / Math.max(1, slot)));
  return labels.map((label, i) => ((labels.length - 1 - i) % step === 0 ? label : ''));
}

/** Whether this browser draws on a canvas (jsdom does not). */
function textMeasurer(): ((text: string) => number) | null {
  try {
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) return null;
    ctx.font = FONT;
    return (text) => ctx.measureText(text).width;
  } catch {
    return null;
  }
}

/** uPlot's options for these bars (exported for the tests: jsdom has no canvas to draw them on). */
export function chartOptions(
  { values, labels, format, height = CHART_HEIGHT, highlightLast = false }: BarChartProps,
  width: number,
  widthOf: (text: string) => number = (text) => text.length * CHAR_PX,
): uPlot.Options {
  const top = niceMax(Math.max(0, ...values));
  const ticks = yTicks(
    top,
    values.every((v) => Number.isInteger(v)),
  );
  const yAxisWidth = Math.ceil(Math.max(...ticks.map((t) => widthOf(format(t))))) + 16;
  const last = values.length - 1;
  const barColours = (fill: string) =>
    values.map((_, i) => (highlightLast && i === last ? fill : COLOURS.bar));
  return {
    width,
    height,
    legend: { show: false },
    cursor: { show: false },
    // Room at the right for half of the last label, centred under the last bar.
    padding: [12, Math.ceil(widthOf(labels[last] ?? '') / 2), 0, 0],
    scales: {
      x: { time: false, range: [-0.5, Math.max(0, last) + 0.5] },
      y: { range: [0, top] },
    },
    axes: [
      {
        stroke: COLOURS.axis,
        font: FONT,
        grid: { show: false },
        ticks: { show: false },
        size: 28,
        gap: 6,
        splits: () => labels.map((_, i) => i),
        // The width of one bar's slot, in CSS pixels, as laid out now.
        values: (u, splits) => {
          const slot = Math.abs(u.valToPos(1, 'x') - u.valToPos(0, 'x'));
          const shown = thinLabels(labels, slot, widthOf);
          return splits.map((i) => shown[i] ?? '');
        },
      },
      {
        stroke: COLOURS.axis,
        font: FONT,
        grid: { stroke: COLOURS.grid, width: 1 },
        ticks: { show: false },
        size: yAxisWidth,
        gap: 6,
        splits: () => ticks,
        values: (_u, splits) => splits.map((v) => format(v)),
      },
    ],
    series: [
      {},
      {
        label: 'Value',
        width: 1,
        stroke: COLOURS.bar,
        fill: COLOURS.bar,
        points: { show: false },
        paths: uPlot.paths.bars!({
          size: [0.7, 40],
          align: 0,
          radius: 0.1,
          disp: {
            fill: { unit: 3, values: () => barColours(COLOURS.current) },
            stroke: { unit: 3, values: () => barColours(COLOURS.bar) },
          },
        }),
      },
    ],
  };
}

export function BarChart(props: BarChartProps) {
  const { values, labels, format, ariaLabel, height = CHART_HEIGHT, highlightLast = false } = props;
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    const widthOf = textMeasurer();
    if (!el || !widthOf) return;
    const widthNow = () => Math.max(MIN_WIDTH, Math.floor(el.getBoundingClientRect().width));
    const plot = new uPlot(
      chartOptions({ values, labels, format, ariaLabel, height, highlightLast }, widthNow(), widthOf),
      [labels.map((_, i) => i), [...values]],
      el,
    );
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => plot.setSize({ width: widthNow(), height }));
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
  }, [values, labels, format, ariaLabel, height, highlightLast]);

  return (
    <div ref={box} className="bar-chart" role="img" aria-label={ariaLabel} style={{ minHeight: height }} />
  );
}

export default BarChart;
