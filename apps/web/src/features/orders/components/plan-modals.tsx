import { useState } from 'react';
import { PLAN_MANAGE_MESSAGES, type CustomerPlan, type PlanVisit } from '@stg/domain/api/plans';
import { TIME_ZONE } from '@stg/domain/constants';
import { dayText, formatAppointment } from '@stg/domain/dates';
import { dollarsToCents, formatDollars } from '@stg/domain/money';
import { PLAN_FREQUENCY_LABELS } from '@stg/domain/plans';
import { addDays, formatLocalDate, localDateTimeOf, parseLocalDate } from '@stg/domain/zoned-time';
import { ErrorList } from '../../../components/error-list';
import { Modal } from '../../../components/modal/modal';
import { useModal } from '../../../components/modal/modal-provider';
import { useModalSubmit } from '../../../components/modal/use-modal-submit';
import { TextField } from '../../../components/text-field';
import { TextareaField } from '../../../components/textarea-field';
import { useAcceptPlanPrice, useCancelPlan, usePausePlan, useSkipVisit } from '../api/use-plan-actions';

export const SKIP_TITLE = 'Skip Visit';
export const PAUSE_TITLE = 'Pause Plan';
export const CANCEL_PLAN_TITLE = 'Cancel Plan';
export const ACCEPT_PRICE_TITLE = 'Accept New Price';

/** "New price from Wednesday, December 9th: $450.00 a visit" (ADR 0037 step 3d). */
export function newPriceWords(proposal: NonNullable<CustomerPlan['priceProposal']>): string {
  const from = proposal.fromDate ? dayOf(proposal.fromDate) : 'your next visit';
  return `New price from ${from}: ${formatDollars(dollarsToCents(proposal.pricePerVisit))} a visit`;
}

const planName = (plan: CustomerPlan) => `${plan.vendorName} · ${PLAN_FREQUENCY_LABELS[plan.frequency]}`;
const dayOf = (date: string) => {
  const d = parseLocalDate(date);
  return d ? dayText(d) : date;
};

/** The two buttons of a plan confirmation: keep (closes) and the action (submits, in the danger colour). */
function Actions({
  pending,
  keep,
  act,
  acting,
}: {
  pending: boolean;
  keep: string;
  act: string;
  acting: string;
}) {
  const { closeModal } = useModal();
  return (
    <div className="modal__actions">
      <button type="button" className="button button--secondary" onClick={closeModal}>
        {keep}
      </button>
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending ? acting : act}
      </button>
    </div>
  );
}

/** Skip one held visit (ADR 0037): its time is released and it is not charged. */
export function SkipVisitModal({
  plan,
  visit,
  onDone,
}: {
  plan: CustomerPlan;
  visit: PlanVisit;
  onDone: (notice: string) => void;
}) {
  const skip = useSkipVisit(plan.id);
  const { send, pending, errors } = useModalSubmit(skip, onDone);
  return (
    <Modal title={SKIP_TITLE} size="small">
      <form
        className="form plan-modal"
        noValidate
        aria-busy={pending}
        onSubmit={(e) => {
          e.preventDefault();
          send(visit.id, `Your visit on ${formatAppointment(visit.appointmentAt)} was skipped.`);
        }}
      >
        <p>
          <strong>{planName(plan)}</strong>, {formatAppointment(visit.appointmentAt)} (Mountain Time)
        </p>
        <p>This visit will not happen and will not be charged. Your plan continues with its next visit.</p>
        <ErrorList errors={errors} />
        <Actions pending={pending} keep="Keep Visit" act="Skip Visit" acting="Skipping…" />
      </form>
    </Modal>
  );
}

