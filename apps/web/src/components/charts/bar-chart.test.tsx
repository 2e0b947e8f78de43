import { render, screen } from '@testing-library/react';
import type uPlot from 'uplot';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { measurableCanvas, plots } from '../../test/fake-uplot';
import { LAZY } from '../../test/render-app';
import { BarChart, chartOptions, COLOURS, niceMax, thinLabels, yTicks } from './bar-chart';
import { Chart, ChartLoading } from './chart';

// uPlot draws on a canvas, which jsdom lacks: the stand-in keeps the options it is given.
vi.mock('uplot', () => import('../../test/fake-uplot'));

const dollars = (v: number) => `$${v}`;
const props = {
  values: [1, 0, 3],
  labels: ['Jan', 'Feb', 'Mar'],
  format: dollars,
  ariaLabel: 'Sales by month',
};
/** The uPlot instance's answers the options' functions ask for: each bar `slot` pixels wide. */
const laidOut = (slot: number) => ({ valToPos: (v: number) => v * slot }) as unknown as uPlot;
const xLabels = (opts: uPlot.Options, slot: number) =>
  (opts.axes![0]!.values as (u: uPlot, splits: number[]) => string[])(laidOut(slot), [0, 1, 2]);
const barsOf = (opts: uPlot.Options) =>
  (opts.series[1]!.paths as unknown as { opts: uPlot.Series.BarsPathBuilderOpts }).opts;
const colours = (opts: uPlot.Options, which: 'fill' | 'stroke') =>
  (barsOf(opts).disp![which]!.values as unknown as () => string[])();

beforeEach(measurableCanvas);

describe('niceMax and yTicks', () => {
  it('rounds the axis up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(180)).toBe(200);
    expect(niceMax(2_400)).toBe(2_500);
    expect(niceMax(4_100)).toBe(5_000);
  });

  it('marks 0, half and the top, leaving out a half that is not a whole number for whole-number data', () => {
    expect(yTicks(200, true)).toEqual([0, 100, 200]);
    expect(yTicks(5, true)).toEqual([0, 5]);
    expect(yTicks(5, false)).toEqual([0, 2.5, 5]);
  });
});

describe('thinLabels', () => {
  const labels = Array.from({ length: 12 }, (_, i) => `Nov ${i + 10}`); // 6 characters: 42 px
  const width = (text: string) => text.length * 7;

  it('labels every bar when each label fits under its bar', () => {
    expect(thinLabels(labels, 60, width)).toEqual(labels);
  });

  it('labels every 2nd or 3rd bar on a phone, counting back from the last, which is always labelled', () => {
    expect(thinLabels(labels, 30, width).filter(Boolean)).toEqual([
      'Nov 11',
      'Nov 13',
      'Nov 15',
      'Nov 17',
      'Nov 19',
      'Nov 21',
    ]);
    const third = thinLabels(labels, 20, width);
    expect(third.at(-1)).toBe('Nov 21');
    expect(third.filter(Boolean)).toEqual(['Nov 12', 'Nov 15', 'Nov 18', 'Nov 21']);
  });
});

describe('chartOptions', () => {
  it('scales the axis from 0 to a round top, its marks read with the format', () => {
    const opts = chartOptions({ ...props, values: [120, 0, 180] }, 600);
    expect(opts.scales!.y!.range).toEqual([0, 200]);
    const yAxis = opts.axes![1]!;
    const splits = (yAxis.splits as () => number[])();
    expect(splits).toEqual([0, 100, 200]);
    expect((yAxis.values as (u: uPlot, s: number[]) => string[])(laidOut(1), splits)).toEqual([
      '$0',
      '$100',
      '$200',
    ]);
  });

  it('thins the x labels to the room the bars have, as laid out', () => {
    const opts = chartOptions({ ...props, labels: ['Sep 14', 'Sep 21', 'Sep 28'] }, 600);
    expect(xLabels(opts, 100)).toEqual(['Sep 14', 'Sep 21', 'Sep 28']);
    expect(xLabels(opts, 30)).toEqual(['Sep 14', '', 'Sep 28']);
  });

  it('draws the bars in the page’s blue, the current period lighter and outlined when asked', () => {
    expect(colours(chartOptions(props, 600), 'fill')).toEqual([COLOURS.bar, COLOURS.bar, COLOURS.bar]);
    const highlighted = chartOptions({ ...props, highlightLast: true }, 600);
    expect(colours(highlighted, 'fill')).toEqual([COLOURS.bar, COLOURS.bar, COLOURS.current]);
    expect(colours(highlighted, 'stroke')).toEqual([COLOURS.bar, COLOURS.bar, COLOURS.bar]);
  });

  it('has colours with enough contrast on white: 3:1 for the bars’ edges, 4.5:1 for the axis text', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const c = parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const onWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);
    expect(onWhite(COLOURS.bar)).toBeGreaterThanOrEqual(3);
    expect(onWhite(COLOURS.axis)).toBeGreaterThanOrEqual(4.5);
  });

  it('has no legend and no cursor: nothing moves or pops up under the pointer', () => {
    const opts = chartOptions(props, 600);
    expect(opts.legend?.show).toBe(false);
    expect(opts.cursor?.show).toBe(false);
  });
});

describe('BarChart', () => {
  it('draws one bar per value in an image named for screen readers, and lets go of uPlot when it goes', () => {
    const { unmount } = render(<BarChart {...props} />);
    expect(screen.getByRole('img', { name: 'Sales by month' })).toBeInTheDocument();
    expect(plots).toHaveLength(1);
    expect(plots[0]!.data).toEqual([
      [0, 1, 2],
      [1, 0, 3],
    ]);
    expect(plots[0]!.target).toBe(screen.getByRole('img'));
    unmount();
    expect(plots[0]!.destroyed).toBe(true);
  });

  it('draws nothing where there is no canvas, and the named box stays', () => {
    vi.mocked(HTMLCanvasElement.prototype.getContext).mockReturnValue(null);
    render(<BarChart {...props} />);
    expect(screen.getByRole('img', { name: 'Sales by month' })).toBeInTheDocument();
    expect(plots).toHaveLength(0);
  });
});

describe('Chart', () => {
  it('shows the chart, loaded as its own chunk', async () => {
    render(<Chart {...props} />);
    expect(await screen.findByRole('img', { name: 'Sales by month' }, LAZY)).toBeInTheDocument();
    expect(plots).toHaveLength(1);
  });

  it('meanwhile keeps the chart’s height and says it is loading, to the eye only', () => {
    const { container } = render(<ChartLoading height={180} />);
    expect(screen.getByText('Loading chart…')).toBeVisible();
    expect(container.firstElementChild).toHaveStyle({ minHeight: '180px' });
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
