import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  SANDBOX_BANK,
  VENDOR_MESSAGES,
  sandboxOnboardingRequestSchema,
  type AccountSessionResponse,
} from '@stg/domain/api/vendors';
import { errorsOf } from '../../lib/api-client';
import { submitSandboxOnboarding } from '../../lib/vendor-api';
import { ErrorList } from '../error-list';
import { TextField } from '../text-field';
import { AgreementLinks } from './agreement-links';

type Field = 'accountHolderName' | 'routingNumber' | 'accountNumber' | 'tosAccepted';
const FIELDS: readonly Field[] = ['accountHolderName', 'routingNumber', 'accountNumber', 'tosAccepted'];

/** Which field each of the server's (and the shared schema's) messages belongs to. */
const FIELD_OF: Record<string, Field> = {
  [VENDOR_MESSAGES.sandboxAccountHolderRequired]: 'accountHolderName',
  [VENDOR_MESSAGES.sandboxRoutingInvalid]: 'routingNumber',
  [VENDOR_MESSAGES.sandboxAccountInvalid]: 'accountNumber',
  [VENDOR_MESSAGES.sandboxTermsRequired]: 'tosAccepted',
};

/** What the provider's currently due fields ask for, in words; unknown ones are named as they come. */
export function dueItems(currentlyDue: readonly string[]): string[] {
  const items = currentlyDue.map((key) =>
    key === 'external_account'
      ? 'Bank account for payouts'
      : key.startsWith('tos_acceptance')
        ? 'Acceptance of the services agreement'
        : key.replace(/[._]+/g, ' ').replace(/^./, (c) => c.toUpperCase()),
  );
  return [...new Set(items)];
}

export interface SandboxConnected {
  stripeIntegrated: 'active' | 'inactive' | 'onboarding';
  payoutDestination: { last4: string; bankName: string | null } | null;
}

/**
 * The sandbox's embedded onboarding (ARCHITECTURE §4), marked Test mode: the fields the sandbox account
 * still needs (account holder, Stripe's test routing and account numbers, the services agreement),
 * checked with the shared schema before sending and with the server's messages under their fields.
 */
export function SandboxOnboardingForm({
  session,
  defaultHolderName,
  onConnected,
  onCancel,
  onRestart,
}: {
  session: AccountSessionResponse;
  defaultHolderName: string;
  onConnected: (answer: SandboxConnected) => void;
  onCancel: () => void;
  /** Starts a new account session (this one expired). */
  onRestart: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState({
    accountHolderName: defaultHolderName,
    routingNumber: '',
    accountNumber: '',
    tosAccepted: false,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const due = dueItems(session.currentlyDue);

  // Opened by a click on Connect your bank: the keyboard goes on into the form.
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);

  const change = <K extends Field>(field: K, value: (typeof values)[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    if (formErrors.length > 0) setFormErrors([]);
  };

  const show = (messages: string[]) => {
    const byField: Partial<Record<Field, string>> = {};
    const rest: string[] = [];
    for (const message of messages) {
      const field = FIELD_OF[message];
      if (field && !byField[field]) byField[field] = message;
      else if (!field) rest.push(message);
    }
    setErrors(byField);
    setFormErrors(rest);
    const first = FIELDS.find((f) => byField[f]);
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const request = { clientSecret: session.client_secret, ...values };
    const parsed = sandboxOnboardingRequestSchema.safeParse(request);
    if (!parsed.success) {
      show(parsed.error.issues.map((issue) => issue.message));
      return;
    }
    setSending(true);
    try {
      const answer = await submitSandboxOnboarding({ ...parsed.data, tosAccepted: true });
      onConnected(answer);
    } catch (error) {
      setSending(false);
      show(errorsOf(error));
    }
  };

  const expired = formErrors.includes(VENDOR_MESSAGES.sandboxSessionInvalid);
  const tosError = errors.tosAccepted;

  return (
    <form
      ref={formRef}
      className="payouts-sandbox"
      aria-labelledby={`${id}-title`}
      noValidate
      // submit catches its own failures and shows them; the form does not wait for it.
      onSubmit={(event) => void submit(event)}
    >
      <p className="payouts-sandbox__header">
        <span className="payouts-sandbox__badge">Test mode</span>
        <span>No real bank account is connected and no money moves.</span>
      </p>
      <h3 id={`${id}-title`} className="payouts-sandbox__title">
        Bank account for payouts
      </h3>
      {due.length > 0 && (
        <div className="payouts-sandbox__due">
          <p>Still needed to turn on payouts:</p>
          <ul>
            {due.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      )}
      <TextField
        label="Account holder name"
        name="accountHolderName"
        autoComplete="name"
        maxLength={100}
        value={values.accountHolderName}
        error={errors.accountHolderName}
        disabled={sending}
        onChange={(e) => change('accountHolderName', e.target.value)}
      />
      <TextField
        label="Routing number"
        name="routingNumber"
        inputMode="numeric"
        autoComplete="off"
        value={values.routingNumber}
        error={errors.routingNumber}
        disabled={sending}
        hint={
          <>
            Test routing number: <code>{SANDBOX_BANK.routingNumber}</code>
          </>
        }
        onChange={(e) => change('routingNumber', e.target.value)}
      />
      <TextField
        label="Account number"
        name="accountNumber"
        inputMode="numeric"
        autoComplete="off"
        value={values.accountNumber}
        error={errors.accountNumber}
        disabled={sending}
        hint={
          <>
            Test account number: <code>{SANDBOX_BANK.accountNumbers[0]}</code>
          </>
        }
        onChange={(e) => change('accountNumber', e.target.value)}
      />
      <div className="payouts-sandbox__tos">
        <label className="payouts-sandbox__check">
          <input
            type="checkbox"
            name="tosAccepted"
            checked={values.tosAccepted}
            disabled={sending}
            aria-invalid={tosError ? true : undefined}
            aria-describedby={`${id}-tos ${tosError ? `${id}-tos-error` : ''}`.trim()}
            onChange={(e) => change('tosAccepted', e.target.checked)}
          />
          <span>I accept the services agreement</span>
        </label>
        <p id={`${id}-tos`} className="field__hint">
          <AgreementLinks sandbox />
        </p>
        {tosError && (
          <p id={`${id}-tos-error`} className="field__error">
            {tosError}
          </p>
        )}
      </div>
      <ErrorList errors={formErrors} />
      <div className="payouts__actions">
        {expired ? (
          <button type="button" className="button button--primary" onClick={onRestart}>
            Start again
          </button>
        ) : (
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? 'Connecting…' : 'Connect bank account'}
          </button>
        )}
        <button type="button" className="button button--ghost" disabled={sending} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
