import { describe, expect, it } from 'vitest';
import { bannerSvg } from './demo-images';
import { DEMO_VENDORS } from './demo-vendors';
import { Prng } from './prng';

describe('demo banners', () => {
  // Issue 15: cards and the provider page crop the banner to different shapes, so a name drawn into it
  // was cut off ("parkle & Shine Home Cle"). Pages show the vendor's name as text instead.
  it('carry no text, only artwork', () => {
    for (const [index, v] of DEMO_VENDORS.entries()) {
      const svg = bannerSvg(v, new Prng(index));
      expect(svg, v.name).not.toMatch(/<text\b/);
      expect(svg, v.name).not.toContain(v.name.replace(/&/g, '&amp;'));
      expect(svg, v.name).toMatch(/^<svg [^>]*viewBox="0 0 1600 900"/);
    }
  });
});
