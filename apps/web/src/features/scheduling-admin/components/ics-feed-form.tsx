import { useId, useState, type FormEvent } from 'react';
import { ErrorList } from '../../../components/error-list';
import { TextField } from '../../../components/text-field';
import { errorsOf } from '../../../lib/api-client';
import { useConnectIcsFeed } from '../api/scheduling-admin-api';

export const ICS_LABEL = "Calendar's secret address in iCal format";

/**
 * Connects a calendar through its private iCal (ICS) address: POST /api/vendor_calendars/{id}/ics.
 * Works on every marketplace (no provider credentials needed). `inputId` lets the page point to it.
 */
export function IcsFeedForm({
  calendarId,
  onConnected,
  inputId,
}: {
  calendarId: number;
  onConnected: () => void;
  inputId?: string;
}) {
  const id = useId();
  const connect = useConnectIcsFeed(calendarId);
  const [url, setUrl] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (connect.isPending || url.trim() === '') return;
    connect.mutate(url.trim(), {
      onSuccess: () => {
        setUrl('');
        onConnected();
      },
    });
  };

  return (
    <form
      className="form scheduling-admin__ics"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="scheduling-admin__subtitle">
        Use an iCal feed
      </h3>
      <TextField
        id={inputId}
        label={ICS_LABEL}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://…/basic.ics"
        value={url}
        onChange={(event) => {
          setUrl(event.target.value);
          connect.reset();
        }}
        hint="Any calendar that offers a private iCal address works (Google Calendar: Settings, your calendar, “Secret address in iCal format”). We only read it."
      />
      <ErrorList errors={connect.isError ? errorsOf(connect.error) : []} />
      <div className="form__actions">
        <button
          type="submit"
          className="button button--secondary"
          disabled={url.trim() === '' || connect.isPending}
        >
          {connect.isPending ? 'Connecting…' : 'Use iCal Feed'}
        </button>
      </div>
    </form>
  );
}
