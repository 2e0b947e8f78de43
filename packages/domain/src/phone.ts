/** Ten-digit US phone numbers (spec §5, §9). */

export function normalizePhone(input: string): string | null {
  const trimmed = input.trim();
  return /^\d{10}$/.test(trimmed) ? trimmed : null;
}

/** (XXX) XXX-XXXX; anything that is not ten digits is returned as given. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '');
  if (digits.length !== 10) return phone;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
