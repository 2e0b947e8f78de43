import type { OrderPlan } from '@stg/domain/api/orders';
import { planTagText } from '../vendor-plan-text';

/** "Plan: Every 2 weeks" beside an order that is a visit of a service plan (ADR 0037). */
export function PlanTag({ plan, className }: { plan: OrderPlan; className?: string }) {
  return <span className={className ? `plan-tag ${className}` : 'plan-tag'}>{planTagText(plan)}</span>;
}
