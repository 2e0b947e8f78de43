/**
 * The customer's order as the API answers it (spec §3 Order; ARCHITECTURE §3: one contract for server
 * and web). Money in dollars with two decimals, times ISO 8601. A customer never sees the commission or
 * the vendor's payout.
 */
import { z } from 'zod';
import { CATEGORIES, FULFILLMENT_STATUSES, PAYMENT_STATUSES } from '../constants';
import { PLAN_FREQUENCIES } from '../plans';

const isoInstant = z.string();

export const orderVendorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.enum(CATEGORIES),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  logoImageUrl: z.string().nullable(),
  cancelationPolicyHours: z.number().int(),
  appointmentInstructions: z.string().nullable(),
});

export const orderAddressSchema = z.object({
  streetAddress: z.string(),
  streetAddress2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
});

export const paymentMethodSummarySchema = z.object({
  last4: z.string().nullable(),
  /** The card brand ("visa"), as spec §3 calls it bankName. */
  bankName: z.string().nullable(),
  brand: z.string().nullable(),
});

/**
 * ADR 0037: the service plan an order is a visit of ("Plan: Every 2 weeks"), with the plan's frequency when
 * the visit was charged; null for a one-time order.
 */
export const orderPlanSchema = z.object({
  id: z.number().int(),
  frequency: z.enum(PLAN_FREQUENCIES),
});
export type OrderPlan = z.infer<typeof orderPlanSchema>;

