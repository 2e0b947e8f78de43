import { normalizePath } from '@stg/domain/routing';

export type LogoColor = 'white' | 'blue';

const BLUE_PATHS = ['/contact-us', '/terms-of-service', '/privacy-policy', '/about-us', '/vendor-onboarding'];

/**
 * Spec §2: white on / (the header lies over the hero), blue on the static and onboarding pages. Every other
 * page has a light header too, so blue is the default.
 */
export function logoColorFor(pathname: string): LogoColor {
  const path = normalizePath(pathname);
  if (path === '/') return 'white';
  if (BLUE_PATHS.includes(path)) return 'blue';
  return 'blue';
}
