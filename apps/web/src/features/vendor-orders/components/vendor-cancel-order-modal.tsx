import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { VendorOrder } from '@stg/domain/api/orders';
import { ORDER_MESSAGES, ORDER_TEXT_MAX } from '@stg/domain/order-actions';
import { ErrorList } from '../../../components/error-list';
import { Modal } from '../../../components/modal/modal';
import { useModalSubmit } from '../../../components/modal/use-modal-submit';
import { CancelOrderActions } from '../../../components/order-modals/cancel-order-actions';
import { CancelReasonField, cancelReasonSchema } from '../../../components/order-modals/cancel-reason-field';
import { useVendorCancel } from '../api/use-vendor-cancel';
import { fullRefundDollars, money } from '../vendor-order-text';
import { ConfirmCheckbox } from './confirm-checkbox';
import { OrderHeading } from './order-heading';

export const VENDOR_CANCEL_TITLE = 'Cancel Order';
export const VENDOR_CANCEL_CONFIRM = 'I want to cancel this order and refund the customer in full.';

const cancelFormSchema = z.object({
  cancelReason: cancelReasonSchema,
  confirmed: z.boolean().refine((v) => v, ORDER_MESSAGES.confirmRequired),
});
type CancelForm = z.infer<typeof cancelFormSchema>;

/** "The customer is refunded in full: $122.55 back to the card they paid with." */
export const fullRefundStatement = (order: VendorOrder) =>
  `The customer is refunded in full: ${money(fullRefundDollars(order))} back to the card they paid with. The appointment time is freed and the customer is emailed.`;

/**
 * The vendor's order-cancellation-confirmation modal (spec §2 Modals, §5 Cancellation): a required
 * reason and the confirm checkbox; the customer is refunded in full. A refusal (the provider's message,
 * or the order changed meanwhile) shows here and the form keeps what was typed.
 */
export function VendorCancelOrderModal({
  order,
  onDone,
}: {
  order: VendorOrder;
  onDone: (notice: string) => void;
}) {
  const cancel = useVendorCancel(order.id);
  const { send, clearError, closeModal, pending, errors: refusal } = useModalSubmit(cancel, onDone);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CancelForm>({
    resolver: zodResolver(cancelFormSchema),
    defaultValues: { cancelReason: '', confirmed: false },
  });

  const onSubmit = handleSubmit(({ cancelReason }) => {
    const amount = money(fullRefundDollars(order));
    send(
      cancelReason,
      `Order ${order.confirmationId} was cancelled. The customer is refunded ${amount} in full.`,
    );
  });

  return (
    <Modal title={VENDOR_CANCEL_TITLE} size="small">
      <form className="form vendor-modal" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={pending}>
        <OrderHeading order={order} />
        <p className="alert alert--warning">{fullRefundStatement(order)}</p>
        <CancelReasonField
          maxLength={ORDER_TEXT_MAX}
          error={errors.cancelReason?.message}
          {...register('cancelReason', { onChange: clearError })}
        />
        <ConfirmCheckbox
          label={VENDOR_CANCEL_CONFIRM}
          error={errors.confirmed?.message}
          {...register('confirmed', { onChange: clearError })}
        />
        <ErrorList errors={refusal} />
        <CancelOrderActions pending={pending} onKeep={closeModal} />
      </form>
    </Modal>
  );
}
