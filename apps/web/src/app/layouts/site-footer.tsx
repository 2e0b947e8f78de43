import { Link } from '../../components/link';
import { useSession } from '../../lib/session/use-session';

/** Spec §2: About, Businesses (Sign Up, or Learn More for vendors) and Get in Touch columns. */
export function SiteFooter() {
  const { user } = useSession();
  const isVendor = user?.vendorId != null;
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <p className="site-footer__word">servo</p>
          <p>
            Trusted local home services in St George, Utah. Instant quotes, instant scheduling, secure pay.
          </p>
        </div>
        <nav aria-labelledby="footer-about">
          <h2 id="footer-about">About</h2>
          <ul>
            <li>
              <Link to="/about-us">About Us</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms-of-service">Terms of Service</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-businesses">
          <h2 id="footer-businesses">Businesses</h2>
          <ul>
            <li>
              <Link to="/vendor-onboarding">{isVendor ? 'Learn More' : 'Sign Up'}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-contact">
          <h2 id="footer-contact">Get in Touch</h2>
          <ul>
            <li>
              <Link to="/contact-us">Contact Us</Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container site-footer__bottom">
        <p>© {new Date().getFullYear()} Servo · St George, Utah</p>
      </div>
    </footer>
  );
}
