import type { PaperCheckOwed } from '@stg/domain/api/payouts';
import { formatPhone } from '@stg/domain/phone';
import { ErrorList } from '../../../components/error-list';
import { errorsOf } from '../../../lib/api-client';
import { addressLines, dayOf, NO_ADDRESS, REASON_LABELS, reasonDetail } from '../paper-check-text';

type Props = { payout: PaperCheckOwed };

/** Where the check is mailed, as on an envelope. */
export function MailingAddress({ payout }: Props) {
  const lines = addressLines(payout.vendor.address);
  if (!lines) return <span className="operator-payouts__warning">{NO_ADDRESS}</span>;
  return (
    <address className="operator-payouts__address">
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </address>
  );
}

/** A long email breaks after its "@" first, rather than in the middle of a word. */
function emailWithBreak(email: string) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** The vendor's phone and email (of a check owed, or of a transfer to check). */
export function VendorContact({ payout }: { payout: { vendor: { phoneNumber: string; email: string } } }) {
  const { phoneNumber, email } = payout.vendor;
  return (
    <span className="operator-payouts__contact">
      {phoneNumber && (
        <a className="operator-payouts__phone" href={`tel:${phoneNumber.replace(/\D/g, '')}`}>
          {formatPhone(phoneNumber)}
        </a>
      )}
      <a href={`mailto:${email}`}>{emailWithBreak(email)}</a>
    </span>
  );
}

/** Why a check: the reason, and its detail (the provider's message for a refused transfer). */
export function CheckReason({ payout }: Props) {
  return (
    <span className="operator-payouts__reason">
      <strong>{REASON_LABELS[payout.reason]}</strong>
      <span className="operator-payouts__muted">{reasonDetail(payout)}</span>
    </span>
  );
}

/** A date in St George, machine-readable too. */
export function Day({ iso }: { iso: string | null }) {
  return iso ? <time dateTime={iso}>{dayOf(iso)}</time> : <>—</>;
}

/** A list that could not be loaded: its messages and Try again (refetches; off while fetching). */
export function LoadError({
  query,
}: {
  query: { error: unknown; isFetching: boolean; refetch: () => Promise<unknown> };
}) {
  return (
    <div className="operator-payouts__error">
      <ErrorList errors={errorsOf(query.error)} />
      <button
        type="button"
        className="button button--secondary"
        disabled={query.isFetching}
        onClick={() => void query.refetch()}
      >
        Try again
      </button>
    </div>
  );
}
