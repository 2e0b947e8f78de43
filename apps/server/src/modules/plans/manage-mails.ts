/**
 * The mails of a plan change (ADR 0037 "Managing a plan"): a visit skipped, the plan paused, the plan
 * cancelled. Both sides are told, after the change is committed, in the words of the order mails.
 */
import { dayText, formatAppointment } from '@stg/domain/dates';
import { formatDollars } from '@stg/domain/money';
import { PLAN_FREQUENCY_LABELS } from '@stg/domain/plans';
import { parseLocalDate } from '@stg/domain/zoned-time';
import { escapeHtml } from '../../adapters/mail/mailer';
import type { OrderMailDeps } from '../orders/mails';
import { findUserById } from '../users/queries';
import { findVendor } from '../pricing/queries';
import { findPlan } from './repo';

/** What changed: the visits it let go (their appointments), who did it, and the pause's end or the reason. */
export interface PlanChangeMail {
  kind: 'skipped' | 'paused' | 'cancelled' | 'rescheduled' | 'schedule_changed' | 'price_accepted';
  planId: number;
  /** The visits it let go; for `rescheduled` the visit's old time (none when it needed a new time). */
  visits: Date[];
  by: 'customer' | 'vendor';
  until?: string;
  reason?: string | null;
  /** `rescheduled`: the visit's new time; `schedule_changed`: the first visit on the new schedule. */
  to?: Date;
  /** `schedule_changed`: the visits whose new time was busy (the customer picks another). */
  needsTime?: Date[];
  /** `schedule_changed`, `price_accepted`: the price per visit from now on, in cents. */
  pricePerVisitCents?: number;
  /** `price_accepted`: the price per visit until now, in cents. */
  fromPricePerVisitCents?: number;
  /** `schedule_changed`: the visits whose time was busy, moved to the nearest free time in their week. */
  moved?: { from: Date; to: Date }[];
}

const formatCents = (cents: number) => formatDollars(cents);
const when = (d: Date) => `${formatAppointment(d)} (Mountain Time)`;
const html = (lines: string[]) => lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
const dayOf = (date: string) => {
  const d = parseLocalDate(date);
  return d ? dayText(d) : date;
};
const visitsLine = (visits: Date[], verb: string) =>
  visits.length === 0 ? [] : [`${verb}: ${visits.map(when).join('; ')}.`];

function moveTexts(m: PlanChangeMail, plan: string, vendorName: string, customerName: string) {
  const to = m.to!;
  const from = m.visits[0];
  if (m.kind === 'rescheduled')
    return {
      customerSubject: `Visit rescheduled: ${vendorName}, ${formatAppointment(to)}`,
      customer: [
        from
          ? `Your visit from ${vendorName} on ${when(from)} is now on ${when(to)}.`
          : `Your visit from ${vendorName} is now on ${when(to)}.`,
        `It is held for you and charged when its cancellation window closes, as every visit of your ${plan} plan.`,
      ],
      vendorSubject: `Plan visit rescheduled: ${formatAppointment(to)}`,
      vendor: [
        from
          ? `${customerName} moved their plan visit from ${when(from)} to ${when(to)}.`
          : `${customerName} chose ${when(to)} for their plan visit.`,
      ],
    };
  const price =
    m.pricePerVisitCents !== undefined ? [`Price per visit: ${formatCents(m.pricePerVisitCents)}.`] : [];
  const asked = visitsLine(m.needsTime ?? [], 'These times were taken: pick another in Orders');
  const moved = (m.moved ?? []).map(
    (x) => `${when(x.from)} was taken, so that visit is on ${when(x.to)}, the nearest free time that week.`,
  );
  return {
    customerSubject: `Plan changed: ${vendorName}, ${plan} from ${formatAppointment(to)}`,
    customer: [
      `Your plan with ${vendorName} is now ${plan}, from ${when(to)}.`,
      ...price,
      ...visitsLine(m.visits, 'Visits replaced, not charged'),
      ...moved,
      ...asked,
    ],
    vendorSubject: `Plan changed: ${customerName}, ${plan} from ${formatAppointment(to)}`,
    vendor: [
      `${customerName} changed their plan to ${plan}, from ${when(to)}.`,
      ...price,
      ...visitsLine(m.visits, 'Times freed'),
    ],
  };
}

function priceTexts(m: PlanChangeMail, plan: string, vendorName: string, customerName: string) {
  const first = m.visits[0];
  const from = first ? `from your visit on ${when(first)}` : 'from your next visit';
  const price = `${formatCents(m.pricePerVisitCents ?? 0)} a visit`;
  const was = `(was ${formatCents(m.fromPricePerVisitCents ?? 0)})`;
  return {
    customerSubject: `New price accepted: ${vendorName}, ${price}`,
    customer: [
      `You accepted ${vendorName}'s new price for your ${plan} plan: ${price} ${was}, ${from}.`,
      'Visits already charged keep the price they were charged.',
    ],
    vendorSubject: `New plan price accepted: ${customerName}, ${price}`,
    vendor: [
      `${customerName} accepted your new price for their ${plan} plan: ${price} ${was}, ${first ? `from the visit on ${when(first)}` : 'from the next visit'}.`,
    ],
  };
}

