import type { MouseEvent } from 'react';
import { Link } from '../../components/link';
import { DASHBOARD_HOME } from '@stg/domain/routing';
import { useSession } from '../../lib/session/use-session';
import type { LogoColor } from './logo-color';

interface LogoProps {
  /** Where the logo leads anyone who is not a vendor (a vendor always goes to the dashboard). */
  to: string;
  color: LogoColor;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/** A plain left click, which navigates in this tab (not one that opens a new tab or window). */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

/**
 * The wordmark; its colour is exposed as data-logo-color. Spec §2: a vendor clicking the logo sets
 * vendor view and goes to /dashboard/orders, from customer view too (the route guard sends a listing
 * still in setup on to /dashboard/setup); everyone else goes to `to`.
 */
export function Logo({ to, color, onClick }: LogoProps) {
  const { user, vendor, setHomeView } = useSession();
  const isVendor = user?.vendorId != null && vendor !== null;

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isVendor || !isPlainClick(event)) return;
    // The link then navigates to the dashboard.
    setHomeView('vendor');
  };

  return (
    <Link
      to={isVendor ? DASHBOARD_HOME : to}
      className={`logo logo--${color}`}
      data-logo-color={color}
      onClick={handleClick}
      aria-label="Servo"
    >
      <svg
        className="logo__mark"
        viewBox="0 0 32 32"
        width="30"
        height="30"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="32" height="32" rx="9" className="logo__tile" />
        <path
          className="logo__glyph"
          d="M21.5 11.2c-1.1-1.6-3-2.5-5.4-2.5-3.1 0-5.3 1.6-5.3 4 0 2.3 1.8 3.3 4.8 3.9l1.3.3c1.8.4 2.5.9 2.5 1.8 0 1.1-1.2 1.8-3 1.8-1.9 0-3.3-.8-4-2.2l-2.3 1.3c1.1 2.2 3.4 3.4 6.3 3.4 3.4 0 5.8-1.7 5.8-4.4 0-2.3-1.6-3.4-4.9-4.1l-1.3-.3c-1.6-.3-2.3-.8-2.3-1.6 0-1 1-1.6 2.5-1.6 1.4 0 2.5.6 3.2 1.6z"
        />
      </svg>
      <span className="logo__word" aria-hidden="true">
        servo
      </span>
    </Link>
  );
}
