import { Modal } from '../../../components/modal/modal';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { AFTER_SIGN_OUT_PATH } from '@stg/domain/routing';
import { MESSAGES } from '@stg/domain/validation';
import { ErrorList } from '../../../components/error-list';
import { useModal } from '../../../components/modal/modal-provider';
import { errorsOf } from '../../../lib/api-client';
import { useVendorSignUp } from '../api/use-vendor-sign-up';
import {
  EMPTY_VALUES,
  STEP_COUNT,
  stepErrors,
  type Step,
  type VendorSignUpValues,
} from '../vendor-sign-up-values';
import { AdminStep } from './admin-step';
import { BusinessStep } from './business-step';
import type { BindField } from './field-binding';
import { PasswordStep } from './password-step';
import './vendor-sign-up-form.css';

export const VENDOR_SIGN_UP_TITLE = 'List Your Service';

type Section = keyof VendorSignUpValues;
const SECTION_OF: Record<Step, Section> = { 1: 'admin', 2: 'business', 3: 'password' };

const STEP_TEXT: Record<Step, { heading: string; lead: string }> = {
  1: {
    heading: 'Account Admin',
    lead: 'The person who manages this listing. You sign in with this email.',
  },
  2: {
    heading: 'Your Business',
    lead: 'How customers see and reach your business. We serve St George, Utah.',
  },
  3: {
    heading: 'Create a Password',
    lead: 'You sign in with your email and this password.',
  },
};

function valueAt(section: object, path: string): string {
  return path
    .split('.')
    .reduce<unknown>((obj, key) => (obj as Record<string, unknown>)[key], section) as string;
}

function withValueAt<T extends object>(section: T, path: string, value: string): T {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  const record = section as Record<string, unknown>;
  return {
    ...section,
    [head]: rest.length > 0 ? withValueAt(record[head] as object, rest.join('.'), value) : value,
  };
}

/**
 * The vendor-sign-up-form modal (spec §2 Modals, §4 "Vendor sign-up wizard", §5): step 1 the account
 * admin, step 2 the business, step 3 the password. Next is enabled once the step's fields are filled and
 * valid (the shared contract's rules); a field's message shows once it has been left. A back arrow steps
 * back and the close button is on step 1 only. Typed input is kept across steps and server errors. On
 * success the vendor is signed in and goes to / (spec §2), which leads on to the setup.
 */
export function VendorSignUpForm() {
  const { closeModal } = useModal();
  const navigate = useNavigate();
  const signUp = useVendorSignUp();
  const [step, setStep] = useState<Step>(1);
  const [values, setValues] = useState<VendorSignUpValues>(EMPTY_VALUES);
  /** Fields left at least once ("admin.email"), and the steps the user tried to go on from. */
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [attempted, setAttempted] = useState<ReadonlySet<Step>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  /** Server messages about one field ("admin.email": the email is taken), until that field is edited. */
  const [serverFieldErrors, setServerFieldErrors] = useState<Record<string, string>>({});
  const stepRef = useRef<HTMLDivElement>(null);
  const serverErrorsId = useId();

  const section = SECTION_OF[step];
  const errors = stepErrors(step, values);
  const valid = Object.keys(errors).length === 0;
  const busy = signUp.isPending;

  // Each step starts at its first field (and at the field the server named, if any).
  useEffect(() => {
    const container = stepRef.current;
    if (!container) return;
    const target =
      container.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      container.querySelector<HTMLElement>('input:not([readonly]), select');
    target?.focus();
  }, [step]);

  const errorFor = (path: string): string | undefined => {
    const key = `${section}.${path}`;
    return touched.has(key) || attempted.has(step) ? errors[path] : undefined;
  };

  // A field the server's message names is marked invalid and described by that message (shown once, above).
  const serverMark = (path: string) =>
    serverFieldErrors[`${section}.${path}`]
      ? { 'aria-invalid': true as const, 'aria-describedby': serverErrorsId }
      : {};

  const bind: BindField = (path) => ({
    name: path,
    value: valueAt(values[section], path),
    error: errorFor(path),
    ...serverMark(path),
    disabled: busy,
    onChange: (event) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [section]: withValueAt(current[section], path, value) }));
      setServerErrors([]);
      setServerFieldErrors({});
    },
    onBlur: () =>
      setTouched((current) => {
        const key = `${section}.${path}`;
        return current.has(key) ? current : new Set(current).add(key);
      }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!valid) {
      setAttempted((current) => new Set(current).add(step));
      return;
    }
    if (step < STEP_COUNT) {
      setStep((step + 1) as Step);
      return;
    }
    setServerErrors([]);
    signUp.mutate(values, {
      onSuccess: () => {
        // After vendor sign-up the user goes to / (spec §2); the route guard leads on to the setup.
        void navigate(AFTER_SIGN_OUT_PATH);
        closeModal();
      },
      onError: (error) => {
        const messages = errorsOf(error);
        setServerErrors(messages);
        if (messages.includes(MESSAGES.emailTaken)) {
          // The account admin's email: back to step 1, where it can be changed.
          setServerFieldErrors({ 'admin.email': MESSAGES.emailTaken });
          setStep(1);
        }
      },
    });
  };

  const text = STEP_TEXT[step];
  const back =
    step > 1 ? <BackButton disabled={busy} onClick={() => setStep((step - 1) as Step)} /> : undefined;

  return (
    <Modal title={VENDOR_SIGN_UP_TITLE} onClose={closeModal} showClose={step === 1} headerStart={back}>
      <form className="form vendor-sign-up" onSubmit={submit} noValidate aria-busy={busy}>
        <div>
          <p className="vendor-sign-up__step">
            Step {step} of {STEP_COUNT}
          </p>
          <h3 className="vendor-sign-up__heading">{text.heading}</h3>
          <p className="vendor-sign-up__lead">{text.lead}</p>
        </div>
        {serverErrors.length > 0 && (
          <div id={serverErrorsId}>
            <ErrorList errors={serverErrors} />
          </div>
        )}
        <div ref={stepRef} key={step} className="form">
          {step === 1 && <AdminStep bind={bind} />}
          {step === 2 && <BusinessStep bind={bind} />}
          {step === 3 && <PasswordStep bind={bind} password={values.password.password} />}
        </div>
        <button type="submit" className="button button--primary button--block" disabled={!valid || busy}>
          {step < STEP_COUNT ? 'Next' : 'Sign Up'}
        </button>
      </form>
    </Modal>
  );
}

/** The wizard's back arrow, in the modal's header from step 2 on. */
function BackButton({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      className="icon-button vendor-sign-up__back"
      aria-label="Back"
      disabled={disabled}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M15 5l-7 7 7 7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