function texts(m: PlanChangeMail, plan: string, vendorName: string, customerName: string) {
  if (m.kind === 'price_accepted') return priceTexts(m, plan, vendorName, customerName);
  if ((m.kind === 'rescheduled' || m.kind === 'schedule_changed') && m.to)
    return moveTexts(m, plan, vendorName, customerName);
  const first = m.visits[0];
  if (m.kind === 'skipped' && first)
    return {
      customerSubject: `Visit skipped: ${vendorName}, ${formatAppointment(first)}`,
      customer: [
        `You skipped your visit from ${vendorName} on ${when(first)}. You will not be charged for it.`,
        `Your ${plan} plan continues with its next visit.`,
      ],
      vendorSubject: `Plan visit skipped: ${formatAppointment(first)}`,
      vendor: [`${customerName} skipped their plan visit on ${when(first)}. The time is free again.`],
    };
  if (m.kind === 'paused')
    return {
      customerSubject: `Plan paused: ${vendorName} until ${dayOf(m.until ?? '')}`,
      customer: [
        `Your ${plan} plan with ${vendorName} is paused until ${dayOf(m.until ?? '')}. Visits start again from that day.`,
        ...visitsLine(m.visits, 'Skipped visits, not charged'),
      ],
      vendorSubject: `Plan paused until ${dayOf(m.until ?? '')}: ${customerName}`,
      vendor: [
        `${customerName} paused their ${plan} plan until ${dayOf(m.until ?? '')}.`,
        ...visitsLine(m.visits, 'Times freed'),
      ],
    };
  const reason = m.reason ? [`Reason: ${m.reason}`] : [];
  return {
    customerSubject: `Plan cancelled: ${vendorName}`,
    customer: [
      m.by === 'vendor'
        ? `${vendorName} cancelled your ${plan} plan.`
        : `You cancelled your ${plan} plan with ${vendorName}.`,
      ...reason,
      ...visitsLine(m.visits, 'Visits cancelled, not charged'),
      'Visits already charged are orders: cancel them from Orders as any order.',
    ],
    vendorSubject: `Plan cancelled: ${customerName}`,
    vendor: [
      m.by === 'vendor'
        ? `You cancelled the ${plan} plan of ${customerName}.`
        : `${customerName} cancelled their ${plan} plan.`,
      ...reason,
      ...visitsLine(m.visits, 'Times freed'),
    ],
  };
}

export async function sendPlanChangeMails(deps: OrderMailDeps, m: PlanChangeMail) {
  const plan = await findPlan(deps.db, m.planId);
  if (!plan) return;
  const [customer, vendor] = await Promise.all([
    findUserById(deps.db, plan.userId),
    findVendor(deps.db, plan.vendorId),
  ]);
  if (!customer || !vendor) return;
  const t = texts(
    m,
    PLAN_FREQUENCY_LABELS[plan.frequency].toLowerCase(),
    vendor.name,
    `${customer.firstName} ${customer.lastName}`,
  );
  const customerLines = [
    `Hi ${customer.firstName},`,
    ...t.customer,
    `See your plan in Orders: ${deps.publicUrl}/orders`,
  ];
  await deps.mailer.send({
    to: customer.email,
    subject: t.customerSubject,
    text: customerLines.join('\n'),
    html: html(customerLines),
  });
  if (vendor.email) {
    const vendorLines = [...t.vendor, `See your orders: ${deps.publicUrl}/dashboard/orders`];
    await deps.mailer.send({
      to: vendor.email,
      subject: t.vendorSubject,
      text: vendorLines.join('\n'),
      html: html(vendorLines),
    });
  }
}

/**
 * Visits that met a busy time (ADR 0037): moved to the nearest free time in their week, or waiting for the
 * customer to pick another (Orders shows "Pick a new time"). Both sides are told.
 */
export async function sendVisitsMovedMails(
  deps: OrderMailDeps,
  planId: number,
  moves: { moved: { from: Date; to: Date }[]; needsTime: Date[] },
) {
  const plan = await findPlan(deps.db, planId);
  if (!plan) return;
  const [customer, vendor] = await Promise.all([
    findUserById(deps.db, plan.userId),
    findVendor(deps.db, plan.vendorId),
  ]);
  if (!customer || !vendor) return;
  const customerName = `${customer.firstName} ${customer.lastName}`;
  const movedLines = moves.moved.map((m) => `${when(m.from)} is now ${when(m.to)}`);
  const first = moves.moved[0]?.to ?? moves.needsTime[0];
  if (!first) return;
  const customerLines = [
    `Hi ${customer.firstName},`,
    ...(movedLines.length > 0
      ? [
          `${vendor.name} is busy at the usual time of a plan visit, so it moved to the nearest free time in the same week:`,
          ...movedLines.map((l) => `${l}.`),
        ]
      : []),
    ...visitsLine(
      moves.needsTime,
      'No free time was left that week for these visits: please pick another time in Orders',
    ),
    `See your plan in Orders: ${deps.publicUrl}/orders`,
  ];
  await deps.mailer.send({
    to: customer.email,
    subject:
      moves.needsTime.length > 0
        ? `Pick a new time: ${vendor.name}, ${formatAppointment(moves.needsTime[0]!)}`
        : `Visit moved: ${vendor.name}, ${formatAppointment(first)}`,
    text: customerLines.join('\n'),
    html: html(customerLines),
  });
  if (vendor.email) {
    const vendorLines = [
      ...(movedLines.length > 0
        ? [
            `Plan visits of ${customerName} met a busy time in your calendar and moved:`,
            ...movedLines.map((l) => `${l}.`),
          ]
        : []),
      ...visitsLine(
        moves.needsTime,
        `Released (no free time that week; ${customer.firstName} picks another)`,
      ),
      `See your orders: ${deps.publicUrl}/dashboard/orders`,
    ];
    await deps.mailer.send({
      to: vendor.email,
      subject: `Plan visits moved: ${customerName}`,
      text: vendorLines.join('\n'),
      html: html(vendorLines),
    });
  }
}
