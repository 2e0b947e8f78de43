/**
 * The mails of an order's life: confirmation to the customer (with a calendar invite in St George
 * time), new order to the vendor, a reminder 24 hours before, and a message to both on a cancel or a
 * reschedule; and the notice to a customer whose payment lost the time and was refunded.
 */
import { CATEGORY_LABELS, TIME_ZONE } from '@stg/domain/constants';
import { formatAppointment, formatClock, formatDurationShort } from '@stg/domain/dates';
import { formatDollars } from '@stg/domain/money';
import { toZonedIso } from '@stg/domain/zoned-time';
import { CHECKOUT_MESSAGES } from '@stg/domain/checkout';
import { escapeHtml, sendMails, type Mailer, type MailMessage } from '../../adapters/mail/mailer';
import type { Db } from '../../db/client';
import { findUserById } from '../users/queries';
import { findCustomerOrderAndCustomer, type CustomerOrderRow, type PlacedOrderForMail } from './repo';

/** The job that mails an order's reminder before its appointment (made at settlement, moved by a reschedule). */
export const REMINDER_JOB = 'order-reminder';

export interface OrderMailDeps {
  db: Db;
  mailer: Pick<Mailer, 'send'> & Partial<Pick<Mailer, 'sendAll'>>;
  publicUrl: string;
  now: () => Date;
}

/** "Dec 15th, 1:00pm (Mountain Time)": the shared format (spec §9) of @stg/domain/dates. */
const when = (d: Date) => `${formatAppointment(d)} (Mountain Time)`;
/** An invite's local date-time, "20261215T130000" (RFC 5545 with TZID=America/Denver): data, not text. */
const icsLocal = (d: Date) => toZonedIso(d.getTime(), TIME_ZONE).slice(0, 19).replace(/[-:]/g, '');

