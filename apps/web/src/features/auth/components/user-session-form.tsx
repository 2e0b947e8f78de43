import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { afterSignInTarget } from '@stg/domain/routing';
import { Modal } from '../../../components/modal/modal';
import { useModal } from '../../../components/modal/modal-provider';
import type { Session } from '@stg/domain/api/session';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import './user-session-form.css';

export type SessionFormMode = 'sign-in' | 'sign-up';

export const BOOKING_INFORMATION = 'Booking Information';
export const BOOKING_STEP = 'Step 1 of 2';

interface UserSessionFormProps {
  initialMode: SessionFormMode;
  /** Opened from a provider page: a customer stays on it instead of going to /home (spec §2). */
  onVendorPage?: boolean;
  /**
   * Guest checkout (spec §2 Modals "Booking Information", §6, §8 not_logged_in): the form is step 1 of
   * 2, the guest signs up or signs in inside the flow, and `onAuthenticated` carries the flow on (to the
   * payment) instead of any redirect.
   */
  booking?: { onAuthenticated: (session: Session) => void };
}

/**
 * The user-session-form modal (spec §2 Modals): Sign In / Create Account with a toggle between them, or
 * Booking Information for a guest's checkout.
 */
export function UserSessionForm({ initialMode, onVendorPage = false, booking }: UserSessionFormProps) {
  const [mode, setMode] = useState<SessionFormMode>(initialMode);
  const { closeModal } = useModal();
  const navigate = useNavigate();
  const location = useLocation();

  const onAuthenticated = (session: Session) => {
    if (booking) {
      // The next step opens in place of this one (the customer stays on the provider page).
      booking.onAuthenticated(session);
      return;
    }
    closeModal();
    if (!session.user) return;
    if (onVendorPage && session.user.vendorId == null) return;
    const target = afterSignInTarget(location.pathname, session.user, session.vendor);
    if (target) void navigate(target);
  };

  const signIn = mode === 'sign-in';
  const form = signIn ? (
    <SignInForm onSignedIn={onAuthenticated} onForgotPassword={closeModal} />
  ) : (
    <SignUpForm onSignedUp={onAuthenticated} />
  );

  if (booking) {
    return (
      <Modal title={BOOKING_INFORMATION} size="medium">
        <p className="session-form__step">{BOOKING_STEP}</p>
        <p className="session-form__lead">
          {signIn
            ? 'Sign in to book with your account. Your answers and your chosen time are kept.'
            : 'Create an account to book this service, or sign in if you have one. Your answers and your chosen time are kept.'}
        </p>
        <div className="session-form__toggle" role="group" aria-label="Your account">
          <button
            type="button"
            className="session-form__choice"
            aria-pressed={!signIn}
            onClick={() => setMode('sign-up')}
          >
            New customer
          </button>
          <button
            type="button"
            className="session-form__choice"
            aria-pressed={signIn}
            onClick={() => setMode('sign-in')}
          >
            I have an account
          </button>
        </div>
        {/* A fresh form per choice, so its first field takes focus. */}
        <div key={mode}>{form}</div>
      </Modal>
    );
  }

  return (
    <Modal title={signIn ? 'Sign In' : 'Create Account'} size={signIn ? 'small' : 'medium'}>
      {form}
      <p className="modal__switch">
        {signIn ? "Don't have an account? " : 'Already have an account? '}
        <button type="button" className="link-button" onClick={() => setMode(signIn ? 'sign-up' : 'sign-in')}>
          {signIn ? 'Create an account' : 'Sign in instead'}
        </button>
      </p>
    </Modal>
  );
}
