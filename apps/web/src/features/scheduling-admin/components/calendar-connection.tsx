import { useId, useState } from 'react';
import { formatAppointment } from '@stg/domain/dates';
import { ErrorList } from '../../../components/error-list';
import { useModal } from '../../../components/modal/modal-provider';
import { errorsOf } from '../../../lib/api-client';
import type { Vendor, VendorCalendar } from '@stg/domain/api/vendors';
import {
  useAuthorizeCalendar,
  useCalendarProviders,
  useSyncCalendar,
  type OAuthProvider,
} from '../api/scheduling-admin-api';
import { PROVIDER_NAMES, useOAuthReturn } from '../use-oauth-return';
import { DisconnectCalendarModal } from './disconnect-calendar-modal';
import { IcsFeedForm } from './ics-feed-form';

export const NEEDS_RECONNECT =
  'Your calendar needs to be reconnected. Until it is, customers cannot book you online: connect it again below.';

/**
 * Why Connect Google Calendar / Connect Jobber is disabled (the marketplace has no credentials for
 * them), said as what the vendor can do: the iCal feed needs no setup on our side.
 */
export function unavailableNote(providers: readonly OAuthProvider[]): string {
  const names = providers.map((p) => PROVIDER_NAMES[p]).join(' or ');
  return (
    `Connecting ${names} directly is not available on this marketplace yet. ` +
    'You can connect any calendar by its iCal (ICS) feed address instead: see “Use an iCal feed” below.'
  );
}

/** The server's answer when a provider has no credentials, for a button clicked before the list came. */
const SERVER_NOT_CONFIGURED = new Map<string, OAuthProvider>([
  ['Google Calendar is not configured on this server.', 'google'],
  ['Jobber is not configured on this server.', 'jobber'],
]);
const friendlyError = (message: string) => {
  const provider = SERVER_NOT_CONFIGURED.get(message);
  return provider ? unavailableNote([provider]) : message;
};

const PROVIDERS: readonly OAuthProvider[] = ['google', 'jobber'];
const CONNECTION_NAMES = { google: 'Google Calendar', jobber: 'Jobber', ics: 'an iCal feed' } as const;

/**
 * The calendar connection (spec §2 Scheduling Preferences "calendar connect or disconnect (Google or
 * Jobber)", plus an iCal feed): its state, Connect Google Calendar and Connect Jobber, the iCal address
 * form, Sync now, and Disconnect through the disconnect-calendar modal. Also shows the outcome of a
 * return from Google's or Jobber's consent page.
 */
export function CalendarConnection({ vendor }: { vendor: Vendor }) {
  const id = useId();
  const oauth = useOAuthReturn();
  const calendar = vendor.calendar;
  const [status, setStatus] = useState('');

  return (
    <section className="card scheduling-admin__card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Calendar</h2>
      <p className="scheduling-admin__lead">
        Connect the calendar you already use: its busy times are kept out of the times customers can book.
      </p>
      {oauth.kind === 'pending' && (
        <p className="scheduling-admin__progress" role="status">
          <span className="spinner" aria-hidden="true" /> {oauth.message}
        </p>
      )}
      {oauth.kind === 'done' && (
        <p className="alert alert--success" role="status">
          {oauth.message}
        </p>
      )}
      {oauth.kind === 'failed' && <ErrorList errors={oauth.errors} />}
      {calendar ? (
        <ConnectionControls calendar={calendar} status={status} onStatus={setStatus} />
      ) : (
        <p className="field__hint">
          Your calendar settings are not set up yet, so no calendar can be connected.
        </p>
      )}
    </section>
  );
}

