import { lazy } from 'react';

/**
 * An order's Reschedule and Cancel Order modals, loaded when first wanted (ADR 0041): the cancellation
 * form brings react-hook-form, which the orders list does not need for its first paint. Pointing at or
 * focusing either button starts the download (`preloadOrderModals`); the modal provider renders lazy
 * content once it is here.
 */
const loadCancel = () => import('./customer-order-cancellation-modal');
const loadReschedule = () => import('./reschedule-appointment-modal');

export const CustomerOrderCancellationModal = lazy(() =>
  loadCancel().then((m) => ({ default: m.CustomerOrderCancellationModal })),
);
export const RescheduleAppointmentModal = lazy(() =>
  loadReschedule().then((m) => ({ default: m.RescheduleAppointmentModal })),
);

let started = false;
/** Starts downloading both modals (once); a failed download is retried when the modal opens. */
export function preloadOrderModals(): void {
  if (started) return;
  started = true;
  loadCancel().catch(() => undefined);
  loadReschedule().catch(() => undefined);
}
