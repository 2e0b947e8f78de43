import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { CustomerOrder } from '@stg/domain/api/orders';
import { ORDER_MESSAGES } from '@stg/domain/order-actions';
import { ErrorList } from '../../../components/error-list';
import { Modal } from '../../../components/modal/modal';
import { useModal } from '../../../components/modal/modal-provider';
import { TextareaField } from '../../../components/textarea-field';
import { errorsOf } from '../../../lib/api-client';
import { useCancelOrder } from '../api/use-cancel-order';
import { money, paymentMethodLabel, refundableDollars, shortAppointmentLabel } from '../order-text';

export const CANCEL_TITLE = 'Cancel Order';
/** Spec §9: service description and instructions are capped at 500; the reason alike (ORDER_MESSAGES). */
const REASON_MAX = 500;

const cancelFormSchema = z.object({
  cancelReason: z
    .string()
    .trim()
    .min(1, ORDER_MESSAGES.cancelReasonRequired)
    .max(REASON_MAX, ORDER_MESSAGES.cancelReasonTooLong),
});
type CancelForm = z.infer<typeof cancelFormSchema>;

/** "The whole amount ($122.55) will be refunded to your Visa ending in 4242." */
export function refundStatement(order: CustomerOrder): string {
  const card = paymentMethodLabel(order);
  const amount = money(refundableDollars(order));
  const whole = order.refundAmount > 0 ? 'The whole remaining amount' : 'The whole amount';
  return `${whole} (${amount}) will be refunded to ${card ? `your ${card}` : 'the card you paid with'}.`;
}

/**
 * The customer-order-cancellation-confirmation modal (spec §2 Modals, §4 Customer cancel, §5
 * Cancellation): a required reason, what is refunded and where, Cancel Order and Keep Order. The server
 * refuses inside the vendor's policy window with a message naming the hours, shown here.
 */
export function CustomerOrderCancellationModal({
  order,
  onCancelled,
}: {
  order: CustomerOrder;
  /** Called with the success notice after the modal closed. */
  onCancelled: (notice: string) => void;
}) {
  const { closeModal } = useModal();
  const cancel = useCancelOrder(order.id);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CancelForm>({ resolver: zodResolver(cancelFormSchema), defaultValues: { cancelReason: '' } });

  const onSubmit = handleSubmit(({ cancelReason }) => {
    if (cancel.isPending) return;
    const amount = money(refundableDollars(order));
    cancel.mutate(cancelReason, {
      onSuccess: () => {
        closeModal();
        onCancelled(
          `Your order with ${order.vendor.name} was cancelled. ${amount} will be refunded to your card.`,
        );
      },
    });
  });

  return (
    <Modal title={CANCEL_TITLE} size="small">
      <form
        className="form cancel-order"
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        aria-busy={cancel.isPending}
      >
        <p className="cancel-order__order">
          <strong>{order.vendor.name}</strong>, {shortAppointmentLabel(order.appointmentAt)} (Mountain Time) ·{' '}
          {order.confirmationId}
        </p>
        <p className="alert alert--warning cancel-order__refund">{refundStatement(order)}</p>
        <TextareaField
          label="Reason for cancelling"
          rows={4}
          required
          data-autofocus
          error={errors.cancelReason?.message}
          {...register('cancelReason', { onChange: () => cancel.reset() })}
        />
        <ErrorList errors={cancel.isError ? errorsOf(cancel.error) : []} />
        <div className="modal__actions cancel-order__actions">
          <button type="button" className="button button--secondary" onClick={closeModal}>
            Keep Order
          </button>
          <button
            type="submit"
            className="button button--primary cancel-order__submit"
            disabled={cancel.isPending}
          >
            {cancel.isPending ? 'Cancelling…' : 'Cancel Order'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
