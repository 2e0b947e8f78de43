import { useState, type FormEvent } from 'react';
import { ErrorList } from '../../../components/error-list';
import { Modal } from '../../../components/modal/modal';
import { useModal } from '../../../components/modal/modal-provider';
import { TextField } from '../../../components/text-field';
import { errorsOf } from '../../../lib/api-client';
import { useDisconnectCalendar } from '../api/scheduling-admin-api';

export const PASSWORD_REQUIRED = 'Password is required.';

/**
 * The disconnect-calendar modal (spec §2 Modals, §4 "Disconnecting needs a password", §8 "Disconnect
 * calendar failure shows the errors"): the vendor's password, Cancel and Disconnect.
 */
export function DisconnectCalendarModal({
  calendarId,
  connectionName,
  onDisconnected,
}: {
  calendarId: number;
  /** "Google Calendar", "Jobber" or "your iCal feed". */
  connectionName: string;
  onDisconnected: () => void;
}) {
  const { closeModal } = useModal();
  const disconnect = useDisconnectCalendar(calendarId);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (disconnect.isPending) return;
    if (password === '') {
      setMissing(true);
      return;
    }
    disconnect.mutate(password, {
      onSuccess: () => {
        closeModal();
        onDisconnected();
      },
    });
  };

  return (
    <Modal title="Disconnect Calendar" size="small">
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={disconnect.isPending}>
        <p>
          Disconnecting {connectionName} removes its busy times from your availability, so customers may book
          times that are busy there. Your scheduling preferences stay. Enter your password to confirm.
        </p>
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          data-autofocus
          value={password}
          error={missing && password === '' ? PASSWORD_REQUIRED : undefined}
          onChange={(event) => {
            setPassword(event.target.value);
            disconnect.reset();
          }}
        />
        <ErrorList errors={disconnect.isError ? errorsOf(disconnect.error) : []} />
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={closeModal}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={disconnect.isPending}>
            {disconnect.isPending ? 'Disconnecting…' : 'Disconnect'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
