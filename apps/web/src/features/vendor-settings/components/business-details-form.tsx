import { useId, useState, type FormEvent } from 'react';
import { isOneOf } from '@stg/domain/is-one-of';
import { TEXT_LIMITS } from '@stg/domain/validation';
import { vendorBusinessPatchSchema, vendorPatchNeedsPassword } from '@stg/domain/api/vendors';
import { ConfirmPasswordModal } from '../../../components/confirm-password-modal/confirm-password-modal';
import { useModal } from '../../../components/modal/modal-provider';
import { TextField } from '../../../components/text-field';
import type { Vendor } from '@stg/domain/api/vendors';
import { useUpdateVendor, type VendorChanges } from '../../../lib/vendor-api';
import { UpdatePasswordLink } from './update-password-link';

type Field = 'name' | 'phoneNumber' | 'email';
type Draft = Record<Field, string>;

const FIELDS: readonly Field[] = ['name', 'phoneNumber', 'email'];
const FIELD_NAMES: Record<Field, string> = {
  name: 'business name',
  phoneNumber: 'phone number',
  email: 'email',
};

const detailsSchema = vendorBusinessPatchSchema.pick({ name: true, phoneNumber: true, email: true });

const draftOf = (vendor: Pick<Vendor, Field>): Draft => ({
  name: vendor.name,
  phoneNumber: vendor.phoneNumber,
  email: vendor.email,
});

/** The domain's messages for the draft, one per field (the first problem of each). */
function problemsOf(draft: Draft): Partial<Record<Field, string>> {
  const result = detailsSchema.safeParse(draft);
  if (result.success) return {};
  const problems: Partial<Record<Field, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (isOneOf(FIELDS, field)) problems[field] ??= issue.message;
  }
  return problems;
}

/** "business name", "business name and email", "business name, phone number and email". */
function listOf(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * Business details (spec §2 General Settings, §5 phone and email, §7 `{vendor, password}`): the business
 * name, phone and email. Save is on once something changed and every field is filled; saving a change
 * asks for the password in the confirm-password modal and sends only the changed fields. What was typed
 * stays in the form whatever the modal answers.
 */
export function BusinessDetailsForm({ vendor }: { vendor: Vendor }) {
  const id = useId();
  const { openModal } = useModal();
  const update = useUpdateVendor(vendor.id);
  const [draft, setDraft] = useState<Draft>(() => draftOf(vendor));
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [saved, setSaved] = useState(false);

  const problems = problemsOf(draft);
  const changed = FIELDS.some((field) => draft[field] !== draftOf(vendor)[field]);
  const allFilled = FIELDS.every((field) => draft[field].trim() !== '');

  const edit = (field: Field) => (event: { target: { value: string } }) => {
    setDraft((previous) => ({ ...previous, [field]: event.target.value }));
    setSaved(false);
  };
  const touch = (field: Field) => () =>
    setTouched((previous) => (previous.has(field) ? previous : new Set(previous).add(field)));
  const errorOf = (field: Field) => (touched.has(field) ? problems[field] : undefined);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(FIELDS));
    const parsed = detailsSchema.safeParse(draft);
    if (!parsed.success) {
      const first = FIELDS.find((field) => problems[field]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    const values = {
      name: parsed.data.name!,
      phoneNumber: parsed.data.phoneNumber!,
      email: parsed.data.email!,
    };
    const changes: VendorChanges = {};
    if (values.name !== vendor.name) changes.name = values.name;
    if (values.phoneNumber !== vendor.phoneNumber) changes.phoneNumber = values.phoneNumber;
    if (values.email.toLowerCase() !== vendor.email.toLowerCase()) changes.email = values.email;
    if (!vendorPatchNeedsPassword(changes, vendor)) {
      // Only spaces or letter case differed: nothing to send.
      setDraft(draftOf(vendor));
      return;
    }
    const names = FIELDS.filter((field) => changes[field] !== undefined).map((f) => FIELD_NAMES[f]);
    openModal(
      <ConfirmPasswordModal
        title="Confirm Password"
        message={`You are changing your ${listOf(names)}. Enter your password to save ${names.length > 1 ? 'these changes' : 'this change'}.`}
        confirmLabel="Save Changes"
        busyLabel="Saving…"
        onConfirm={async (password) => {
          const saved = await update.mutateAsync({ changes, password });
          setDraft(draftOf(saved));
          setTouched(new Set());
        }}
        onConfirmed={() => setSaved(true)}
      />,
    );
  };

  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    value: draft[field],
    onChange: edit(field),
    onBlur: touch(field),
    error: errorOf(field),
    required: true,
  });

  return (
    <section className="card vendor-settings__card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Business Details</h2>
      <p className="vendor-settings__muted">
        How customers see and reach your business. Changes need your password.
      </p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Business Name"
          autoComplete="organization"
          maxLength={TEXT_LIMITS.businessName}
          {...fieldProps('name')}
        />
        <TextField
          label="Business Phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          hint="10 digits, numbers only"
          className="vendor-settings__phone"
          {...fieldProps('phoneNumber')}
        />
        <TextField label="Business Email" type="email" autoComplete="email" {...fieldProps('email')} />
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={!changed || !allFilled}>
            Save
          </button>
          <p role="status" className="form__status">
            {saved && !changed ? 'Saved' : ''}
          </p>
        </div>
      </form>
      <UpdatePasswordLink />
    </section>
  );
}
