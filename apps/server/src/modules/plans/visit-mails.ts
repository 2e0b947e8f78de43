/**
 * The mails of a plan visit whose off-session charge did not go through (ADR 0037 "Charging"): the pay link
 * to the customer, and the notice to both sides when the visit is cancelled unpaid at its deadline.
 */
import { formatAppointment } from '@stg/domain/dates';
import { formatDollars } from '@stg/domain/money';
import { escapeHtml } from '../../adapters/mail/mailer';
import type { OrderMailDeps } from '../orders/mails';
import { findUserById } from '../users/queries';
import { findVendor } from '../pricing/queries';
import { findPlan, findPlanVisit } from './repo';

const when = (d: Date) => `${formatAppointment(d)} (Mountain Time)`;
const html = (lines: string[]) => lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');

/** The pay page a mailed link opens (the web's /plan-visits/pay route). */
export const payLinkOf = (publicUrl: string, token: string) =>
  `${publicUrl}/plan-visits/pay?token=${encodeURIComponent(token)}`;

async function load(deps: OrderMailDeps, visitId: number) {
  const visit = await findPlanVisit(deps.db, visitId);
  if (!visit) return null;
  const plan = await findPlan(deps.db, visit.planId);
  if (!plan) return null;
  const [customer, vendor] = await Promise.all([
    findUserById(deps.db, plan.userId),
    findVendor(deps.db, plan.vendorId),
  ]);
  if (!customer || !vendor) return null;
  return { visit, plan, customer, vendor };
}

/** "We could not charge your card": the link, the amount and the deadline. */
export async function sendVisitPayLinkMail(
  deps: OrderMailDeps,
  visitId: number,
  token: string,
  why: 'declined' | 'requires_action',
) {
  const loaded = await load(deps, visitId);
  if (!loaded) return;
  const { visit, plan, customer, vendor } = loaded;
  const amount = formatDollars(plan.subtotalCents + plan.serviceFeeCents);
  const lines = [
    `Hi ${customer.firstName},`,
    why === 'requires_action'
      ? `Your bank asks you to confirm the ${amount} payment for your visit from ${vendor.name} on ${when(visit.appointmentAt)}.`
      : `We could not charge your saved card ${amount} for your visit from ${vendor.name} on ${when(visit.appointmentAt)}.`,
    why === 'requires_action'
      ? `Confirm it here: ${payLinkOf(deps.publicUrl, token)}`
      : `Pay with this or another card here: ${payLinkOf(deps.publicUrl, token)}`,
    ...(visit.payDeadlineAt
      ? [`If it is not paid by ${when(visit.payDeadlineAt)}, the visit is cancelled and its time released.`]
      : []),
  ];
  await deps.mailer.send({
    to: customer.email,
    subject: `Payment needed: ${vendor.name}, ${formatAppointment(visit.appointmentAt)}`,
    text: lines.join('\n'),
    html: html(lines),
  });
}

/** The visit was not paid by its deadline: cancelled, both sides told. */
export async function sendVisitCancelledUnpaidMails(deps: OrderMailDeps, visitId: number) {
  const loaded = await load(deps, visitId);
  if (!loaded) return;
  const { visit, customer, vendor } = loaded;
  const customerLines = [
    `Hi ${customer.firstName},`,
    `Your visit from ${vendor.name} on ${when(visit.appointmentAt)} was cancelled because its payment was not made in time. You were not charged.`,
    `Your plan continues with its next visit. See it in Orders: ${deps.publicUrl}/orders`,
  ];
  await deps.mailer.send({
    to: customer.email,
    subject: `Visit cancelled: ${vendor.name}, ${formatAppointment(visit.appointmentAt)}`,
    text: customerLines.join('\n'),
    html: html(customerLines),
  });
  if (vendor.email) {
    const vendorLines = [
      `The plan visit of ${customer.firstName} ${customer.lastName} on ${when(visit.appointmentAt)} was cancelled: its payment was not made in time. The time is free again.`,
      `See your orders: ${deps.publicUrl}/dashboard/orders`,
    ];
    await deps.mailer.send({
      to: vendor.email,
      subject: `Plan visit cancelled: ${formatAppointment(visit.appointmentAt)}`,
      text: vendorLines.join('\n'),
      html: html(vendorLines),
    });
  }
}
