/**
 * What every new paid order gets in the transaction that inserts it, whoever made it (checkout's settle in
 * payments/settle.ts, a plan visit charged off-session in plans/visit-settle.ts, ADR 0037): its `created`
 * event, its reminder job, and, once the transaction commits, the mails of a new order.
 */
import type { Tx } from '../../db/client';
import type { SQL } from 'drizzle-orm';
import { enqueueJobQuery, uniqueJobInsert } from '../payment-records/queries';
import { REMINDER_JOB, sendOrderPlacedMails, sendPlacedOrderMails, type OrderMailDeps } from './mails';
import { addOrderEvent, addOrderEventWith, orderEventInsert, type PlacedOrderForMail } from './repo';

const HOUR_MS = 3_600_000;

export interface PlacedOrder {
  orderId: number;
  appointmentAt: Date;
  /** The customer who paid (the `created` event's actor). */
  userId: number;
  amountCents: number;
  details: Record<string, unknown>;
}

/** Logs `created`, schedules the reminder (24 h before, if still ahead) and queues the new order's mails. */
export async function recordOrderPlaced(
  tx: Tx,
  deps: OrderMailDeps,
  placed: PlacedOrder,
  after: (() => Promise<void>)[],
): Promise<void> {
  const now = deps.now();
  const { orderId, appointmentAt } = placed;
  const created = {
    orderId,
    actorUserId: placed.userId,
    actorRole: 'customer' as const,
    action: 'created' as const,
    amountCents: placed.amountCents,
    details: placed.details,
    createdAt: now,
  };
  const reminderAt = new Date(appointmentAt.getTime() - 24 * HOUR_MS);
  if (reminderAt.getTime() > now.getTime()) {
    // The event and its reminder job in one statement (issue 26: a day of plan visits settled at once).
    const reminder = enqueueJobQuery(
      tx,
      {
        kind: REMINDER_JOB,
        payload: { orderId, appointmentAt: appointmentAt.toISOString() },
        runAt: reminderAt,
        uniqueKey: `${REMINDER_JOB}:${orderId}:${appointmentAt.getTime()}`,
      },
      now,
    );
    await addOrderEventWith(tx, created, reminder);
  } else await addOrderEvent(tx, created);
  after.push(() => sendOrderPlacedMails(deps, orderId));
}

/**
 * recordOrderPlaced's writes as raw SQL, not run (issue 27): checkout's settlement sends them in one
 * statement with its payment's and booking's updates. `placedForMail`: the order as inserted with what its
 * mails show (insertOrderForMail), so the mails after the commit read nothing again.
 */
export function orderPlacedWrites(
  deps: OrderMailDeps,
  placed: PlacedOrder,
  placedForMail: PlacedOrderForMail,
  after: (() => Promise<void>)[],
): SQL[] {
  const now = deps.now();
  const { orderId, appointmentAt } = placed;
  const writes = [
    orderEventInsert({
      orderId,
      actorUserId: placed.userId,
      actorRole: 'customer',
      action: 'created',
      amountCents: placed.amountCents,
      details: placed.details,
      createdAt: now,
    }),
  ];
  const reminderAt = new Date(appointmentAt.getTime() - 24 * HOUR_MS);
  if (reminderAt.getTime() > now.getTime())
    writes.push(
      uniqueJobInsert(
        {
          kind: REMINDER_JOB,
          payload: { orderId, appointmentAt: appointmentAt.toISOString() },
          runAt: reminderAt,
          uniqueKey: `${REMINDER_JOB}:${orderId}:${appointmentAt.getTime()}`,
        },
        now,
      ),
    );
  after.push(() => sendPlacedOrderMails(deps, placedForMail));
  return writes;
}
