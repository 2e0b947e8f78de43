import { useId, useState, type FormEvent } from 'react';
import { earningsRangeQuerySchema } from '@stg/domain/api/earnings';
import { earningsApi } from '@stg/domain/api/earnings.endpoints';
import { pathOf } from '@stg/domain/api/endpoint';
import { earningsCalendar } from '@stg/domain/earnings-calendar';
import { ErrorList } from '../../../components/error-list';
import { EARNINGS_TEXT } from '../earnings-text';

/**
 * The CSV export (issue 25 §2): a date range, this year to today by default. A plain GET form to the
 * export's address, so the browser downloads the attachment itself; the range is checked here first with
 * the server's own schema and messages (the server checks it again). A refusal marks both dates and goes
 * away as soon as either is changed.
 */
export function CsvExportForm({ vendorId }: { vendorId: number }) {
  const [range] = useState(() => {
    const calendar = earningsCalendar(Date.now());
    return { from: calendar.year.from, to: calendar.today };
  });
  const [errors, setErrors] = useState<string[]>([]);
  const titleId = useId();
  const invalid = errors.length > 0;
  const dateProps = {
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? `${titleId}-errors` : undefined,
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    const parsed = earningsRangeQuerySchema.safeParse({ from: data.get('from'), to: data.get('to') });
    if (parsed.success) {
      setErrors([]);
      return;
    }
    event.preventDefault();
    setErrors([...new Set(parsed.error.issues.map((i) => i.message))]);
  };

  return (
    <section className="earnings-card earnings-export" aria-labelledby={titleId}>
      <h2 id={titleId} className="earnings-card__title">
        {EARNINGS_TEXT.exportTitle}
      </h2>
      <p className="earnings-card__hint">{EARNINGS_TEXT.exportHint}</p>
      <form
        method="get"
        action={pathOf(earningsApi.csv, { id: vendorId })}
        className="earnings-export__form"
        onSubmit={onSubmit}
        onChange={() => {
          if (invalid) setErrors([]);
        }}
        noValidate
      >
        <div className="field">
          <label className="field__label" htmlFor={`${titleId}-from`}>
            From
          </label>
          <input
            id={`${titleId}-from`}
            className="field__control"
            type="date"
            name="from"
            defaultValue={range.from}
            required
            {...dateProps}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${titleId}-to`}>
            To
          </label>
          <input
            id={`${titleId}-to`}
            className="field__control"
            type="date"
            name="to"
            defaultValue={range.to}
            required
            {...dateProps}
          />
        </div>
        <button type="submit" className="button button--primary">
          {EARNINGS_TEXT.exportButton}
        </button>
      </form>
      <div id={`${titleId}-errors`}>
        <ErrorList errors={errors} />
      </div>
    </section>
  );
}
