import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart, niceMax } from './bar-chart';

describe('BarChart', () => {
  it('rounds the axis up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(180)).toBe(200);
    expect(niceMax(2_400)).toBe(2_500);
    expect(niceMax(4_100)).toBe(5_000);
  });

  it('draws one bar per value, each named with its label and value, hidden from assistive technology', () => {
    const { container } = render(
      <BarChart series={[1, 0, 3]} labels={['Jan', 'Feb', 'Mar']} format={(v) => `$${v}`} highlightLast />,
    );
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    const bars = container.querySelectorAll('rect');
    expect(bars).toHaveLength(3);
    expect([...bars].map((b) => b.textContent)).toEqual(['Jan: $1', 'Feb: $0', 'Mar: $3']);
    expect(bars[2]!.getAttribute('class')).toContain('bar-chart__bar--current');
    expect(Number(bars[1]!.getAttribute('height'))).toBe(0);
  });
});
