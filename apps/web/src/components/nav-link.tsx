import { useLocation, useResolvedPath } from 'react-router';
import { Link, type LinkProps } from './link';

/**
 * A Link that knows whether it leads to the page on screen or to a page under it (as React Router's
 * <NavLink> without `end`, case-insensitive): it then has the class `active` and aria-current="page".
 */
export function NavLink({ to, className, ...rest }: LinkProps) {
  const pathname = useLocation().pathname.toLowerCase();
  const target = useResolvedPath(to).pathname.toLowerCase();
  const end = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const active = pathname === target || (pathname.startsWith(target) && pathname.charAt(end) === '/');
  return (
    <Link
      to={to}
      className={active ? [className, 'active'].filter(Boolean).join(' ') : className}
      aria-current={active ? 'page' : undefined}
      {...rest}
    />
  );
}
