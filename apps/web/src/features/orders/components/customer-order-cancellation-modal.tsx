import { formatAppointment } from '@stg/domain/dates';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { CustomerOrder } from '@stg/domain/api/orders';
import { ErrorList } from '../../../components/error-list';
import { Modal } from '../../../components/modal/modal';
import { useModalSubmit } from '../../../components/modal/use-modal-submit';
import { CancelOrderActions } from '../../../components/order-modals/cancel-order-actions';
import { CancelReasonField, cancelReasonSchema } from '../../../components/order-modals/cancel-reason-field';
import { useCancelOrder } from '../api/use-cancel-order';
import { money, paymentMethodLabel, refundableDollars } from '../order-text';

export const CANCEL_TITLE = 'Cancel Order';
const cancelFormSchema = z.object({ cancelReason: cancelReasonSchema });
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
  const cancel = useCancelOrder(order.id);
  const { send, clearError, closeModal, pending, errors: refusal } = useModalSubmit(cancel, onCancelled);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CancelForm>({ resolver: zodResolver(cancelFormSchema), defaultValues: { cancelReason: '' } });

  const onSubmit = handleSubmit(({ cancelReason }) => {
    const amount = money(refundableDollars(order));
    send(
      cancelReason,
      `Your order with ${order.vendor.name} was cancelled. ${amount} will be refunded to your card.`,
    );
  });

  return (
    <Modal title={CANCEL_TITLE} size="small">
      <form className="form cancel-order" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={pending}>
        <p className="cancel-order__order">
          <strong>{order.vendor.name}</strong>, {formatAppointment(order.appointmentAt)} (Mountain Time) ·{' '}
          {order.confirmationId}
        </p>
        <p className="alert alert--warning cancel-order__refund">{refundStatement(order)}</p>
        <CancelReasonField
          error={errors.cancelReason?.message}
          {...register('cancelReason', { onChange: clearError })}
        />
        <ErrorList errors={refusal} />
        <CancelOrderActions pending={pending} onKeep={closeModal} className="cancel-order__actions" />
      </form>
    </Modal>
  );
}
