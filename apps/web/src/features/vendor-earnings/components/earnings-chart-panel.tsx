import { useId, useMemo, useState } from 'react';
import type { EarningsBucket } from '@stg/domain/api/earnings';
import { Chart } from '../../../components/charts/chart';
import { periodLabel, periodName } from '@stg/domain/dates';
import { formatNumber } from '@stg/domain/money';
import { EARNINGS_TEXT, money } from '../earnings-text';

/** The axis's round dollars, short: "$125", "$1,250", "$12.5k" (the marks are 0, half and a round top). */
const dollarsTick = (dollars: number) =>
  dollars >= 10_000 ? `$${dollars / 1000}k` : `$${formatNumber(dollars)}`;

type Unit = 'week' | 'month';

/**
 * Earnings by week (the last 12) or by month (the year) as a bar chart, with the same numbers in a table:
 * hidden visually (but read by screen readers) until "Show as table" shows it in place of the chart.
 */
export function EarningsChartPanel({
  weekly,
  monthly,
}: {
  weekly: EarningsBucket[];
  monthly: EarningsBucket[];
}) {
  const [unit, setUnit] = useState<Unit>('week');
  const [asTable, setAsTable] = useState(false);
  const captionId = useId();
  const buckets = unit === 'week' ? weekly : monthly;
  const labels = useMemo(() => buckets.map((b) => periodLabel(unit, b.start)), [buckets, unit]);
  const values = useMemo(() => buckets.map((b) => b.payout), [buckets]);
  const caption =
    unit === 'week'
      ? 'Payouts by week, the last 12 weeks'
      : `Payouts by month, ${monthly[0]?.start.slice(0, 4) ?? ''}`;

  return (
    <section className="earnings-card earnings-chart" aria-labelledby={captionId}>
      <div className="earnings-chart__head">
        <h2 id={captionId} className="earnings-card__title">
          {caption}
        </h2>
        <div className="earnings-chart__controls">
          <div role="group" aria-label="Period" className="segmented">
            {(['week', 'month'] as const).map((u) => (
              <button
                key={u}
                type="button"
                className="segmented__button"
                aria-pressed={unit === u}
                onClick={() => setUnit(u)}
              >
                {u === 'week' ? 'By week' : 'By month'}
              </button>
            ))}
          </div>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setAsTable((v) => !v)}
          >
            {asTable ? EARNINGS_TEXT.showChart : EARNINGS_TEXT.showTable}
          </button>
        </div>
      </div>
      {/* The shared chart; uPlot comes in its own chunk, after the page's numbers (ADR 0036). */}
      {!asTable && (
        <Chart
          labels={labels}
          values={values}
          format={dollarsTick}
          ariaLabel={`${caption}, as a bar chart. The numbers are in the table that follows.`}
        />
      )}
      {/* Shown, the table may scroll sideways on a phone: a named region the keyboard can reach and scroll. */}
      <div
        className={asTable ? 'earnings-table-wrap' : 'visually-hidden'}
        {...(asTable ? { tabIndex: 0, role: 'region', 'aria-label': `${caption} (table)` } : {})}
      >
        <table className="earnings-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{unit === 'week' ? 'Week' : 'Month'}</th>
              <th scope="col">Orders</th>
              <th scope="col">Gross</th>
              <th scope="col">Refunds</th>
              <th scope="col">Commission</th>
              <th scope="col">Payout</th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((b) => (
              <tr key={b.start}>
                <th scope="row">{periodName(unit, b.start)}</th>
                <td>{b.orders}</td>
                <td>{money(b.gross)}</td>
                <td>{money(b.refunds)}</td>
                <td>{money(b.commission)}</td>
                <td>{money(b.payout)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
