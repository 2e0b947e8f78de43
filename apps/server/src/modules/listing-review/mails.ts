/** The mails a vendor gets when an operator decides on the listing. */
import { SEND_BACK_ITEM_LABELS, type SendBackItem } from '@stg/domain/api/vendors';
import { escapeHtml, type MailMessage } from '../../adapters/mail/mailer';

interface MailInput {
  to: string;
  vendor: { id: number; name: string };
  admin: { firstName: string } | null;
  publicUrl: string;
}

const greeting = (admin: MailInput['admin']) => (admin ? `Hi ${admin.firstName},` : 'Hello,');

export function listingApprovedMail(input: MailInput): MailMessage {
  const listing = `${input.publicUrl}/vendors/${input.vendor.id}`;
  const orders = `${input.publicUrl}/dashboard/orders`;
  const text = [
    greeting(input.admin),
    '',
    `Good news: ${input.vendor.name} is approved and live on the marketplace. Customers can now find your listing, get an instant price and book you.`,
    '',
    `Your listing: ${listing}`,
    `Your orders: ${orders}`,
    '',
    'Thank you for joining us.',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting(input.admin))}</p><p>Good news: <strong>${escapeHtml(
    input.vendor.name,
  )}</strong> is approved and live on the marketplace. Customers can now find your listing, get an instant price and book you.</p><p><a href="${escapeHtml(
    listing,
  )}">See your listing</a> · <a href="${escapeHtml(orders)}">Your orders</a></p><p>Thank you for joining us.</p>`;
  return { to: input.to, subject: `${input.vendor.name} is live`, text, html };
}

/**
 * A listing sent back: what to fix, each a Setup step (issue 25 §1), then the operator's reason in their
 * words; either may be absent, never both (rejectListingRequestSchema).
 */
export function listingRejectedMail(
  input: MailInput & { reason: string; fixes: readonly SendBackItem[] },
): MailMessage {
  const setup = `${input.publicUrl}/dashboard/setup`;
  const fixes = input.fixes.map((item) => SEND_BACK_ITEM_LABELS[item]);
  const text = [
    greeting(input.admin),
    '',
    `We reviewed ${input.vendor.name} and need a few changes before it can go live.`,
    ...(fixes.length > 0 ? ['', 'Please fix:', ...fixes.map((f) => `- ${f}`)] : []),
    ...(input.reason ? ['', input.reason] : []),
    '',
    `Make the changes in your account setup and submit your listing for review again: ${setup}`,
  ].join('\n');
  const fixesHtml =
    fixes.length > 0
      ? `<p>Please fix:</p><ul>${fixes.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`
      : '';
  const reasonHtml = input.reason
    ? `<blockquote>${escapeHtml(input.reason).replace(/\n/g, '<br>')}</blockquote>`
    : '';
  const html = `<p>${escapeHtml(greeting(input.admin))}</p><p>We reviewed <strong>${escapeHtml(
    input.vendor.name,
  )}</strong> and need a few changes before it can go live.</p>${fixesHtml}${reasonHtml}<p>Make the changes in <a href="${escapeHtml(setup)}">your account setup</a> and submit your listing for review again.</p>`;
  return { to: input.to, subject: `Changes needed before ${input.vendor.name} goes live`, text, html };
}
