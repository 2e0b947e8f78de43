import type { ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import { Link } from '../../../components/link';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { VendorOrder } from '@stg/domain/api/orders';
import { pathOf } from '@stg/domain/api/endpoint';
import { payoutsApi } from '@stg/domain/api/payouts.endpoints';
import { CATEGORY_LABELS } from '@stg/domain/constants';
import { formatAppointment, formatDurationShort } from '@stg/domain/dates';
import { formatPhone } from '@stg/domain/phone';
import { PLAN_FREQUENCY_LABELS } from '@stg/domain/plans';
import { DASHBOARD_HOME } from '@stg/domain/routing';
import { ErrorList } from '../../../components/error-list';
import { PageLoader } from '../../../components/page-loader';
import { StatusBadge } from '../../../components/status-badge';
import { errorsOf } from '../../../lib/api-client';
import type { Vendor } from '@stg/domain/api/vendors';
import { useSession } from '../../../lib/session/use-session';
import { useDocumentMeta } from '../../../lib/use-document-meta';
import { vendorOrderQueryOptions } from '../api/vendor-order-query';
import { customerName, money } from '../vendor-order-text';
import '../work-order.css';
import { PostalAddress } from '../../../components/postal-address';

export const WORK_ORDER_TITLE = 'Work Order';
export const BACK_TO_ORDERS = 'Back to Order History';
export const PRINT = 'Print';
export const DOWNLOAD_PDF = 'Download PDF';
export const TIME_ZONE_NOTE = 'Mountain Time, St George';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="work-order__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function WorkOrder({ order, vendor }: { order: VendorOrder; vendor: Vendor }) {
  const address = order.customer.addresses[0] ?? null;
  const options = Object.entries(order.optionsSnapshot);
  const instructions = vendor.appointmentInstructions?.trim();
  const notes = order.customerNotes?.trim();
  return (
    <article className="work-order__sheet" aria-labelledby="work-order-title">
      <header className="work-order__header">
        <div>
          <p className="work-order__vendor">{vendor.name}</p>
          <h1 id="work-order-title" className="work-order__title">
            {WORK_ORDER_TITLE}
          </h1>
          <p className="work-order__service">{CATEGORY_LABELS[vendor.category] ?? vendor.category}</p>
        </div>
        <dl className="work-order__confirmation">
          <dt>Confirmation ID</dt>
          <dd>{order.confirmationId}</dd>
        </dl>
      </header>

      {order.fulfillmentStatus === 'cancelled' && (
        <p className="alert alert--error work-order__cancelled">This order was cancelled.</p>
      )}

      <section className="work-order__section" aria-labelledby="work-order-when">
        <h2 id="work-order-when">Appointment</h2>
        <dl className="work-order__list">
          <Row term="Time">
            {formatAppointment(order.appointmentAt)} ({TIME_ZONE_NOTE})
          </Row>
          <Row term="Estimated duration">{formatDurationShort(order.duration)}</Row>
          <Row term="Status">
            <StatusBadge kind="Fulfillment" status={order.fulfillmentStatus} />
          </Row>
          {order.plan && <Row term="Plan">{PLAN_FREQUENCY_LABELS[order.plan.frequency]}</Row>}
        </dl>
      </section>

      <section className="work-order__section" aria-labelledby="work-order-customer">
        <h2 id="work-order-customer">Customer</h2>
        <dl className="work-order__list">
          <Row term="Name">{customerName(order)}</Row>
          <Row term="Phone">{formatPhone(order.customer.phoneNumber) || 'Not given'}</Row>
          <Row term="Email">{order.customer.email}</Row>
          <Row term="Address">
            <PostalAddress address={address} className="work-order__address" />
          </Row>
        </dl>
      </section>

      <section className="work-order__section" aria-labelledby="work-order-service">
        <h2 id="work-order-service">Service Details</h2>
        <dl className="work-order__list">
          {options.length === 0 ? (
            <Row term="Options">None</Row>
          ) : (
            options.map(([label, choice]) => (
              <Row key={label} term={label}>
                {choice}
              </Row>
            ))
          )}
        </dl>
      </section>

      <section className="work-order__section" aria-labelledby="work-order-billing">
        <h2 id="work-order-billing">Billing</h2>
        <dl className="work-order__list">
          <Row term="Subtotal">{money(order.subtotal)}</Row>
          <Row term="Service charge">{money(order.serviceCharge)}</Row>
          <Row term="Total">{money(order.totalCollected)}</Row>
          {order.refundAmount > 0 && <Row term="Refunded">{money(order.refundAmount)}</Row>}
        </dl>
      </section>

      <section className="work-order__section" aria-labelledby="work-order-notes">
        <h2 id="work-order-notes">Customer Notes</h2>
        <p className="work-order__text">{notes || 'None'}</p>
      </section>

      <section className="work-order__section" aria-labelledby="work-order-instructions">
        <h2 id="work-order-instructions">Appointment Instructions</h2>
        <p className="work-order__text">{instructions || 'None'}</p>
      </section>
    </article>
  );
}

/**
 * /work-orders/{id}: the printable work order of one of the vendor's orders (issue 12): the customer,
 * the service address, the time in St George, the options, the customer's notes, the vendor's
 * appointment instructions and the confirmation id. Print opens the browser's print dialog (the page
 * prints without the site's header, footer and these controls); Download PDF fetches the server's PDF
 * (GET /api/orders/{id}/work-order.pdf, the order's vendor only).
 */
export function WorkOrderPage() {
  const { id } = useParams();
  const { vendor } = useSession();
  const queryClient = useQueryClient();
  const orderId = Number(id);
  const valid = Number.isInteger(orderId) && orderId > 0;
  const query = useQuery({
    ...vendorOrderQueryOptions(queryClient, vendor?.id ?? 0, orderId),
    enabled: valid && vendor !== null,
  });
  const order = query.data;

  useDocumentMeta(order ? `${WORK_ORDER_TITLE} ${order.confirmationId}` : null, null);
  // Back to the list as it was left (its filter), when opened from it.
  const from = (useLocation().state as { ordersUrl?: unknown } | null)?.ordersUrl;
  const backTo = typeof from === 'string' && from.startsWith(DASHBOARD_HOME) ? from : DASHBOARD_HOME;

  if (!vendor) return null;

  let content: ReactNode;
  if (!valid) content = <ErrorList errors={['Order not found']} />;
  else if (query.isPending) content = <PageLoader label="Loading the work order…" />;
  else if (query.isError)
    content = (
      <div className="work-order__error">
        <h1 className="work-order__title">{WORK_ORDER_TITLE}</h1>
        <ErrorList errors={errorsOf(query.error)} />
      </div>
    );
  else content = <WorkOrder order={query.data} vendor={vendor} />;

  return (
    <div className="container page work-order">
      <div className="work-order__toolbar">
        <Link to={backTo} className="button button--ghost button--small">
          ← {BACK_TO_ORDERS}
        </Link>
        {order && (
          <div className="work-order__toolbar-actions">
            <button
              type="button"
              className="button button--primary button--small"
              onClick={() => window.print()}
            >
              {PRINT}
            </button>
            <a
              className="button button--secondary button--small"
              href={order.workOrderUrl ?? pathOf(payoutsApi.workOrderPdf, { id: order.id })}
              download={`work-order-${order.confirmationId}.pdf`}
            >
              {DOWNLOAD_PDF}
            </a>
          </div>
        )}
      </div>
      {content}
    </div>
  );
}