function escapeIcs(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** America/Denver's rules as a VTIMEZONE, so calendars place the invite in St George time. */
const DENVER_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:America/Denver',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0700',
  'TZOFFSETTO:-0600',
  'TZNAME:MDT',
  'DTSTART:19700308T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0600',
  'TZOFFSETTO:-0700',
  'TZNAME:MST',
  'DTSTART:19701101T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** The order as an iCalendar invite (RFC 5545), in America/Denver local time. */
export function orderInvite(
  row: CustomerOrderRow,
  opts: { now: Date; publicUrl: string; cancelled?: boolean },
): string {
  const o = row.order;
  const end = new Date(o.appointmentAt.getTime() + o.durationMins * 60_000);
  const service = CATEGORY_LABELS[row.vendor.category] ?? row.vendor.category;
  const address = row.address
    ? [
        row.address.streetAddress,
        row.address.streetAddress2,
        `${row.address.city}, ${row.address.state} ${row.address.zipCode}`,
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  const stamp = `${opts.now.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//St George Services Marketplace//Orders//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${opts.cancelled ? 'CANCEL' : 'REQUEST'}`,
    ...DENVER_VTIMEZONE,
    'BEGIN:VEVENT',
    `UID:${o.confirmationId}@stg-marketplace`,
    `SEQUENCE:${o.rescheduleCount + (opts.cancelled ? 1 : 0)}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;TZID=America/Denver:${icsLocal(o.appointmentAt)}`,
    `DTEND;TZID=America/Denver:${icsLocal(end)}`,
    `SUMMARY:${escapeIcs(`${service} with ${row.vendor.name}`)}`,
    `DESCRIPTION:${escapeIcs(`${when(o.appointmentAt)}. Confirmation ${o.confirmationId}. ${opts.publicUrl}/orders`)}`,
    ...(address ? [`LOCATION:${escapeIcs(address)}`] : []),
    `STATUS:${opts.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  // RFC 5545 wants CRLF line ends and lines folded at 75 octets.
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

function foldLine(line: string): string {
  if (line.length <= 74) return line;
  const parts: string[] = [];
  for (let i = 0; i < line.length; i += 73) parts.push((i === 0 ? '' : ' ') + line.slice(i, i + 73));
  return parts.join('\r\n');
}

function summaryLines(row: CustomerOrderRow): string[] {
  const o = row.order;
  const service = CATEGORY_LABELS[row.vendor.category] ?? row.vendor.category;
  return [
    `Confirmation: ${o.confirmationId}`,
    `Provider: ${row.vendor.name}`,
    `Service: ${service}`,
    ...Object.entries(o.optionsSnapshot).map(([q, a]) => `${q}: ${a}`),
    `Appointment: ${when(o.appointmentAt)}`,
    `Estimated duration: ${formatDurationShort(o.durationMins)}`,
    `Total: ${formatDollars(o.totalCollectedCents)}`,
  ];
}

const html = (lines: string[]) => lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');

async function load(deps: OrderMailDeps, orderId: number) {
  // The order, its vendor and its customer in one read.
  return findCustomerOrderAndCustomer(deps.db, orderId);
}

export async function sendOrderPlacedMails(deps: OrderMailDeps, orderId: number) {
  const loaded = await load(deps, orderId);
  if (loaded) await sendPlacedOrderMails(deps, loaded);
}

/**
 * The new order's mails from the rows its settlement has in hand (orders/repo.ts insertOrderForMail: the
 * order as inserted, its vendor, address and customer), without reading the order again (issue 27).
 */
export async function sendPlacedOrderMails(deps: OrderMailDeps, loaded: PlacedOrderForMail) {
  const { row, customer } = loaded;
  const o = row.order;
  const customerLines = [
    `Hi ${customer.firstName},`,
    `Your booking is confirmed. ${row.vendor.name} will see you on ${when(o.appointmentAt)}.`,
    ...summaryLines(row),
    ...(row.vendor.appointmentInstructions
      ? [`From ${row.vendor.name}: ${row.vendor.appointmentInstructions}`]
      : []),
    `See or change your order: ${deps.publicUrl}/orders`,
  ];
  const mails: MailMessage[] = [
    {
      to: customer.email,
      subject: `Booking confirmed: ${row.vendor.name}, ${formatAppointment(o.appointmentAt)}`,
      text: customerLines.join('\n'),
      html: html(customerLines),
      attachments: [
        {
          filename: 'appointment.ics',
          contentType: 'text/calendar; charset=utf-8; method=REQUEST',
          content: orderInvite(row, { now: deps.now(), publicUrl: deps.publicUrl }),
        },
      ],
    },
  ];
  if (row.vendor.email) {
    const vendorLines = [
      `New order from ${customer.firstName} ${customer.lastName}.`,
      ...summaryLines(row),
      ...(o.customerNotes ? [`Customer's instructions: ${o.customerNotes}`] : []),
      `See it in your dashboard: ${deps.publicUrl}/dashboard/orders`,
    ];
    mails.push({
      to: row.vendor.email,
      subject: `New order ${o.confirmationId}: ${formatAppointment(o.appointmentAt)}`,
      text: vendorLines.join('\n'),
      html: html(vendorLines),
    });
  }
  // The customer's and the vendor's in one go (the outbox stores both in one statement).
  await sendMails(deps.mailer, mails);
}

export async function sendReminderMail(deps: OrderMailDeps, orderId: number) {
  const loaded = await load(deps, orderId);
  if (!loaded) return false;
  const { row, customer } = loaded;
  const lines = [
    `Hi ${customer.firstName},`,
    `A reminder: ${row.vendor.name} will see you tomorrow, ${when(row.order.appointmentAt)}.`,
    ...summaryLines(row),
    ...(row.vendor.appointmentInstructions
      ? [`From ${row.vendor.name}: ${row.vendor.appointmentInstructions}`]
      : []),
  ];
  await deps.mailer.send({
    to: customer.email,
    subject: `Reminder: ${row.vendor.name} tomorrow at ${formatClock(row.order.appointmentAt)}`,
    text: lines.join('\n'),
    html: html(lines),
  });
  return true;
}

