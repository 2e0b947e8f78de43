import { useEffect, useRef, useState } from 'react';
import { Link } from '../../../components/link';
import { VENDOR_MESSAGES, type SetupFacts } from '@stg/domain/api/vendors';
import { errorsOf } from '../../../lib/api-client';
import type { Vendor } from '@stg/domain/api/vendors';
import { useSession } from '../../../lib/session/use-session';
import { useSubmitForReview, useUpdateVendor } from '../../../lib/vendor-api';
import {
  useAppointmentInstructions,
  useServiceDescription,
} from '../../../lib/vendors/use-service-description';
import { NEXT_STEPS_TITLE, setupPageLink, STEP_OF_PROBLEM } from '../setup-pages';
import { STEP_HEADING_ID, StepHeading } from './step-heading';
import { StepFooter } from './step-footer';
import { DESCRIPTION_CARD_ID, DescriptionCard, InstructionsCard } from './description-card';

const CHECKLIST = [
  {
    title: 'Application completeness',
    text: 'Your logo, banner, gallery, calendar choice, bank details, pricing, scheduling rules and service description are all in place.',
  },
  {
    title: 'Business legitimacy',
    text: 'We confirm that your business name, phone number, email and address belong to a real, local business.',
  },
  {
    title: 'Appropriate images',
    text: 'Your photos show your own work clearly, with nothing offensive, misleading or copied.',
  },
];

/**
 * Setup step 5, Next Steps (spec §2): what the review checks, the certificate of insurance note, support
 * contact, and Submit for Review, enabled only when the readiness rule lists nothing (the server checks
 * again); each item it lists links to the step that fixes it.
 * A failure shows "Error submitting for review" with what the server says is missing; under review the
 * button reads Submitted. A description or instructions typed and not saved yet are saved first (a
 * typed description counts as one), so what the vendor sees is what is reviewed.
 */
export function NextSteps({
  vendor,
  facts,
  problems: allProblems,
  calendarSkippedHere,
}: {
  vendor: Vendor;
  facts: SetupFacts;
  /** The readiness rule's items (ADR 0032: spec §5's steps, and what a customer needs to get a price and a time). */
  problems: readonly string[];
  /** The Skip is remembered in this tab: make sure the server knows it before submitting. */
  calendarSkippedHere: boolean;
}) {
  const submit = useSubmitForReview(vendor.id);
  // The review's mails go to the account's email (the vendor's admin user), not the business email.
  const accountEmail = useSession().user?.email;
  const update = useUpdateVendor(vendor.id);
  const [errors, setErrors] = useState<string[] | null>(null);
  const [sending, setSending] = useState(false);
  const [justSubmitted, setJustSubmitted] = useState(false);
  const doneRef = useRef<HTMLDivElement>(null);
  const description = useServiceDescription(vendor);
  const instructions = useAppointmentInstructions(vendor);
  const underReview = vendor.listingStatus === 'under_review';
  const describedHere = description.text.trim() !== '';
  const problems = underReview
    ? []
    : allProblems.filter((problem) => !(problem === VENDOR_MESSAGES.descriptionRequired && describedHere));

  useEffect(() => {
    if (justSubmitted && underReview) doneRef.current?.focus();
  }, [justSubmitted, underReview]);

  const send = async () => {
    setErrors(null);
    setSending(true);
    try {
      if (calendarSkippedHere && !vendor.calendarSkipped && !facts.calendarIntegrated)
        await update.mutateAsync({ changes: { calendarSkipped: true } });
      await description.saveIfChanged();
      await instructions.saveIfChanged();
      await submit.mutateAsync();
      setJustSubmitted(true);
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="setup-step" aria-labelledby={STEP_HEADING_ID}>
      <StepHeading>{NEXT_STEPS_TITLE}</StepHeading>
      {underReview ? (
        <div className="alert alert--success setup-next__submitted" ref={doneRef} tabIndex={-1}>
          <p>
            <strong>Your listing is under review.</strong> We will email{' '}
            {accountEmail ? <strong>{accountEmail}</strong> : 'you'} when it is approved or if we need
            anything from you. Your listing goes live once it is approved.
          </p>
        </div>
      ) : (
        <p className="setup-step__lead">
          When the steps above are complete and your service is described, submit your listing. Our team
          reviews every listing before it goes live.
        </p>
      )}

      {!underReview && (
        <div className="setup-next__service">
          <DescriptionCard field={description} />
          <InstructionsCard field={instructions} />
        </div>
      )}

      <div className="setup-next__grid">
        <div className="card setup-next__card">
          <h3>What we review</h3>
          <ul className="setup-next__checklist">
            {CHECKLIST.map((item) => (
              <li key={item.title}>
                <span className="setup-next__check" aria-hidden="true">
                  ✓
                </span>
                <span>
                  <strong>{item.title}</strong>
                  <span className="setup-next__check-text">{item.text}</span>
                </span>
              </li>
            ))}
          </ul>
          <p className="setup-next__insurance">
            We may also ask for a certificate of insurance for your business before your listing goes live.
          </p>
        </div>
        <div className="card setup-next__card">
          <h3>Questions?</h3>
          <p>
            Our vendor team is here to help with your listing, the review or payouts. Send us a message on the{' '}
            <Link to="/contact-us">contact page</Link>; we reply within 24 hours.
          </p>
        </div>
      </div>

      {problems.length > 0 && (
        <div className="setup-next__missing" id="setup-next-missing">
          <p>Before you can submit:</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>
                {STEP_OF_PROBLEM[problem] ? (
                  <Link to={setupPageLink(STEP_OF_PROBLEM[problem])}>{problem}</Link>
                ) : problem === VENDOR_MESSAGES.descriptionRequired ? (
                  <a href={`#${DESCRIPTION_CARD_ID}`}>{problem}</a>
                ) : (
                  problem
                )}
              </li>
            ))}
          </ul>
        </div>
      )}

      {errors && (
        <div className="alert alert--error setup-next__error" role="alert">
          <p>
            <strong>{VENDOR_MESSAGES.submitFailed}</strong>
          </p>
          {errors.length > 0 && (
            <ul>
              {errors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </div>
      )}

      <StepFooter page="next-steps" canContinue={false} noBack={underReview}>
        <button
          type="button"
          className="button button--primary button--large"
          disabled={underReview || sending || problems.length > 0}
          aria-describedby={problems.length > 0 ? 'setup-next-missing' : undefined}
          onClick={() => void send()}
        >
          {underReview ? 'Submitted' : sending ? 'Submitting…' : 'Submit for Review'}
        </button>
      </StepFooter>
    </section>
  );
}
