import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { Vendor } from '@stg/domain/api/vendors';
import { CalendarStep } from '../components/calendar-step';
import { ImagesStep } from '../components/images-step';
import { LogoStep } from '../components/logo-step';
import { NextSteps } from '../components/next-steps';
import { PayoutsStep } from '../components/payouts-step';
import { SentBackNotice } from '../components/sent-back-notice';
import { SetupStatusBar } from '../components/setup-status-bar';
import { STEP_HEADING_ID } from '../components/step-heading';
import { PricingStep } from '../components/pricing-step';
import { SchedulingStep } from '../components/scheduling-step';
import {
  parseSetupPage,
  setupFactsOf,
  setupProblemsOf,
  setupProgressOf,
  type SetupPageName,
} from '../setup-pages';
import { useCalendarSkipped } from '../use-calendar-skipped';
import '../vendor-setup.css';

/**
 * /dashboard/setup?page=logo|images|calendar|payouts|pricing|scheduling|next-steps (spec §2 Setup,
 * ADR 0032): the status bar and the
 * page's step. A missing or unknown page shows logo and a listing under review always shows next-steps;
 * either way the address is corrected in place (replaced, so Back does not return to it).
 */
export function SetupPage({ vendor, title }: { vendor: Vendor; title: string }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('page');
  const underReview = vendor.listingStatus === 'under_review';
  const page: SetupPageName = underReview ? 'next-steps' : (parseSetupPage(asked) ?? 'logo');
  const [calendarSkippedHere, markCalendarSkipped] = useCalendarSkipped(vendor.id);
  const facts = setupFactsOf(vendor, calendarSkippedHere);
  // The server's readiness rule (ADR 0032): the status bar's marks and Next Steps' list both come from it.
  const problems = setupProblemsOf(vendor, facts);
  const progress = setupProgressOf(problems);

  useEffect(() => {
    if (asked === page) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('page', page);
        return next;
      },
      { replace: true },
    );
  }, [asked, page, setParams]);

  // A step change starts the keyboard (and the screen reader) at the new step's heading; a link to one of
  // the step's texts (a sent-back item: #setup-description) starts in that text's field instead.
  const shown = useRef(page);
  const { hash } = useLocation();
  useEffect(() => {
    const field = hash ? document.getElementById(`${hash.slice(1)}-text`) : null;
    if (field) {
      shown.current = page;
      field.focus();
      return;
    }
    if (shown.current === page) return;
    shown.current = page;
    document.getElementById(STEP_HEADING_ID)?.focus();
  }, [page, hash]);

  return (
    <section className="dashboard-section vendor-setup" aria-labelledby="dashboard-section-title">
      <h1 id="dashboard-section-title" className="dashboard-section__title">
        {title}
      </h1>
      <p className="dashboard-section__summary">
        Complete the steps below, then submit your listing for review. Your progress is saved as you go.
      </p>
      <SentBackNotice vendor={vendor} />
      <SetupStatusBar listingStatus={vendor.listingStatus} progress={progress} current={page} />
      <div className="vendor-setup__page">
        {page === 'logo' && <LogoStep vendor={vendor} />}
        {page === 'images' && <ImagesStep vendor={vendor} />}
        {page === 'calendar' && (
          <CalendarStep vendor={vendor} skipped={facts.calendarSkipped} onSkip={markCalendarSkipped} />
        )}
        {page === 'payouts' && <PayoutsStep vendor={vendor} />}
        {page === 'pricing' && <PricingStep vendor={vendor} problems={problems} />}
        {page === 'scheduling' && <SchedulingStep vendor={vendor} problems={problems} />}
        {page === 'next-steps' && (
          <NextSteps
            vendor={vendor}
            facts={facts}
            problems={problems}
            calendarSkippedHere={calendarSkippedHere}
          />
        )}
      </div>
    </section>
  );
}
