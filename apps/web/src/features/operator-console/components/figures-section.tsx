import { periodLabel, periodName } from '@stg/domain/dates';
import { useId, useMemo, useState } from 'react';
import type { OperatorDashboard } from '@stg/domain/api/operator';
import { Chart } from '../../../components/charts/chart';
import { SelectField } from '../../../components/select-field';
import { count, DATES_NOTE, formatMetric, METRICS, wholeMoney, type MetricKey } from '../console-text';

type Period = 'week' | 'month';

/**
 * The marketplace's figures: this week's (or month's) numbers beside the previous ones, a bar chart of one
 * figure over the last 12 weeks or months, and every figure as a table (hidden from sight, read by screen
 * readers: the chart itself is hidden from them).
 */
export function FiguresSection({ data }: { data: OperatorDashboard }) {
  const [period, setPeriod] = useState<Period>('week');
  const [metricKey, setMetricKey] = useState<MetricKey>('grossBookings');
  const headingId = useId();
  const metric = METRICS.find((m) => m.key === metricKey)!;
  const rows = period === 'week' ? data.weeks : data.months;
  const current = rows.at(-1)!;
  const previous = rows.at(-2);
  const word = period === 'week' ? 'week' : 'month';
  const values = useMemo(() => rows.map((r) => r[metricKey]), [rows, metricKey]);
  const labels = useMemo(() => rows.map((r) => periodLabel(period, r.start)), [rows, period]);
  const title = `${metric.label} by ${word}, last ${rows.length} ${word}s`;

  return (
    <section className="console__section" aria-labelledby={headingId}>
      <div className="console__section-head">
        <h2 id={headingId}>Marketplace figures</h2>
        <div className="console__toggle" role="group" aria-label="Figures by">
          {(['week', 'month'] as const).map((p) => (
            <button
              key={p}
              type="button"
              className="console__toggle-button"
              aria-pressed={period === p}
              onClick={() => setPeriod(p)}
            >
              {p === 'week' ? 'By week' : 'By month'}
            </button>
          ))}
        </div>
      </div>
      <p className="console__note">{DATES_NOTE}</p>

      <h3 className="console__subhead">
        This {word}{' '}
        <span className="console__muted">
          (
          {period === 'week'
            ? `from ${periodLabel('week', current.start)}`
            : periodName('month', current.start)}
          )
        </span>
      </h3>
      <dl className="console__stats">
        {METRICS.map((m) => (
          <div key={m.key} className="console__stat">
            <dt>{m.label}</dt>
            <dd>
              <span className="console__stat-value">{formatMetric(m, current[m.key])}</span>
              {previous && (
                <span className="console__stat-sub">
                  Last {word}: {formatMetric(m, previous[m.key])}
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>

      <figure className="console__chart card">
        <figcaption className="console__chart-head">
          <SelectField
            label="Chart"
            className="console__chart-select"
            value={metricKey}
            onChange={(event) => setMetricKey(event.target.value as MetricKey)}
            options={METRICS.map((m) => ({ value: m.key, label: m.label }))}
          />
          <span className="console__chart-title">{title}</span>
        </figcaption>
        {/* The shared chart, uPlot in its own chunk, loaded when the figures are shown (ADR 0023, 0035). */}
        <Chart
          values={values}
          labels={labels}
          format={metric.money ? wholeMoney : count}
          ariaLabel={`${title}, as a bar chart; the last bar is this ${word}, not yet over. The numbers are in the table that follows.`}
          highlightLast
        />
      </figure>

      {/* A table ignores a 1 px width: the wrapper is what is hidden from sight. */}
      <div className="visually-hidden">
        <table>
          <caption>Marketplace figures by {word}, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">{period === 'week' ? 'Week' : 'Month'}</th>
              {METRICS.map((m) => (
                <th key={m.key} scope="col">
                  {m.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.start}>
                <th scope="row">{periodName(period, r.start)}</th>
                {METRICS.map((m) => (
                  <td key={m.key}>{formatMetric(m, r[m.key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <p className="console__all-time">
        <span className="console__all-time-label">All time:</span> {count(data.allTime.orders)} orders,{' '}
        {formatMetric({ money: true }, data.allTime.grossBookings)} gross bookings,{' '}
        {formatMetric({ money: true }, data.allTime.commission)} commission,{' '}
        {formatMetric({ money: true }, data.allTime.serviceCharges)} service charges,{' '}
        {formatMetric({ money: true }, data.allTime.refunds)} refunded.
      </p>
    </section>
  );
}
