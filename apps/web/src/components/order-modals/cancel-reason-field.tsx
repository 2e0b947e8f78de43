import type { ComponentProps } from 'react';
import { z } from 'zod';
import { ORDER_MESSAGES, ORDER_TEXT_MAX } from '@stg/domain/order-actions';
import { TextareaField } from '../textarea-field';

/** Spec §5 Cancellation: the customer's or the vendor's reason, required, of at most 500 characters. */
export const cancelReasonSchema = z
  .string()
  .trim()
  .min(1, ORDER_MESSAGES.cancelReasonRequired)
  .max(ORDER_TEXT_MAX, ORDER_MESSAGES.cancelReasonTooLong);

type CancelReasonFieldProps = Omit<ComponentProps<typeof TextareaField>, 'label' | 'rows' | 'required'>;

/**
 * The reason of the order-cancellation-confirmation modals (the customer's and the vendor's): required,
 * and focused when the modal opens. Accepts register().
 */
export function CancelReasonField(props: CancelReasonFieldProps) {
  return <TextareaField label="Reason for cancelling" rows={4} required data-autofocus {...props} />;
}
