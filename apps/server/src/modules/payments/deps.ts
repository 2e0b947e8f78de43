/** What checkout, settlement, refunds and order changes need from the app (a part of AppDeps). */
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail/mailer';
import type { PaymentProvider } from '../../adapters/payments/payment-provider';
import type { SandboxPayments } from '../../adapters/payments/sandbox-provider';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import type { BackgroundTasks } from '../../http/background';
import type { BusyTimesCheck } from '../../deps';

export interface PaymentsDeps {
  db: Db;
  now: () => Date;
  payments: PaymentProvider;
  /** The sandbox provider when it is the one in use (its browser-side endpoints exist only then). */
  sandbox: SandboxPayments | null;
  /** How long create-payment-intent holds the time. */
  holdMinutes: number;
  busyTimesCheck: BusyTimesCheck;
  background: BackgroundTasks;
  mailer: Mailer;
  storage: Storage;
  publicUrl: string;
  log: FastifyBaseLogger;
}
