import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../components/link';
import { VendorLogo } from '../../../components/vendor-logo';
import { vendorsQueryOptions } from '../../../lib/vendors/vendors-query';

export const LOGO_ROW_SIZE = 15;

/** A row of up to 15 vendor logos, each opening the vendor's page. */
export function VendorLogoRow() {
  const vendors = useQuery(vendorsQueryOptions());
  const shown = (vendors.data ?? []).slice(0, LOGO_ROW_SIZE);
  if (shown.length === 0) return null;
  return (
    <section className="logo-row" aria-labelledby="logo-row-title">
      <div className="container">
        <h2 id="logo-row-title" className="logo-row__title">
          Local businesses on Servo
        </h2>
        <ul className="logo-row__list">
          {shown.map((vendor) => (
            <li key={vendor.id}>
              <Link to={`/vendors/${vendor.id}`} className="logo-row__link" title={vendor.name}>
                <VendorLogo url={vendor.logoImageUrl} name={vendor.name} size="medium" decorative />
                <span className="visually-hidden">{vendor.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
