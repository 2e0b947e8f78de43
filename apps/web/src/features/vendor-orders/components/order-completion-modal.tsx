import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { VendorOrder } from '@stg/domain/api/orders';
import { ORDER_MESSAGES, ORDER_TEXT_MAX } from '@stg/domain/order-actions';
import { ErrorList } from '../../../components/error-list';
import { Modal } from '../../../components/modal/modal';
import { useModalSubmit } from '../../../components/modal/use-modal-submit';
import { TextareaField } from '../../../components/textarea-field';
import { useMarkFulfilled } from '../api/use-mark-fulfilled';
import { money, PAYOUT_DELAY_TEXT, payoutDestinationLabel } from '../vendor-order-text';
import { ConfirmCheckbox } from './confirm-checkbox';
import { OrderHeading } from './order-heading';

export const COMPLETION_TITLE = 'Complete Order';
export const COMPLETION_CONFIRM = 'I confirm this job is done.';

const completionFormSchema = z.object({
  optionalNote: z.string().trim().max(ORDER_TEXT_MAX, ORDER_MESSAGES.noteTooLong),
  confirmed: z.boolean().refine((v) => v, ORDER_MESSAGES.confirmRequired),
});
type CompletionForm = z.infer<typeof completionFormSchema>;

/** "Your payout of $98.00 is sent to Paper Check 72 hours after you mark this order complete." */
export const payoutStatement = (order: VendorOrder) => {
  const destination = payoutDestinationLabel(order);
  const to = destination === 'Paper Check' ? 'by Paper Check' : `to your ${destination}`;
  return `Your payout of ${money(order.vendorPayoutAmount)} is sent ${to} ${PAYOUT_DELAY_TEXT} after you mark this order complete.`;
};

/**
 * The order-completion modal (spec §2 Modals, §5 Completion): the confirm checkbox and an optional note;
 * the payout is sent 72 hours after (spec §1). A refusal shows here and the form keeps what was typed.
 */
export function OrderCompletionModal({
  order,
  vendorId,
  onDone,
}: {
  order: VendorOrder;
  vendorId: number;
  onDone: (notice: string) => void;
}) {
  const complete = useMarkFulfilled(order.id, vendorId);
  const { send, clearError, closeModal, pending, errors: refusal } = useModalSubmit(complete, onDone);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CompletionForm>({
    resolver: zodResolver(completionFormSchema),
    defaultValues: { optionalNote: '', confirmed: false },
  });

  const onSubmit = handleSubmit(({ optionalNote }) => {
    send(
      optionalNote === '' ? null : optionalNote,
      `Order ${order.confirmationId} is complete. Your payout of ${money(order.vendorPayoutAmount)} is sent ${PAYOUT_DELAY_TEXT} from now.`,
    );
  });

  return (
    <Modal title={COMPLETION_TITLE} size="small">
      <form className="form vendor-modal" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={pending}>
        <OrderHeading order={order} />
        <p className="alert alert--success vendor-modal__payout">{payoutStatement(order)}</p>
        <TextareaField
          label="Note (optional)"
          rows={3}
          maxLength={ORDER_TEXT_MAX}
          error={errors.optionalNote?.message}
          {...register('optionalNote', { onChange: clearError })}
        />
        <ConfirmCheckbox
          label={COMPLETION_CONFIRM}
          data-autofocus
          error={errors.confirmed?.message}
          {...register('confirmed', { onChange: clearError })}
        />
        <ErrorList errors={refusal} />
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={closeModal}>
            Close
          </button>
          <button type="submit" className="button button--primary" disabled={pending}>
            {pending ? 'Completing…' : 'Complete Order'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
