import { useId, useState, type FormEvent } from 'react';
import { LIMITS } from '@stg/domain/constants';
import { BOOKING_LIMIT_OPTIONS, RATE_LABEL, WORKDAY_TIME_OPTIONS } from '@stg/domain/scheduling-preferences';
import { ErrorList } from '../../../components/error-list';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { TextareaField } from '../../../components/textarea-field';
import { errorsOf } from '../../../lib/api-client';
import { useReportUnsaved } from '../../../lib/use-report-unsaved';
import type { Vendor } from '@stg/domain/api/vendors';
import { useSaveScheduling } from '../api/scheduling-admin-api';
import {
  CANCELLATION_OPTIONS,
  changesOf,
  fieldErrors,
  GAP_OPTIONS,
  isChanged,
  MINIMUM_NOTICE_OPTIONS,
  savedDraft,
  withCurrent,
  type DraftField,
  type PreferencesDraft,
} from '../preferences-draft';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const WORKDAY_CHOICES = WORKDAY_TIME_OPTIONS.map(({ value, label }) => ({ value, label }));

/**
 * Scheduling Preferences (spec §2, §5, §9): workday start and end (Monday to Friday, 30-minute steps),
 * gap between appointments, booking limit, minimum notice, dollars per hour, cancellation policy and
 * appointment instructions (unless `withInstructions` is false). Checked with the shared rules as the vendor edits; Save sends only what
 * changed.
 */
export function PreferencesForm({
  vendor,
  withInstructions = true,
  onUnsavedChange,
}: {
  vendor: Vendor;
  /** False in Setup, where the instructions are beside the service description (ADR 0032). */
  withInstructions?: boolean;
  /** Hears whether the form holds changes not saved yet (Setup keeps Continue off until they are). */
  onUnsavedChange?: (unsaved: boolean) => void;
}) {
  const id = useId();
  const save = useSaveScheduling(vendor.id);
  const saved = savedDraft(vendor);
  // Only the fields being edited; the others show the saved value.
  const [edits, setEdits] = useState<Partial<PreferencesDraft>>({});
  const [status, setStatus] = useState<'' | 'saved'>('');
  const draft: PreferencesDraft = { ...saved, ...edits };
  const errors = fieldErrors(draft, saved);
  const fields = Object.keys(saved) as DraftField[];
  const changed = fields.some((field) => isChanged(field, draft, saved));
  const invalid = Object.keys(errors).length > 0;
  const noCalendar = vendor.calendar === null;
  useReportUnsaved(changed, onUnsavedChange);

  const edit = (field: DraftField) => (event: { target: { value: string } }) => {
    setEdits((current) => ({ ...current, [field]: event.target.value }));
    setStatus('');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed || invalid || save.isPending) return;
    save.mutate(
      { calendarId: vendor.calendar?.id ?? null, ...changesOf(draft, saved) },
      {
        onSuccess: () => {
          setEdits({});
          setStatus('saved');
        },
      },
    );
  };

  const remaining = LIMITS.appointmentInstructionsMax - draft.appointmentInstructions.length;

  return (
    <section className="card scheduling-admin__card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Preferences</h2>
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={save.isPending}>
        <fieldset className="form__fieldset" disabled={noCalendar}>
          <legend>Workday (Monday to Friday)</legend>
          <div className="form__row">
            <SelectField
              label="Workday start"
              options={WORKDAY_CHOICES}
              value={draft.workdayStartTime}
              onChange={edit('workdayStartTime')}
              aria-invalid={errors.workdayEndTime ? true : undefined}
            />
            <SelectField
              label="Workday end"
              options={WORKDAY_CHOICES}
              value={draft.workdayEndTime}
              onChange={edit('workdayEndTime')}
              error={errors.workdayEndTime}
            />
          </div>
        </fieldset>

        <fieldset className="form__fieldset" disabled={noCalendar}>
          <legend>Booking window</legend>
          <div className="form__row">
            <SelectField
              label="Gap between appointments"
              options={withCurrent(GAP_OPTIONS, saved.driveTimeBufferMins).map((n) => ({
                value: String(n),
                label: n === 0 ? 'No gap' : plural(n, 'minute', 'minutes'),
              }))}
              value={draft.driveTimeBufferMins}
              onChange={edit('driveTimeBufferMins')}
              error={errors.driveTimeBufferMins}
            />
            <SelectField
              label="Minimum notice"
              options={withCurrent(MINIMUM_NOTICE_OPTIONS, saved.bookingWindowStartDays).map((n) => ({
                value: String(n),
                label: n === 0 ? 'Same day' : plural(n, 'day', 'days'),
              }))}
              value={draft.bookingWindowStartDays}
              onChange={edit('bookingWindowStartDays')}
              error={errors.bookingWindowStartDays}
            />
          </div>
          <SelectField
            label="Booking limit"
            options={withCurrent(BOOKING_LIMIT_OPTIONS, saved.bookingWindowEndDays).map((n) => ({
              value: String(n),
              label: `${n} days ahead`,
            }))}
            value={draft.bookingWindowEndDays}
            onChange={edit('bookingWindowEndDays')}
            error={errors.bookingWindowEndDays}
          />
        </fieldset>
        {noCalendar && (
          <p className="field__hint">
            Your calendar settings are not set up yet, so the workday and booking window cannot be changed.
          </p>
        )}

        <fieldset className="form__fieldset">
          <legend>Pricing and policy</legend>
          <div className="form__row">
            <TextField
              label={RATE_LABEL}
              type="number"
              inputMode="decimal"
              min={LIMITS.ratePerHourDollars.min}
              max={LIMITS.ratePerHourDollars.max}
              step={0.01}
              value={draft.priceToDurationRate}
              onChange={edit('priceToDurationRate')}
              hint={`From $${LIMITS.ratePerHourDollars.min} to $${LIMITS.ratePerHourDollars.max}: turns a price into the job's estimated duration.`}
              error={errors.priceToDurationRate}
            />
            <SelectField
              label="Cancellation policy"
              options={withCurrent(CANCELLATION_OPTIONS, saved.cancelationPolicyHours).map((n) => ({
                value: String(n),
                label: n === 0 ? 'Any time before the appointment' : `${plural(n, 'hour', 'hours')} notice`,
              }))}
              value={draft.cancelationPolicyHours}
              onChange={edit('cancelationPolicyHours')}
              error={errors.cancelationPolicyHours}
            />
          </div>
          {withInstructions && (
            <div>
              <TextareaField
                id={`${id}-instructions`}
                label="Appointment instructions"
                rows={4}
                maxLength={LIMITS.appointmentInstructionsMax}
                value={draft.appointmentInstructions}
                onChange={edit('appointmentInstructions')}
                error={errors.appointmentInstructions}
                aria-describedby={
                  errors.appointmentInstructions ? `${id}-count ${id}-instructions-error` : `${id}-count`
                }
              />
              <p id={`${id}-count`} className="field__hint scheduling-admin__count">
                {remaining} of {LIMITS.appointmentInstructionsMax} characters left
              </p>
            </div>
          )}
        </fieldset>

        <ErrorList errors={save.isError ? errorsOf(save.error) : []} />
        <div className="form__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={!changed || invalid || save.isPending}
          >
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
          <p role="status" className="form__status">
            {status === 'saved' && !changed ? 'Saved' : ''}
          </p>
        </div>
      </form>
    </section>
  );
}
