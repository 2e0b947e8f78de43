import { describe, expect, it } from 'vitest';
import { logoColorFor } from './logo-color';

describe('logoColorFor', () => {
  it.each([
    ['/', 'white'],
    ['/contact-us', 'blue'],
    ['/terms-of-service', 'blue'],
    ['/privacy-policy', 'blue'],
    ['/about-us', 'blue'],
    ['/vendor-onboarding', 'blue'],
    ['/about-us/', 'blue'],
    ['/services', 'blue'],
  ])('%s → %s', (path, color) => {
    expect(logoColorFor(path)).toBe(color);
  });
});
