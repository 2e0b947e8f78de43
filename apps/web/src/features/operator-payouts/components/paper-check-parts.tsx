import type { PaperCheckOwed } from '@stg/domain/api/payouts';
import { formatPhone } from '@stg/domain/phone';
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

/** The vendor's phone and email. */
export function VendorContact({ payout }: Props) {
  const { phoneNumber, email } = payout.vendor;
  return (
    <span className="operator-payouts__contact">
      {phoneNumber && <a href={`tel:${phoneNumber.replace(/\D/g, '')}`}>{formatPhone(phoneNumber)}</a>}
      <a href={`mailto:${email}`}>{email}</a>
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
