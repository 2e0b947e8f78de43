import { ComingLaterNote } from '../../../components/coming-later-note';
import { PageHeader } from '../../../components/page-header';

/** /password/reset?token=…: the frame of the reset form. */
export function ResetPasswordPage() {
  return (
    <div className="container page page--narrow">
      <PageHeader title="Reset Password" lead="Choose a new password for your account." />
      <ComingLaterNote>
        Resetting a password from an emailed link arrives in a later release. Your current password still
        works.
      </ComingLaterNote>
    </div>
  );
}
