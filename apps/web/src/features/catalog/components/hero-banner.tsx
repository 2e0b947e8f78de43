import { Link } from '../../../components/link';
import { CITY_LABEL } from '@stg/domain/constants';

export function HeroBanner() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <p className="hero__eyebrow">{CITY_LABEL}</p>
        <h1 id="hero-title" className="hero__title">
          Trusted home services, priced and booked in minutes
        </h1>
        <p className="hero__lead">
          Get an instant quote from local providers, pick a time that works for you and pay securely online.
        </p>
        <div className="hero__actions">
          <Link to="/services?category=all" className="button button--light button--large">
            Browse Services
          </Link>
        </div>
      </div>
    </section>
  );
}
