/** Status badge colours of spec §4. */
export type StatusTone = 'blue' | 'green' | 'red' | 'yellow' | 'grey';

const TONES: Record<string, StatusTone> = {
  collected: 'blue',
  unfulfilled: 'blue',
  processed: 'green',
  fulfilled: 'green',
  refunded: 'red',
  cancelled: 'red',
  partially_refunded: 'yellow',
  rescheduled: 'yellow',
};

/** The badge colour of a fulfillment or payment status; grey for those the spec gives none. */
export function statusTone(status: string): StatusTone {
  return TONES[status] ?? 'grey';
}

/** "partially_refunded" → "Partially refunded". */
export function statusLabel(status: string): string {
  const words = status.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