function ConnectionControls({
  calendar,
  status,
  onStatus,
}: {
  calendar: VendorCalendar;
  status: string;
  onStatus: (message: string) => void;
}) {
  const { openModal } = useModal();
  const id = useId();
  const noteId = `${id}-unavailable`;
  const icsFieldId = `${id}-ics`;
  const providers = useCalendarProviders();
  const authorize = useAuthorizeCalendar();
  const sync = useSyncCalendar(calendar.id);
  const type = calendar.integrationType;
  const connected = type !== null;

  const configured = (provider: OAuthProvider): boolean | null => {
    if (!providers.data) return null;
    return providers.data.providers.find((p) => p.type === provider)?.configured ?? false;
  };

  const openDisconnect = () => {
    onStatus('');
    openModal(
      <DisconnectCalendarModal
        calendarId={calendar.id}
        connectionName={type === 'ics' ? 'your iCal feed' : type ? PROVIDER_NAMES[type] : 'your calendar'}
        onDisconnected={() => onStatus('Your calendar is disconnected.')}
      />,
    );
  };

  const unavailable = PROVIDERS.filter((provider) => configured(provider) === false);

  const errors = [
    ...(authorize.isError ? errorsOf(authorize.error).map(friendlyError) : []),
    ...(sync.isError ? errorsOf(sync.error) : []),
  ];

  return (
    <>
      {calendar.needsReconnect && (
        <div className="alert alert--warning scheduling-admin__reconnect" role="alert">
          <p>{NEEDS_RECONNECT}</p>
        </div>
      )}
      <div className="scheduling-admin__state">
        <p className="scheduling-admin__state-title">
          <span className={`badge ${connected ? 'badge--green' : 'badge--grey'}`}>
            {connected ? 'Connected' : 'Not connected'}
          </span>{' '}
          {connected ? `Connected to ${CONNECTION_NAMES[type]}` : 'No calendar connected'}
        </p>
        {connected && (
          <dl className="details scheduling-admin__state-details">
            {type === 'ics' && calendar.icsUrlHint && (
              <div>
                <dt>Feed address</dt>
                <dd className="scheduling-admin__break">{calendar.icsUrlHint}</dd>
              </div>
            )}
            {type !== 'ics' && calendar.integratedCalendarId && (
              <div>
                <dt>Calendar</dt>
                <dd className="scheduling-admin__break">{calendar.integratedCalendarId}</dd>
              </div>
            )}
            <div>
              <dt>Last synced</dt>
              <dd>
                {calendar.lastSyncedAt
                  ? `${formatAppointment(calendar.lastSyncedAt)} (Mountain Time)`
                  : 'Not yet'}
              </dd>
            </div>
          </dl>
        )}
        {calendar.syncError && (
          <p className="alert alert--error scheduling-admin__sync-error">
            The last sync did not work: {calendar.syncError}
          </p>
        )}
        {!connected && (
          <p className="field__hint">
            Without a calendar, customers can book any free time inside your workday hours.
          </p>
        )}
      </div>

      {connected && (
        <div className="scheduling-admin__buttons">
          <button
            type="button"
            className="button button--secondary"
            disabled={sync.isPending}
            onClick={() => {
              onStatus('');
              authorize.reset();
              sync.mutate(undefined, { onSuccess: () => onStatus('Your calendar is synced.') });
            }}
          >
            {sync.isPending ? 'Syncing…' : 'Sync now'}
          </button>
          <button
            type="button"
            className="button button--ghost scheduling-admin__disconnect"
            aria-haspopup="dialog"
            onClick={openDisconnect}
          >
            Disconnect
          </button>
        </div>
      )}

      <h3 className="scheduling-admin__subtitle">
        {connected ? 'Connect another calendar' : 'Connect a calendar'}
      </h3>
      <div className="scheduling-admin__providers">
        {PROVIDERS.map((provider) => {
          const ready = configured(provider);
          const name = PROVIDER_NAMES[provider];
          return (
            <div key={provider} className="scheduling-admin__provider">
              <button
                type="button"
                className="button button--primary"
                disabled={ready !== true || authorize.isPending}
                aria-describedby={ready === false ? noteId : undefined}
                onClick={() => {
                  onStatus('');
                  sync.reset();
                  authorize.mutate(provider);
                }}
              >
                {authorize.isPending && authorize.variables === provider
                  ? `Opening ${name}…`
                  : `${type === provider ? 'Reconnect' : 'Connect'} ${name}`}
              </button>
            </div>
          );
        })}
      </div>
      {unavailable.length > 0 && (
        <div className="scheduling-admin__unavailable">
          <p id={noteId} className="field__hint">
            {unavailableNote(unavailable)}
          </p>
          <button
            type="button"
            className="link-button"
            onClick={() => document.getElementById(icsFieldId)?.focus()}
          >
            Go to the iCal feed
          </button>
        </div>
      )}
      <ErrorList errors={errors} />
      <p role="status" className="form__status">
        {status}
      </p>
      <IcsFeedForm
        calendarId={calendar.id}
        inputId={icsFieldId}
        onConnected={() => onStatus('Your iCal feed is connected and synced.')}
      />
    </>
  );
}
