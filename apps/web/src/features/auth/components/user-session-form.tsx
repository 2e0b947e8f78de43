import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { afterSignInTarget } from '@stg/domain/routing';
import { Modal } from '../../../components/modal/modal';
import { useModal } from '../../../components/modal/modal-provider';
import type { Session } from '../../../lib/api-types';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

export type SessionFormMode = 'sign-in' | 'sign-up';

interface UserSessionFormProps {
  initialMode: SessionFormMode;
  /** Opened from a provider page: a customer stays on it instead of going to /home (spec §2). */
  onVendorPage?: boolean;
}

/** The user-session-form modal (spec §2 Modals): Sign In / Create Account with a toggle between them. */
export function UserSessionForm({ initialMode, onVendorPage = false }: UserSessionFormProps) {
  const [mode, setMode] = useState<SessionFormMode>(initialMode);
  const { closeModal } = useModal();
  const navigate = useNavigate();
  const location = useLocation();

  const onAuthenticated = (session: Session) => {
    closeModal();
    if (!session.user) return;
    if (onVendorPage && session.user.vendorId == null) return;
    const target = afterSignInTarget(location.pathname, session.user, session.vendor);
    if (target) void navigate(target);
  };

  const signIn = mode === 'sign-in';
  return (
    <Modal title={signIn ? 'Sign In' : 'Create Account'} size={signIn ? 'small' : 'medium'}>
      {signIn ? (
        <SignInForm onSignedIn={onAuthenticated} onForgotPassword={closeModal} />
      ) : (
        <SignUpForm onSignedUp={onAuthenticated} />
      )}
      <p className="modal__switch">
        {signIn ? "Don't have an account? " : 'Already have an account? '}
        <button type="button" className="link-button" onClick={() => setMode(signIn ? 'sign-up' : 'sign-in')}>
          {signIn ? 'Create an account' : 'Sign in instead'}
        </button>
      </p>
    </Modal>
  );
}
