import { Link } from '../../../components/link';

/** The landing page's invitation to businesses, leading to /vendor-onboarding. */
export function VendorCallToAction() {
  return (
    <section className="cta" aria-labelledby="cta-title">
      <div className="container cta__inner">
        <div>
          <h2 id="cta-title">Run a home service business?</h2>
          <p>Get confirmed work orders with no lead fees. You only pay a commission on jobs you complete.</p>
        </div>
        <Link to="/vendor-onboarding" className="button button--light button--large">
          Partner With Servo
        </Link>
      </div>
    </section>
  );
}