export const customerOrderSchema = z.object({
  id: z.number().int(),
  confirmationId: z.string(),
  vendorId: z.number().int(),
  userId: z.number().int(),
  addressId: z.number().int().nullable(),
  vendor: orderVendorSchema,
  address: orderAddressSchema.nullable(),
  appointmentAt: isoInstant,
  /** Minutes. */
  duration: z.number().int(),
  customerNotes: z.string().nullable(),
  optionsSnapshot: z.record(z.string(), z.string()),
  fulfillmentStatus: z.enum(FULFILLMENT_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethod: paymentMethodSummarySchema.nullable(),
  /** The bill (spec §2 Summary): subtotal + serviceCharge = totalCollected in every state. */
  subtotal: z.number(),
  serviceCharge: z.number(),
  totalCollected: z.number(),
  /** The ledger's service fee: what the marketplace keeps of the service charge (0 after a cancel). */
  serviceFee: z.number(),
  refundAmount: z.number(),
  refundReason: z.string().nullable(),
  cancelReason: z.string().nullable(),
  previousAppointmentAt: isoInstant.nullable(),
  rescheduleCount: z.number().int(),
  createdAt: isoInstant,
  /** Whether the customer may still cancel or reschedule (spec §4), and why not. */
  canCancel: z.boolean(),
  canReschedule: z.boolean(),
  changeBlockedReason: z.string().nullable(),
  plan: orderPlanSchema.nullable(),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

export const customerOrdersResponseSchema = z.object({ orders: z.array(customerOrderSchema) });
export type CustomerOrdersResponse = z.infer<typeof customerOrdersResponseSchema>;

export const orderResponseSchema = z.object({ order: customerOrderSchema });
export type OrderResponse = z.infer<typeof orderResponseSchema>;

/**
 * PATCH /api/orders/{id}/reschedule. The customer sends the new time; the vendor also ticks the confirm
 * checkbox (spec §5 Vendor reschedule), so `confirmed: true` is required when the vendor reschedules.
 */
export const rescheduleOrderRequestSchema = z.object({
  order: z.object({ appointmentAt: z.string(), confirmed: z.boolean().optional() }),
});
export type RescheduleOrderRequest = z.infer<typeof rescheduleOrderRequestSchema>;

/** PATCH /api/orders/{id}/cancel-order. */
export const cancelOrderRequestSchema = z.object({
  cancelReason: z.string().nullable().optional(),
  /** The vendor's confirm checkbox (spec §5 Cancellation: a vendor cancel also needs it). */
  confirmed: z.boolean().optional(),
});
export type CancelOrderRequest = z.infer<typeof cancelOrderRequestSchema>;

/**
 * An order as its vendor sees it (spec §3 Order, the vendor's Order History): the customer, the money
 * split (commission, the vendor's payout and where it goes), and what the vendor may do (spec §4).
 */
export const vendorOrderSchema = z.object({
  id: z.number().int(),
  confirmationId: z.string(),
  vendorId: z.number().int(),
  userId: z.number().int(),
  addressId: z.number().int().nullable(),
  appointmentAt: isoInstant,
  duration: z.number().int(),
  customerNotes: z.string().nullable(),
  optionalNote: z.string().nullable(),
  optionsSnapshot: z.record(z.string(), z.string()),
  fulfillmentStatus: z.enum(FULFILLMENT_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethod: paymentMethodSummarySchema.nullable(),
  /** The bill (spec §2 Summary): subtotal + serviceCharge = totalCollected in every state. */
  subtotal: z.number(),
  serviceCharge: z.number(),
  totalCollected: z.number(),
  commission: z.number(),
  /** The ledger's service fee: what the marketplace keeps of the service charge (0 after a cancel). */
  serviceFee: z.number(),
  refundAmount: z.number(),
  refundReason: z.string().nullable(),
  vendorPayoutAmount: z.number(),
  /** Where the payout goes; null means Paper Check (spec §3). */
  payoutDestination: z.object({ last4: z.string().nullable(), bankName: z.string().nullable() }).nullable(),
  cancelReason: z.string().nullable(),
  previousAppointmentAt: isoInstant.nullable(),
  rescheduleCount: z.number().int(),
  createdAt: isoInstant,
  /** When the vendor marked it complete, and when its payout falls due (72 hours later); null before. */
  fulfilledAt: isoInstant.nullable().optional(),
  payoutDueAt: isoInstant.nullable().optional(),
  customer: z.object({
    firstName: z.string(),
    lastName: z.string(),
    phoneNumber: z.string(),
    email: z.string(),
    addresses: z.array(orderAddressSchema),
  }),
  allowedActions: z.array(z.enum(['complete', 'reschedule', 'partial_refund', 'cancel'])),
  /** The printable work order (a PDF for the order's vendor; spec §3 workOrderUrl). */
  workOrderUrl: z.string().optional(),
  plan: orderPlanSchema.nullable(),
});
export type VendorOrder = z.infer<typeof vendorOrderSchema>;

export const vendorOrdersResponseSchema = z.object({ orders: z.array(vendorOrderSchema) });
export type VendorOrdersResponse = z.infer<typeof vendorOrdersResponseSchema>;

/**
 * GET /api/vendors/{id}/orders?filter=active|past|all&limit=&cursor= (spec §4 Order lists): active =
 * not fulfilled or cancelled, appointment ascending; past = fulfilled or cancelled, descending; all =
 * newest appointment first. A page of `limit` (default 50, at most 200); `nextCursor` fetches the next.
 */
export const VENDOR_ORDER_FILTERS = ['active', 'past', 'all'] as const;
export type VendorOrderFilter = (typeof VENDOR_ORDER_FILTERS)[number];
export const vendorOrdersQuerySchema = z.object({
  filter: z.enum(VENDOR_ORDER_FILTERS).default('all'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});
export const vendorOrdersPageSchema = vendorOrdersResponseSchema.extend({
  nextCursor: z.string().nullable(),
});
export type VendorOrdersPage = z.infer<typeof vendorOrdersPageSchema>;

/** A vendor's action answers the order as the vendor sees it after the change. */
export const vendorOrderResponseSchema = z.object({ order: vendorOrderSchema });
export type VendorOrderResponse = z.infer<typeof vendorOrderResponseSchema>;

/**
 * PATCH reschedule and cancel-order serve both sides of an order: its customer gets `OrderResponse`
 * (as before), its vendor `VendorOrderResponse`. Each side parses the answer with its own schema.
 */
export const orderChangeResponseSchema = z.union([orderResponseSchema, vendorOrderResponseSchema]);

/**
 * The vendor's money actions accept an `Idempotency-Key` header (at most 200 characters): the same key
 * on the same order answers what the first request did, without refunding again. Without one, an
 * identical refund (amount and reason) by the same vendor within REPLAY_WINDOW_SECONDS is taken as a
 * replay of the first. The web sends one key per opened modal.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const REPLAY_WINDOW_SECONDS = 60;

/**
 * POST /api/orders/{id}/create-partial-refund (spec §5: 0 < amount <= what is left of the payout, step
 * 0.01, reason). The amount is dollars (a number, or a numeric string as a form field gives it); the
 * server answers the spec's messages for a missing or malformed one.
 */
export const partialRefundRequestSchema = z.object({
  refundAmount: z.union([z.number(), z.string(), z.null()]).optional(),
  refundReason: z.string().nullable().optional(),
});
export type PartialRefundRequest = z.infer<typeof partialRefundRequestSchema>;

/** PATCH /api/orders/{id}/mark-as-fulfilled (spec §7 {order, vendorId}; §5: confirm checkbox, optional note). */
export const markFulfilledRequestSchema = z.object({
  order: z.object({
    confirmed: z.boolean().optional(),
    optionalNote: z.string().optional().nullable(),
  }),
  vendorId: z.union([z.number().int(), z.string()]).optional(),
});
export type MarkFulfilledRequest = z.infer<typeof markFulfilledRequestSchema>;