/** Pause until a date (ADR 0037): visits before it are skipped; they start again from that day. */
export function PausePlanModal({ plan, onDone }: { plan: CustomerPlan; onDone: (notice: string) => void }) {
  const pause = usePausePlan(plan.id);
  const { send, clearError, pending, errors } = useModalSubmit(pause, onDone);
  const [today] = useState(() => localDateTimeOf(Date.now(), TIME_ZONE));
  const [until, setUntil] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  return (
    <Modal title={PAUSE_TITLE} size="small">
      <form
        className="form plan-modal"
        noValidate
        aria-busy={pending}
        onSubmit={(e) => {
          e.preventDefault();
          if (!parseLocalDate(until)) {
            setFieldError(PLAN_MANAGE_MESSAGES.pauseDate);
            return;
          }
          send(until, `Your plan with ${plan.vendorName} is paused until ${dayOf(until)}.`);
        }}
      >
        <p>
          <strong>{planName(plan)}</strong>
        </p>
        <TextField
          label="Pause until"
          type="date"
          name="until"
          value={until}
          min={formatLocalDate(addDays(today, 1))}
          max={formatLocalDate(addDays(today, 365))}
          error={fieldError}
          hint="Visits before this day are skipped and not charged; visits start again from it."
          onChange={(e) => {
            setUntil(e.target.value);
            setFieldError(undefined);
            clearError();
          }}
        />
        <ErrorList errors={errors} />
        <Actions pending={pending} keep="Keep Plan" act="Pause Plan" acting="Pausing…" />
      </form>
    </Modal>
  );
}

/** Cancel the plan (ADR 0037): held visits released; visits already charged are orders. */
export function CancelPlanModal({ plan, onDone }: { plan: CustomerPlan; onDone: (notice: string) => void }) {
  const cancel = useCancelPlan(plan.id);
  const { send, clearError, pending, errors } = useModalSubmit(cancel, onDone);
  const [reason, setReason] = useState('');
  return (
    <Modal title={CANCEL_PLAN_TITLE} size="small">
      <form
        className="form plan-modal"
        noValidate
        aria-busy={pending}
        onSubmit={(e) => {
          e.preventDefault();
          send(reason.trim(), `Your plan with ${plan.vendorName} was cancelled.`);
        }}
      >
        <p>
          <strong>{planName(plan)}</strong>
        </p>
        <p className="alert alert--warning">
          Every visit held for you is released and will not be charged. Visits already charged are orders:
          cancel them from their order as any order.
        </p>
        <TextareaField
          label="Reason (optional)"
          name="reason"
          value={reason}
          maxLength={500}
          onChange={(e) => {
            setReason(e.target.value);
            clearError();
          }}
        />
        <ErrorList errors={errors} />
        <Actions pending={pending} keep="Keep Plan" act="Cancel Plan" acting="Cancelling…" />
      </form>
    </Modal>
  );
}

/**
 * Accept the plan's new price (ADR 0037 step 3d): charged from the next visit not yet charged; visits already
 * charged keep theirs. The proposal's version goes with it, so a price changed since is refused, not charged.
 */
export function AcceptPriceModal({
  plan,
  proposal,
  onDone,
}: {
  plan: CustomerPlan;
  proposal: NonNullable<CustomerPlan['priceProposal']>;
  onDone: (notice: string) => void;
}) {
  const accept = useAcceptPlanPrice(plan.id);
  const { send, pending, errors } = useModalSubmit(accept, onDone);
  const price = `${formatDollars(dollarsToCents(proposal.pricePerVisit))} a visit`;
  return (
    <Modal title={ACCEPT_PRICE_TITLE} size="small">
      <form
        className="form plan-modal"
        noValidate
        aria-busy={pending}
        onSubmit={(e) => {
          e.preventDefault();
          send(proposal.version, `Your plan with ${plan.vendorName} is now ${price}.`);
        }}
      >
        <p>
          <strong>{planName(plan)}</strong>
        </p>
        <p>
          {newPriceWords(proposal)} (now {formatDollars(dollarsToCents(plan.pricePerVisit))}), plus the
          service charge. Visits already charged keep their price. Until you accept, your plan keeps its
          price.
        </p>
        <ErrorList errors={errors} />
        <Actions pending={pending} keep="Keep Current Price" act="Accept New Price" acting="Accepting…" />
      </form>
    </Modal>
  );
}
