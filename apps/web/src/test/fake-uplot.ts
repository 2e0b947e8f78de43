/**
 * A stand-in for uPlot in tests: jsdom has no canvas to draw on (and uPlot asks for matchMedia when it
 * loads). Use with `vi.mock('uplot', () => import('…/test/fake-uplot'))` and call measurableCanvas() in
 * beforeEach; each chart drawn is in `plots`, with the options and data it was given.
 */
import { vi } from 'vitest';
import type uPlot from 'uplot';

export const plots: FakeUPlot[] = [];

export default class FakeUPlot {
  static paths = {
    bars: (opts: uPlot.Series.BarsPathBuilderOpts) => Object.assign(() => null, { opts }),
  };
  destroyed = false;
  width: number;

  constructor(
    readonly opts: uPlot.Options,
    readonly data: uPlot.AlignedData,
    readonly target: HTMLElement,
  ) {
    this.width = opts.width;
    plots.push(this);
  }

  setSize({ width }: { width: number; height: number }) {
    this.width = width;
  }

  destroy() {
    this.destroyed = true;
  }
}

/** A canvas whose text is 7 px a character wide, so the chart draws (jsdom's canvas has no context). */
export function measurableCanvas() {
  plots.length = 0;
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    font: '',
    measureText: (text: string) => ({ width: text.length * 7 }),
  } as unknown as CanvasRenderingContext2D);
}
