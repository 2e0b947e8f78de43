import { useId, useState } from 'react';
import { useModal } from '../../../components/modal/modal-provider';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session/use-session';
import { AddressForm } from '../components/address-form';
import { GeneralForm } from '../components/general-form';
import { UpdatePasswordForm } from '../../../components/update-password/update-password-form';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /account (signed in): the General form, the Address form and the Update Password modal (spec §2). */
export function AccountPage() {
  useDocumentTitle('Account Settings');
  const { user, currentAddress } = useSession();
  const { openModal } = useModal();
  const [passwordUpdated, setPasswordUpdated] = useState(false);
  const ids = { general: useId(), address: useId(), password: useId() };
  if (!user) return null;

  return (
    <div className="container page page--narrow account">
      <PageHeader title="Account Settings" />
      <section className="card" aria-labelledby={ids.general}>
        <h2 id={ids.general}>General</h2>
        <GeneralForm key={user.id} user={user} />
      </section>
      <section className="card" aria-labelledby={ids.address}>
        <h2 id={ids.address}>Address</h2>
        {currentAddress ? (
          <AddressForm key={currentAddress.id} address={currentAddress} />
        ) : (
          <p>No address on file.</p>
        )}
      </section>
      <section className="card" aria-labelledby={ids.password}>
        <h2 id={ids.password}>Password</h2>
        <p className="account__password-text">
          Use at least 10 characters, with a letter and a number or special character.
        </p>
        <button
          type="button"
          className="link-button"
          aria-haspopup="dialog"
          onClick={() => {
            setPasswordUpdated(false);
            openModal(<UpdatePasswordForm userId={user.id} onUpdated={() => setPasswordUpdated(true)} />);
          }}
        >
          Update Password
        </button>
        <p role="status" className="form__status">
          {passwordUpdated ? 'Your password has been updated.' : ''}
        </p>
      </section>
    </div>
  );
}