/** A cancel or a reschedule, told to the customer (with the updated invite) and to the vendor. */
export async function sendOrderChangedMails(
  deps: OrderMailDeps,
  orderId: number,
  change: { kind: 'cancelled' | 'rescheduled'; by: 'customer' | 'vendor'; reason?: string | null },
) {
  const loaded = await load(deps, orderId);
  if (!loaded) return;
  const { row, customer } = loaded;
  const o = row.order;
  const cancelled = change.kind === 'cancelled';
  const head = cancelled
    ? `Order ${o.confirmationId} with ${row.vendor.name} was cancelled${change.by === 'customer' ? ' by the customer' : ' by the vendor'}.`
    : `Order ${o.confirmationId} with ${row.vendor.name} moved to ${when(o.appointmentAt)}${
        o.previousAppointmentAt ? ` (was ${formatAppointment(o.previousAppointmentAt)})` : ''
      }.`;
  const money =
    cancelled && o.refundAmountCents > 0
      ? [`Refund: ${formatDollars(o.refundAmountCents)} to the card used.`]
      : [];
  const reason = change.reason ? [`Reason: ${change.reason}`] : [];
  const customerLines = [`Hi ${customer.firstName},`, head, ...reason, ...money, ...summaryLines(row)];
  await deps.mailer.send({
    to: customer.email,
    subject: cancelled
      ? `Order cancelled: ${row.vendor.name}`
      : `Order rescheduled: ${row.vendor.name}, ${formatAppointment(o.appointmentAt)}`,
    text: customerLines.join('\n'),
    html: html(customerLines),
    attachments: [
      {
        filename: 'appointment.ics',
        contentType: `text/calendar; charset=utf-8; method=${cancelled ? 'CANCEL' : 'REQUEST'}`,
        content: orderInvite(row, { now: deps.now(), publicUrl: deps.publicUrl, cancelled }),
      },
    ],
  });
  if (row.vendor.email) {
    const vendorLines = [
      head,
      ...reason,
      ...money,
      `Customer: ${customer.firstName} ${customer.lastName}`,
      ...summaryLines(row),
    ];
    await deps.mailer.send({
      to: row.vendor.email,
      subject: cancelled ? `Order ${o.confirmationId} cancelled` : `Order ${o.confirmationId} rescheduled`,
      text: vendorLines.join('\n'),
      html: html(vendorLines),
    });
  }
}

/** A partial refund by the vendor, told to the customer (the money goes back to the card used). */
export async function sendPartialRefundMail(
  deps: OrderMailDeps,
  orderId: number,
  refund: { amountCents: number; reason: string },
) {
  const loaded = await load(deps, orderId);
  if (!loaded) return;
  const { row, customer } = loaded;
  const o = row.order;
  const lines = [
    `Hi ${customer.firstName},`,
    `${row.vendor.name} refunded ${formatDollars(refund.amountCents)} of order ${o.confirmationId} to the card used.`,
    `Reason: ${refund.reason}`,
    `Refunded so far: ${formatDollars(o.refundAmountCents)} of ${formatDollars(o.totalCollectedCents)}.`,
    `See your order: ${deps.publicUrl}/orders`,
  ];
  await deps.mailer.send({
    to: customer.email,
    subject: `Refund of ${formatDollars(refund.amountCents)}: ${row.vendor.name}`,
    text: lines.join('\n'),
    html: html(lines),
  });
}

/** The customer whose payment lost the time to another order: refunded in full. */
export async function sendConflictRefundMail(
  deps: OrderMailDeps,
  payment: {
    userId: number;
    totalCents: number;
    confirmationId: string;
    vendorId: number;
    failureMessage: string | null;
  },
) {
  const customer = await findUserById(deps.db, payment.userId);
  if (!customer) return;
  const lines = [
    `Hi ${customer.firstName},`,
    payment.failureMessage ?? CHECKOUT_MESSAGES.slotTakenRefunded,
    `Refund: ${formatDollars(payment.totalCents)} to the card used (reference ${payment.confirmationId}).`,
    `Pick another time: ${deps.publicUrl}/vendors/${payment.vendorId}`,
  ];
  await deps.mailer.send({
    to: customer.email,
    subject: 'Your payment was refunded: that time was just booked',
    text: lines.join('\n'),
    html: html(lines),
  });
}
