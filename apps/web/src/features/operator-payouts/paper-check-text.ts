/**
 * How a Paper Check owed reads on the page (spec §9: money with two decimals, phone (XXX) XXX-XXXX, dates in
 * St George's time zone, America/Denver).
 */
import type { PaperCheckOwed, PaperCheckReason } from '@stg/domain/api/payouts';
import { formatAppointment, formatCalendarDate } from '@stg/domain/dates';
import { dollarsToCents, formatDollars } from '@stg/domain/money';

export const EMPTY_PAPER_CHECKS = 'No paper checks are owed.';
export const DATES_NOTE = 'Dates are in Mountain Time (St George).';

export const EMPTY_TRANSFERS = 'No transfers need checking.';
export const TRANSFERS_NOTE =
  'The payment provider could not be reached on any try, so these orders show paid but no transfer is recorded: the transfer may or may not exist. Look it up on the provider’s dashboard by its key, then retry: the same key is sent again, so a transfer that exists is never paid twice. Oldest first.';

/** Why the vendor gets a check rather than a transfer. */
export const REASON_LABELS: Record<PaperCheckReason, string> = {
  no_payout_account: 'No payout account',
  transfer_refused: 'Transfer refused',
  other_payment_mode: 'Other payment mode',
};

const REASON_DETAILS: Record<PaperCheckReason, string> = {
  no_payout_account: 'Payouts are not set up for this vendor.',
  transfer_refused: 'The transfer to the vendor’s account was refused.',
  other_payment_mode: 'The order was paid in another payment mode (test mode).',
};

/** The reason's detail: the provider's own message for a refused transfer, when it gave one. */
export function reasonDetail(payout: Pick<PaperCheckOwed, 'reason' | 'failureMessage'>): string {
  if (payout.reason === 'transfer_refused' && payout.failureMessage) return payout.failureMessage;
  return REASON_DETAILS[payout.reason];
}

/** "$1,234.50" from dollars. */
export const money = (dollars: number) => formatDollars(dollarsToCents(dollars));

/** "Nov 24, 2026" in St George; a dash when unknown. */
export const dayOf = (iso: string | null) => (iso ? formatCalendarDate(iso) || '—' : '—');

/** The mailing address as envelope lines, or null when none is on file. */
export function addressLines(address: PaperCheckOwed['vendor']['address']): string[] | null {
  if (!address) return null;
  const street = [address.streetAddress, address.streetAddress2].filter(Boolean).join(', ');
  return [street, `${address.city}, ${address.state} ${address.zipCode}`];
}

export const NO_ADDRESS = 'No address on file';

export const checksCount = (n: number) => (n === 1 ? '1 check' : `${n} checks`);

/** "Nov 24th, 9:00am" in St George; a dash when unreadable. */
export const whenOf = (iso: string) => formatAppointment(iso) || '—';
