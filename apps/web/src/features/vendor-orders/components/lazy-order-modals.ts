import { lazy } from 'react';

/**
 * The Order History's modals, loaded when first wanted (ADR 0041): their forms bring react-hook-form and
 * the reschedule calendar, none of which the list needs for its first paint. Opening an order's actions
 * menu starts the download (`preloadOrderModals`), so a chosen action rarely waits; the modal provider
 * renders lazy content once it is here.
 */
const load = {
  reschedule: () => import('./vendor-reschedule-modal'),
  refund: () => import('./partial-refund-modal'),
  cancel: () => import('./vendor-cancel-order-modal'),
  complete: () => import('./order-completion-modal'),
  cancelPlan: () => import('./vendor-cancel-plan-modal'),
};

export const VendorRescheduleModal = lazy(() =>
  load.reschedule().then((m) => ({ default: m.VendorRescheduleModal })),
);
export const PartialRefundModal = lazy(() => load.refund().then((m) => ({ default: m.PartialRefundModal })));
export const VendorCancelOrderModal = lazy(() =>
  load.cancel().then((m) => ({ default: m.VendorCancelOrderModal })),
);
export const OrderCompletionModal = lazy(() =>
  load.complete().then((m) => ({ default: m.OrderCompletionModal })),
);
export const VendorCancelPlanModal = lazy(() =>
  load.cancelPlan().then((m) => ({ default: m.VendorCancelPlanModal })),
);

let started = false;
/** Starts downloading the order actions' modals (once); a failed download is retried by the modal itself. */
export function preloadOrderModals(): void {
  if (started) return;
  started = true;
  for (const start of [load.reschedule, load.refund, load.cancel, load.complete])
    start().catch(() => undefined);
}
