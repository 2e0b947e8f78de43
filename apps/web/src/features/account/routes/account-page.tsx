import { formatPhone } from '@stg/domain/phone';
import { ComingLaterNote } from '../../../components/coming-later-note';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session/use-session';

/** /account: the signed-in user's details. Editing arrives with the account settings work. */
export function AccountPage() {
  const { user, currentAddress } = useSession();
  if (!user) return null;
  return (
    <div className="container page page--narrow">
      <PageHeader title="Account Settings" />
      <section className="card" aria-labelledby="account-general">
        <h2 id="account-general">General</h2>
        <dl className="details">
          <div>
            <dt>Name</dt>
            <dd>
              {user.firstName} {user.lastName}
            </dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>{formatPhone(user.phoneNumber)}</dd>
          </div>
        </dl>
      </section>
      <section className="card" aria-labelledby="account-address">
        <h2 id="account-address">Address</h2>
        {currentAddress ? (
          <address className="account-address">
            {currentAddress.streetAddress}
            {currentAddress.streetAddress2 && (
              <>
                <br />
                {currentAddress.streetAddress2}
              </>
            )}
            <br />
            {currentAddress.city}, {currentAddress.state} {currentAddress.zipCode}
          </address>
        ) : (
          <p>No address on file.</p>
        )}
      </section>
      <ComingLaterNote>
        Editing your details, address and password arrives in a later release.
      </ComingLaterNote>
    </div>
  );
}
