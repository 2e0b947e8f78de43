/** Texts derived from a vendor's cancellation policy (spec §2 Provider page, §4, §9: 0-24 hours). */

const hoursText = (hours: number) => `${hours} ${hours === 1 ? 'hour' : 'hours'}`;

/** The cancellation and reschedule policy shown on a provider page. */
export function cancellationPolicyText(cancelationPolicyHours: number | null | undefined): string {
  const hours = Math.max(0, Math.floor(Number(cancelationPolicyHours) || 0));
  if (hours === 0) return 'Cancel or reschedule free of charge at any time until your appointment starts.';
  return (
    `Cancel or reschedule free of charge up to ${hoursText(hours)} before your appointment. ` +
    `Within ${hoursText(hours)} of the appointment, changes are arranged with the vendor.`
  );
}
