import { ComingLaterNote } from '../../../components/coming-later-note';
import { PageHeader } from '../../../components/page-header';

/** /contact-us: the page frame. The contact form (name, email, subject, message) ships later. */
export function ContactUsPage() {
  return (
    <div className="container page page--narrow">
      <PageHeader title="Contact Us" lead="Questions about a booking, a provider or listing your business?" />
      <ComingLaterNote>
        The contact form arrives in a later release. Messages cannot be sent from this page yet.
      </ComingLaterNote>
    </div>
  );
}
