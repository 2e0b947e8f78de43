import {
  EARNINGS_STATUS_LABELS,
  type EarningsPeriod,
  type EarningsStatus,
  type EarningsSummary,
} from '@stg/domain/api/earnings';
import { money } from '../earnings-text';

const PERIODS = [
  { key: 'week', title: 'This week' },
  { key: 'month', title: 'This month' },
  { key: 'year', title: 'This year' },
] as const;

/** The statuses shown under each total: always Sent and Scheduled, the others when they hold money. */
const STATUS_ORDER: readonly EarningsStatus[] = [
  'sent',
  'scheduled',
  'sending',
  'checking',
  'owed',
  'held',
  'upcoming',
];

function PeriodCard({ title, period }: { title: string; period: EarningsPeriod }) {
  const statuses = STATUS_ORDER.filter((s) => s === 'sent' || s === 'scheduled' || period.byStatus[s] > 0);
  return (
    <section className="earnings-card earnings-total" aria-label={title}>
      <h2 className="earnings-card__title">{title}</h2>
      <p className="earnings-total__payout">
        <span className="earnings-total__amount">{money(period.payout)}</span>{' '}
        <span className="earnings-total__label">
          payout from {period.orders === 1 ? '1 order' : `${period.orders} orders`}
        </span>
      </p>
      <dl className="earnings-total__figures">
        <div>
          <dt>Gross</dt>
          <dd>{money(period.gross)}</dd>
        </div>
        <div>
          <dt>Refunds</dt>
          <dd>{money(period.refunds)}</dd>
        </div>
        <div>
          <dt>Commission</dt>
          <dd>{money(period.commission)}</dd>
        </div>
        <div>
          <dt>Service charge</dt>
          <dd>{money(period.serviceCharge)}</dd>
        </div>
      </dl>
      <h3 className="visually-hidden">Payout by status</h3>
      <dl className="earnings-total__statuses">
        {statuses.map((s) => (
          <div key={s}>
            <dt>{EARNINGS_STATUS_LABELS[s]}</dt>
            <dd>{money(period.byStatus[s])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** This week, this month and this year: the payout, its parts and where it stands. */
export function EarningsTotals({ summary }: { summary: EarningsSummary }) {
  return (
    <div className="earnings-totals">
      {PERIODS.map((p) => (
        <PeriodCard key={p.key} title={p.title} period={summary.periods[p.key]} />
      ))}
    </div>
  );
}
