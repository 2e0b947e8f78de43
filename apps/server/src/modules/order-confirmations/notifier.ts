/**
 * Tells every server instance that an order was confirmed (or its payment refunded) so the socket
 * waiting for it can deliver it (ARCHITECTURE §5): PostgreSQL NOTIFY inside the transaction that made
 * the change (delivered only once it commits), LISTEN on each instance; PGlite does the same in process.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client';

export const ORDER_CONFIRMATION_CHANNEL = 'order_confirmations';

/** Inside the transaction that settles a payment: listeners hear the confirmation id after the commit. */
export async function notifyOrderConfirmation(tx: Tx, confirmationId: string) {
  await tx.execute(sql`select pg_notify(${ORDER_CONFIRMATION_CHANNEL}, ${confirmationId})`);
}

/** notifyOrderConfirmation's statement, not run: a caller sends it as the main query of its own WITH. */
export function orderConfirmationNotice(confirmationId: string): SQL {
  return sql`select pg_notify(${ORDER_CONFIRMATION_CHANNEL}, ${confirmationId})`;
}

export class OrderConfirmations {
  private readonly watchers = new Map<string, Set<() => void>>();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  async start() {
    this.stopListening = await this.database.listen(ORDER_CONFIRMATION_CHANNEL, (id) => this.fire(id));
  }

  /** Calls `onChange` whenever the confirmation id is notified, until the returned function is called. */
  watch(confirmationId: string, onChange: () => void): () => void {
    let set = this.watchers.get(confirmationId);
    if (!set) this.watchers.set(confirmationId, (set = new Set()));
    set.add(onChange);
    return () => {
      set.delete(onChange);
      if (set.size === 0) this.watchers.delete(confirmationId);
    };
  }

  private fire(confirmationId: string) {
    for (const onChange of [...(this.watchers.get(confirmationId) ?? [])]) {
      try {
        onChange();
      } catch (err) {
        this.log.error({ err, confirmationId }, 'order confirmation watcher failed');
      }
    }
  }

  async close() {
    await this.stopListening?.();
    this.stopListening = null;
    this.watchers.clear();
  }
}
