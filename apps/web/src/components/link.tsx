import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An address of this app (a path, with its query and hash). */
  to: To;
  /** Replace the current history entry instead of adding one (by default only for the current address). */
  replace?: boolean;
  /** Navigation state, e.g. KEEP_SCROLL (lib/keep-scroll.ts). */
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A link to a page of the app, navigating in place (a plain left click; a modified click or another
 * target opens the address like every other link). The app's own rather than React Router's <Link>, whose
 * framework-mode prefetching, view transitions and absolute-URL handling the app does not use and the
 * landing page's first bundle would carry (close to 3 kB gzipped, ADR 0023). Built on React Router's
 * public hooks, with the same click rules.
 */
export function Link({ to, replace, state, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}
