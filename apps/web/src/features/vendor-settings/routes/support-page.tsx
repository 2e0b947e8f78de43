import { useId } from 'react';
import { Link } from '../../../components/link';
import { formatPhone } from '@stg/domain/phone';
import { ACCOUNT_MANAGER, PURCHASE_ORDERS, THANK_YOU, type SupportContact } from '../support-contacts';
import '../vendor-settings.css';

/** /dashboard/support: account manager and purchase orders contacts, and a thank-you (spec §2). */
export function SupportPage({ title }: { title: string }) {
  const thanksId = useId();
  return (
    <section className="dashboard-section vendor-settings" aria-labelledby="dashboard-section-title">
      <h1 id="dashboard-section-title" className="dashboard-section__title">
        {title}
      </h1>
      <p className="dashboard-section__summary">
        Questions about your listing, an order or a payout? The Servo team is here to help.
      </p>
      <div className="vendor-settings__contacts">
        <ContactCard contact={ACCOUNT_MANAGER} />
        <ContactCard contact={PURCHASE_ORDERS} />
      </div>
      <section className="card vendor-settings__thanks" aria-labelledby={thanksId}>
        <h2 id={thanksId}>Thank You</h2>
        <p>{THANK_YOU}</p>
        <p className="vendor-settings__muted">
          You can also write to us from the <Link to="/contact-us">Contact Us</Link> page.
        </p>
      </section>
    </section>
  );
}

function ContactCard({ contact }: { contact: SupportContact }) {
  const id = useId();
  return (
    <section className="card vendor-settings__contact" aria-labelledby={id}>
      <h2 id={id}>{contact.title}</h2>
      <p className="vendor-settings__contact-team">{contact.team}</p>
      <p className="vendor-settings__muted">{contact.description}</p>
      <dl className="details">
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={`tel:+1${contact.phone}`}>{formatPhone(contact.phone)}</a>
          </dd>
        </div>
        <div>
          <dt>Hours</dt>
          <dd>{contact.hours}</dd>
        </div>
      </dl>
    </section>
  );
}
