/**
 * A small bar chart drawn in plain SVG (issue 25: the operator's dashboard; the vendor's earnings chart may
 * share it). No charting library: a dozen bars need none, and nothing is added to any bundle but the lazy
 * chunk that imports this file. Drawn in CSS pixels at the width it is given (a ResizeObserver), so the
 * text stays readable at 375 px. The SVG is hidden from assistive technology: the page shows the same
 * numbers as a table (see <ChartTable>).
 */
import { useLayoutEffect, useRef, useState } from 'react';
import './charts.css';

export interface BarChartProps {
  /** One value per bar (non-negative). */
  series: readonly number[];
  /** One label per bar, under it (some are skipped when the bars are narrow). */
  labels: readonly string[];
  /** How a value reads on the axis ("$1,200", "12"). */
  format: (value: number) => string;
  /** Pixels. */
  height?: number;
  /** Marks the last bar (the current, unfinished period). */
  highlightLast?: boolean;
}

const PAD = { top: 12, right: 8, bottom: 26, left: 64 };
/** Room at the right for half of the last label, centred under the last bar. */
const LAST_LABEL_PX = 24;
/** About how wide one character of the 12 px axis text is. */
const CHAR_PX = 7;

/** A round top for the axis: 1, 2, 2.5 or 5 times a power of ten, at least the largest value. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(200, Math.round(el.getBoundingClientRect().width) || fallback));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [fallback]);
  return [ref, width] as const;
}

export function BarChart({ series, labels, format, height = 220, highlightLast = false }: BarChartProps) {
  const [ref, width] = useWidth<HTMLDivElement>(600);
  const top = niceMax(Math.max(0, ...series));
  const right = PAD.right + LAST_LABEL_PX;
  const plotW = width - PAD.left - right;
  const plotH = height - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, series.length);
  const barW = Math.max(2, Math.min(40, slot * 0.7));
  const longest = Math.max(1, ...labels.map((l) => l.length));
  const every = Math.max(1, Math.ceil((longest * CHAR_PX + 6) / slot));
  const y = (v: number) => PAD.top + plotH - (Math.max(0, v) / top) * plotH;
  const ticks = [0, top / 2, top];

  return (
    <div ref={ref} className="bar-chart">
      <svg width={width} height={height} aria-hidden="true" focusable="false">
        {ticks.map((t) => (
          <g key={t}>
            <line className="bar-chart__grid" x1={PAD.left} x2={width - right} y1={y(t)} y2={y(t)} />
            <text className="bar-chart__axis" x={PAD.left - 6} y={y(t)} dy="0.32em" textAnchor="end">
              {format(t)}
            </text>
          </g>
        ))}
        {series.map((v, i) => {
          const x = PAD.left + i * slot + (slot - barW) / 2;
          const last = highlightLast && i === series.length - 1;
          return (
            <g key={i}>
              <rect
                className={last ? 'bar-chart__bar bar-chart__bar--current' : 'bar-chart__bar'}
                x={x}
                y={y(v)}
                width={barW}
                height={Math.max(0, PAD.top + plotH - y(v))}
                rx={2}
              >
                <title>{`${labels[i] ?? ''}: ${format(v)}`}</title>
              </rect>
              {(series.length - 1 - i) % every === 0 && (
                <text
                  className="bar-chart__axis"
                  x={x + barW / 2}
                  y={height - PAD.bottom + 16}
                  textAnchor="middle"
                >
                  {labels[i]}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
