import { useState } from 'react';
import type { VendorPlanSummary } from '@stg/domain/api/plans';
import { formatAppointment } from '@stg/domain/dates';
import { PLAN_FREQUENCY_LABELS } from '@stg/domain/plans';
import { planPriceText, planStatusText, VENDOR_VISIT_STATUS_WORDS } from '../vendor-plan-text';
import { VendorPlanSection } from './vendor-plan-section';

/**
 * The vendor's plans (ADR 0037), one card each: the customer, the frequency, the price per visit, the
 * plan's status and its next visit with that visit's status. Details opens the plan's Service Plan section
 * (its next visits, a cancellation's reason and Cancel Plan, not the facts the card shows), read only then.
 */
export function PlanList({
  plans,
  now,
  descriptionId,
  onNotice,
}: {
  plans: VendorPlanSummary[];
  now: Date;
  descriptionId: string;
  onNotice: (notice: string) => void;
}) {
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpened((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <ul className="vendor-plans__list" aria-describedby={descriptionId}>
      {plans.map((plan) => {
        const open = opened.has(plan.id);
        const idBase = `vendor-plan-${plan.id}`;
        const frequency = PLAN_FREQUENCY_LABELS[plan.frequency];
        return (
          <li key={plan.id} className={`vendor-plans__item vendor-plans__item--${plan.status}`}>
            <article aria-labelledby={`${idBase}-name`}>
              <div className="vendor-plans__head">
                <h2 id={`${idBase}-name`} className="vendor-plans__name">
                  {plan.customerName}
                </h2>
                <button
                  type="button"
                  className="button button--secondary button--small vendor-plans__toggle"
                  aria-expanded={open}
                  aria-controls={`${idBase}-details`}
                  onClick={() => toggle(plan.id)}
                >
                  {open ? 'Hide details' : 'Details'}{' '}
                  <span className="visually-hidden">
                    of the {frequency} plan of {plan.customerName}
                  </span>
                </button>
              </div>
              <dl className="vendor-plans__facts">
                <div>
                  <dt>Frequency</dt>
                  <dd>{frequency}</dd>
                </div>
                <div>
                  <dt>Price per visit</dt>
                  <dd>{planPriceText(plan)}</dd>
                </div>
                <div>
                  <dt>Plan status</dt>
                  <dd>{planStatusText(plan)}</dd>
                </div>
                <div>
                  <dt>Next visit</dt>
                  <dd>
                    {plan.nextVisit ? (
                      <>
                        <time dateTime={plan.nextVisit.appointmentAt}>
                          {formatAppointment(plan.nextVisit.appointmentAt)}
                        </time>
                        <span className="vendor-plans__visit-status">
                          {VENDOR_VISIT_STATUS_WORDS[plan.nextVisit.status]}
                        </span>
                      </>
                    ) : (
                      'None'
                    )}
                  </dd>
                </div>
              </dl>
              <div id={`${idBase}-details`} className="vendor-plans__details" hidden={!open}>
                {open && (
                  <VendorPlanSection
                    vendorId={plan.vendorId}
                    planId={plan.id}
                    idBase={idBase}
                    level={3}
                    open
                    now={now}
                    onNotice={onNotice}
                    facts={false}
                  />
                )}
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
