import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { VendorOrder } from '@stg/domain/api/orders';
import { dollarsToCents, formatDollars } from '@stg/domain/money';
import {
  ORDER_MESSAGES,
  ORDER_TEXT_MAX,
  readRefundAmount,
  refundAmountCents,
} from '@stg/domain/order-actions';
import { ErrorList } from '../../../components/error-list';
import { Modal } from '../../../components/modal/modal';
import { useModalSubmit } from '../../../components/modal/use-modal-submit';
import { TextareaField } from '../../../components/textarea-field';
import { usePartialRefund } from '../api/use-partial-refund';
import { money } from '../vendor-order-text';
import { OrderHeading } from './order-heading';

export const PARTIAL_REFUND_TITLE = 'Partial Refund';

/**
 * Spec §5 Partial refund: more than 0 with at most two decimals (read as the server reads it,
 * readRefundAmount, whose message says which of the two is wrong), at most the payout left (maxCents); a reason of at most 500 characters.
 */
export function refundFormSchema(maxCents: number) {
  return z.object({
    refundAmount: z.string().superRefine((raw, ctx) => {
      const amount = readRefundAmount(raw);
      if ('problem' in amount) ctx.addIssue({ code: 'custom', message: amount.problem });
      else if (amount.cents > maxCents)
        ctx.addIssue({
          code: 'custom',
          message: ORDER_MESSAGES.refundAmountTooHigh(formatDollars(maxCents)),
        });
    }),
    refundReason: z
      .string()
      .trim()
      .min(1, ORDER_MESSAGES.refundReasonRequired)
      .max(ORDER_TEXT_MAX, ORDER_MESSAGES.refundReasonTooLong),
  });
}
type RefundForm = z.infer<ReturnType<typeof refundFormSchema>>;

/**
 * The partial-refund modal (spec §2 Modals, §5 Partial refund): an amount in dollars (min 0, max the
 * payout still due, step 0.01, with a "$" before it and "up to $X" beside it) and a required reason. The
 * refund comes out of the vendor's payout. A refusal (the provider's message) shows here and the form
 * keeps what was typed.
 */
export function PartialRefundModal({
  order,
  onDone,
}: {
  order: VendorOrder;
  onDone: (notice: string) => void;
}) {
  const refund = usePartialRefund(order.id);
  const { send, clearError, closeModal, pending, errors: refusal } = useModalSubmit(refund, onDone);
  const amountId = useId();
  const maxCents = dollarsToCents(order.vendorPayoutAmount);
  const max = formatDollars(maxCents);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RefundForm>({
    resolver: zodResolver(refundFormSchema(maxCents)),
    defaultValues: { refundAmount: '', refundReason: '' },
  });

  const onSubmit = handleSubmit(({ refundAmount, refundReason }) => {
    const dollars = (refundAmountCents(refundAmount) ?? 0) / 100;
    send(
      { refundAmount: dollars, refundReason },
      `Refunded ${money(dollars)} to the customer for order ${order.confirmationId}. Your payout is reduced by the same amount.`,
    );
  });

  const amountError = errors.refundAmount?.message;
  return (
    <Modal title={PARTIAL_REFUND_TITLE} size="small">
      <form className="form vendor-modal" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={pending}>
        <OrderHeading order={order} />
        <p className="vendor-modal__lead">
          The refund goes back to the customer&apos;s card and comes out of your payout for this order (
          {money(order.vendorPayoutAmount)} now).
        </p>
        <div className="field">
          <label className="field__label" htmlFor={amountId}>
            Refund amount
          </label>
          <div className="vendor-money">
            <span className="vendor-money__prefix" aria-hidden="true">
              $
            </span>
            <input
              id={amountId}
              className="field__control vendor-money__input"
              type="number"
              inputMode="decimal"
              min={0}
              max={order.vendorPayoutAmount}
              step={0.01}
              required
              data-autofocus
              aria-invalid={amountError ? true : undefined}
              aria-describedby={`${amountId}-hint${amountError ? ` ${amountId}-error` : ''}`}
              {...register('refundAmount', { onChange: clearError })}
            />
          </div>
          <p id={`${amountId}-hint`} className="field__hint">
            In dollars, up to {max}.
          </p>
          {amountError && (
            <p id={`${amountId}-error`} className="field__error">
              {amountError}
            </p>
          )}
        </div>
        <TextareaField
          label="Reason for the refund"
          rows={3}
          required
          maxLength={ORDER_TEXT_MAX}
          error={errors.refundReason?.message}
          {...register('refundReason', { onChange: clearError })}
        />
        <ErrorList errors={refusal} />
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={closeModal}>
            Close
          </button>
          <button type="submit" className="button button--primary" disabled={pending}>
            {pending ? 'Refunding…' : 'Refund'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
