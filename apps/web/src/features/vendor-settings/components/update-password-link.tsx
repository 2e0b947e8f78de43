import { useState } from 'react';
import { useModal } from '../../../components/modal/modal-provider';
import { useSession } from '../../../lib/session/use-session';
// The one update-password-form modal of the product (spec §2 Modals), as the account page opens it.
import { UpdatePasswordForm } from '../../../components/update-password/update-password-form';

/** The Update Password link of General Settings (spec §2): opens the update-password-form modal. */
export function UpdatePasswordLink() {
  const { user } = useSession();
  const { openModal } = useModal();
  const [updated, setUpdated] = useState(false);
  if (!user) return null;
  return (
    <div className="vendor-settings__password">
      <p className="vendor-settings__muted">
        Your password signs you in and confirms changes to your business details and listing.
      </p>
      <button
        type="button"
        className="link-button"
        aria-haspopup="dialog"
        onClick={() => {
          setUpdated(false);
          openModal(<UpdatePasswordForm userId={user.id} onUpdated={() => setUpdated(true)} />);
        }}
      >
        Update Password
      </button>
      <p role="status" className="form__status">
        {updated ? 'Your password has been updated.' : ''}
      </p>
    </div>
  );
}
