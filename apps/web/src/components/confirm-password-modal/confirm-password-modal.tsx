import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { VENDOR_MESSAGES } from '@stg/domain/api/vendors';
import { visibleServerErrors } from '@stg/domain/error-filters';
import { errorsOf } from '../../lib/api-client';
import { Modal } from '../modal/modal';
import { useModal } from '../modal/modal-provider';
import './confirm-password-modal.css';

export interface ConfirmPasswordModalProps {
  title: string;
  /** What the password confirms, said before the field. */
  message: ReactNode;
  /**
   * Sends the change with the password. Resolves when it is done (the modal then closes and
   * `onConfirmed` runs); rejects with the server's error, whose messages the modal shows.
   */
  onConfirm: (password: string) => Promise<unknown>;
  /** Runs after the modal closed on success (a "Saved" status on the page, say). */
  onConfirmed?: () => void;
  /** The submit button's label; "Confirm" unless told. */
  confirmLabel?: string;
  /** Its label while the change is being sent. */
  busyLabel?: string;
  passwordLabel?: string;
}

/**
 * The confirm-password modal (spec §2 Modals, §6: a vendor's business details and Deactivate need the
 * password). A title, what is being confirmed, the password field (focused on open; Enter submits),
 * Cancel and Confirm. While the change is sent the form is busy and cannot be sent twice. A refusal
 * ("Password is incorrect.") is shown under the field and announced; it goes as soon as the password is
 * edited. The typed password is kept (and selected) so it can be corrected. Open it with openModal.
 */
export function ConfirmPasswordModal({
  title,
  message,
  onConfirm,
  onConfirmed,
  confirmLabel = 'Confirm',
  busyLabel = 'Confirming…',
  passwordLabel = 'Password',
}: ConfirmPasswordModalProps) {
  const { closeModal } = useModal();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  // Set when the modal goes away while a request is still out, so its answer changes nothing here.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    inputRef.current?.focus();
    return () => {
      mounted.current = false;
    };
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (password === '') {
      setErrors([VENDOR_MESSAGES.passwordRequired]);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    setErrors([]);
    try {
      await onConfirm(password);
    } catch (error) {
      if (!mounted.current) return;
      setBusy(false);
      setErrors(visibleServerErrors(errorsOf(error)));
      // Straight back to the field, its text selected, to retype.
      inputRef.current?.focus();
      inputRef.current?.select();
      return;
    }
    if (!mounted.current) return;
    closeModal();
    onConfirmed?.();
  };

  const errorId = `${id}-error`;
  const messageId = `${id}-message`;
  return (
    <Modal title={title} size="small">
      <form
        className="form confirm-password"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-busy={busy}
        aria-describedby={messageId}
      >
        <div id={messageId} className="confirm-password__message">
          {typeof message === 'string' ? <p>{message}</p> : message}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-password`}>
            {passwordLabel}
          </label>
          <input
            ref={inputRef}
            id={`${id}-password`}
            className="field__control"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            aria-invalid={errors.length > 0 ? true : undefined}
            aria-describedby={errors.length > 0 ? errorId : undefined}
            onChange={(event) => {
              setPassword(event.target.value);
              setErrors([]);
            }}
          />
          {/* Always in the page, so a message put into it is announced. */}
          <div id={errorId} role="alert" className="field__error">
            {errors.length === 1 ? errors[0] : errors.map((e) => <p key={e}>{e}</p>)}
          </div>
        </div>
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={closeModal}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
