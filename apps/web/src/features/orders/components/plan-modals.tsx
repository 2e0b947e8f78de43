import { useState, type ReactNode } from 'react';
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

/**
 * A plan confirmation (skip, pause, cancel, accept a price): the app's Modal with one form — the plan named
 * (and `detail` after it), what the action does (`children`), the server's refusal, Keep and the action.
 */
function PlanConfirm({
  title,
  plan,
  detail,
  pending,
  errors,
  onConfirm,
  keep,
  act,
  acting,
  children,
}: {
  title: string;
  plan: CustomerPlan;
  detail?: string;
  pending: boolean;
  errors: string[];
  onConfirm: () => void;
  keep: string;
  act: string;
  acting: string;
  children: ReactNode;
}) {
  return (
    <Modal title={title} size="small">
      <form
        className="form plan-modal"
        noValidate
        aria-busy={pending}
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm();
        }}
      >
        <p>
          <strong>{planName(plan)}</strong>
          {detail}
        </p>
        {children}
        <ErrorList errors={errors} />
        <Actions pending={pending} keep={keep} act={act} acting={acting} />
      </form>
    </Modal>
  );
}

/** What a modal about one visit of a plan is given; `onDone` gets the page's notice after it closes. */
export interface PlanVisitModalProps {
  plan: CustomerPlan;
  visit: PlanVisit;
  onDone: (notice: string) => void;
}

/** Skip one held visit (ADR 0037): its time is released and it is not charged. */
export function SkipVisitModal({ plan, visit, onDone }: PlanVisitModalProps) {
  const skip = useSkipVisit(plan.id);
  const { send, pending, errors } = useModalSubmit(skip, onDone);
  return (
    <PlanConfirm
      title={SKIP_TITLE}
      plan={plan}
      detail={`, ${formatAppointment(visit.appointmentAt)} (Mountain Time)`}
      pending={pending}
      errors={errors}
      onConfirm={() => send(visit.id, `Your visit on ${formatAppointment(visit.appointmentAt)} was skipped.`)}
      keep="Keep Visit"
      act="Skip Visit"
      acting="Skipping…"
    >
      <p>This visit will not happen and will not be charged. Your plan continues with its next visit.</p>
    </PlanConfirm>
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
    <PlanConfirm
      title={PAUSE_TITLE}
      plan={plan}
      pending={pending}
      errors={errors}
      onConfirm={() => {
        if (!parseLocalDate(until)) {
          setFieldError(PLAN_MANAGE_MESSAGES.pauseDate);
          return;
        }
        send(until, `Your plan with ${plan.vendorName} is paused until ${dayOf(until)}.`);
      }}
      keep="Keep Plan"
      act="Pause Plan"
      acting="Pausing…"
    >
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
    </PlanConfirm>
  );
}

/** Cancel the plan (ADR 0037): held visits released; visits already charged are orders. */
export function CancelPlanModal({ plan, onDone }: { plan: CustomerPlan; onDone: (notice: string) => void }) {
  const cancel = useCancelPlan(plan.id);
  const { send, clearError, pending, errors } = useModalSubmit(cancel, onDone);
  const [reason, setReason] = useState('');
  return (
    <PlanConfirm
      title={CANCEL_PLAN_TITLE}
      plan={plan}
      pending={pending}
      errors={errors}
      onConfirm={() => send(reason.trim(), `Your plan with ${plan.vendorName} was cancelled.`)}
      keep="Keep Plan"
      act="Cancel Plan"
      acting="Cancelling…"
    >
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
    </PlanConfirm>
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
    <PlanConfirm
      title={ACCEPT_PRICE_TITLE}
      plan={plan}
      pending={pending}
      errors={errors}
      onConfirm={() => send(proposal.version, `Your plan with ${plan.vendorName} is now ${price}.`)}
      keep="Keep Current Price"
      act="Accept New Price"
      acting="Accepting…"
    >
      <p>
        {newPriceWords(proposal)} (now {formatDollars(dollarsToCents(plan.pricePerVisit))}), plus the service
        charge. Visits already charged keep their price. Until you accept, your plan keeps its price.
      </p>
    </PlanConfirm>
  );
}
