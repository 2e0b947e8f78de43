import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { VendorPlan } from '@stg/domain/api/plans';
import { ORDER_MESSAGES, ORDER_TEXT_MAX } from '@stg/domain/order-actions';
import { PLAN_FREQUENCY_LABELS } from '@stg/domain/plans';
import { ErrorList } from '../../../components/error-list';
import { Modal } from '../../../components/modal/modal';
import { useModalSubmit } from '../../../components/modal/use-modal-submit';
import { CancelReasonField, cancelReasonSchema } from '../../../components/order-modals/cancel-reason-field';
import '../../../components/order-modals/order-modals.css';
import { useVendorCancelPlan } from '../api/use-vendor-cancel-plan';
import { releasableVisits } from '../vendor-plan-text';
import { ConfirmCheckbox } from './confirm-checkbox';

export const VENDOR_CANCEL_PLAN_TITLE = 'Cancel Plan';
export const VENDOR_CANCEL_PLAN_CONFIRM = 'I want to cancel this plan and release its held visits.';

const cancelPlanFormSchema = z.object({
  cancelReason: cancelReasonSchema,
  confirmed: z.boolean().refine((v) => v, ORDER_MESSAGES.confirmRequired),
});
type CancelPlanForm = z.infer<typeof cancelPlanFormSchema>;

const visitsWord = (n: number) => (n === 1 ? '1 held visit' : `${n} held visits`);

/** What cancelling does, in plain words: the held visits go, the charged ones stay orders. */
export function cancelPlanStatement(plan: VendorPlan): string {
  const held = releasableVisits(plan).length;
  const release =
    held === 0
      ? 'No visit is held now.'
      : `Its ${visitsWord(held)} will not happen and will not be charged; their times are freed.`;
  return `${release} Visits already charged stay orders: cancel or refund them here as any order. The customer is emailed your reason.`;
}

/**
 * The vendor's plan-cancellation confirmation (ADR 0037), in the style of the vendor's
 * order-cancellation-confirmation (spec §2 Modals, §5 Cancellation): a required reason and the confirm
 * checkbox. A refusal (the server's message) shows here and the form keeps what was typed.
 */
export function VendorCancelPlanModal({
  plan,
  onDone,
}: {
  plan: VendorPlan;
  onDone: (notice: string) => void;
}) {
  const cancel = useVendorCancelPlan(plan.vendorId, plan.id);
  const { send, clearError, closeModal, pending, errors: refusal } = useModalSubmit(cancel, onDone);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CancelPlanForm>({
    resolver: zodResolver(cancelPlanFormSchema),
    defaultValues: { cancelReason: '', confirmed: false },
  });
  const frequency = PLAN_FREQUENCY_LABELS[plan.frequency];
  const held = releasableVisits(plan).length;

  const onSubmit = handleSubmit(({ cancelReason }) => {
    send(
      cancelReason,
      `The ${frequency} plan of ${plan.customerName} was cancelled${held > 0 ? `: ${visitsWord(held)} released` : ''}.`,
    );
  });

  return (
    <Modal title={VENDOR_CANCEL_PLAN_TITLE} size="small">
      <form className="form vendor-modal" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={pending}>
        <p className="vendor-modal__order">
          <strong>{frequency} plan</strong> · {plan.customerName}
        </p>
        <p className="alert alert--warning">{cancelPlanStatement(plan)}</p>
        <CancelReasonField
          maxLength={ORDER_TEXT_MAX}
          error={errors.cancelReason?.message}
          {...register('cancelReason', { onChange: clearError })}
        />
        <ConfirmCheckbox
          label={VENDOR_CANCEL_PLAN_CONFIRM}
          error={errors.confirmed?.message}
          {...register('confirmed', { onChange: clearError })}
        />
        <ErrorList errors={refusal} />
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={closeModal}>
            Keep Plan
          </button>
          <button
            type="submit"
            className="button button--primary cancel-order-actions__submit"
            disabled={pending}
          >
            {pending ? 'Cancelling…' : 'Cancel Plan'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
