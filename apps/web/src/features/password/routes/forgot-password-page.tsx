import { ComingLaterNote } from '../../../components/coming-later-note';
import { PageHeader } from '../../../components/page-header';

/** /forgot-password: the frame of the reset-link flow. */
export function ForgotPasswordPage() {
  return (
    <div className="container page page--narrow">
      <PageHeader title="Forgot Password" lead="We will email you a link to choose a new password." />
      <ComingLaterNote>
        Password reset by email arrives in a later release. Until then no reset link can be sent from this
        page.
      </ComingLaterNote>
    </div>
  );
}
