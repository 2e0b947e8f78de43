import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { visibleServerErrors } from '@stg/domain/error-filters';
import { MESSAGES, passwordUpdateSchema } from '@stg/domain/validation';
import type { z } from 'zod';
import { ErrorList } from '../error-list';
import { Modal } from '../modal/modal';
import { useModal } from '../modal/modal-provider';
import { PasswordTips } from '../password-tips';
import { TextField } from '../text-field';
import { errorsOf } from '../../lib/api-client';
import { useMutationForm } from '../../lib/use-mutation-form';
import { useUpdatePassword } from './use-update-password';

type PasswordUpdateInput = z.input<typeof passwordUpdateSchema>;
type Field = keyof PasswordUpdateInput;

/** The fields a server message is about: editing one of them answers it, so the message goes. */
const SERVER_MESSAGE_FIELDS: ReadonlyMap<string, readonly Field[]> = new Map<string, readonly Field[]>([
  [MESSAGES.currentPasswordIncorrect, ['password']],
  [MESSAGES.currentPasswordRequired, ['password']],
  [MESSAGES.passwordRequired, ['newPassword']],
  [MESSAGES.passwordTooShort, ['newPassword']],
  [MESSAGES.passwordNeedsLetter, ['newPassword']],
  [MESSAGES.passwordNeedsNumberOrSpecial, ['newPassword']],
  [MESSAGES.passwordConfirmationMismatch, ['newPassword', 'newPasswordConfirmation']],
]);

interface UpdatePasswordFormProps {
  userId: number;
  /** Called after the modal closed on success, e.g. to show a confirmation on the page. */
  onUpdated?: () => void;
}

/**
 * The update-password-form modal (spec §2, §5): Current Password, New Password with the live tips, and
 * Confirm New Password. All three are required and the two new ones must match: the submit button stays
 * disabled until then, and a differing confirmation is named as soon as it is complete. A server message
 * about a field ("Current password is incorrect.") stays until that field is edited; what was typed is
 * kept. Opened with openModal by the account page and by the vendor's General settings.
 */
export function UpdatePasswordForm({ userId, onUpdated }: UpdatePasswordFormProps) {
  const { closeModal } = useModal();
  const update = useUpdatePassword(userId);
  // Fields edited since the last failed submit: the server messages about them no longer apply.
  const [editedSinceError, setEditedSinceError] = useState<ReadonlySet<Field>>(new Set());
  const { form, formProps, serverErrors } = useMutationForm(passwordUpdateSchema, {
    defaultValues: { password: '', newPassword: '', newPasswordConfirmation: '' },
    mutation: update,
    submit: (values, { setFocus }) => {
      setEditedSinceError(new Set());
      update.mutate(values, {
        onSuccess: () => {
          closeModal();
          onUpdated?.();
        },
        onError: (error) => {
          // Straight back to the field to retype, its text selected.
          if (errorsOf(error).includes(MESSAGES.currentPasswordIncorrect))
            setFocus('password', { shouldSelect: true });
        },
      });
    },
    serverErrors: (messages) =>
      visibleServerErrors(messages).filter(
        (message) => !(SERVER_MESSAGE_FIELDS.get(message) ?? []).some((field) => editedSinceError.has(field)),
      ),
  });
  const {
    register,
    control,
    setFocus,
    formState: { errors, touchedFields },
  } = form;
  const { password = '', newPassword = '', newPasswordConfirmation = '' } = useWatch({ control });
  const markEdited = (field: Field) => {
    if (update.isError)
      setEditedSinceError((edited) => (edited.has(field) ? edited : new Set(edited).add(field)));
  };
  const wrongCurrentPassword = serverErrors.includes(MESSAGES.currentPasswordIncorrect);

  useEffect(() => setFocus('password'), [setFocus]);

  const allFilled = password !== '' && newPassword !== '' && newPasswordConfirmation !== '';
  const confirmationDone =
    newPasswordConfirmation.length >= newPassword.length || touchedFields.newPasswordConfirmation === true;
  const mismatch =
    newPasswordConfirmation !== '' && newPasswordConfirmation !== newPassword && confirmationDone;

  return (
    <Modal title="Update Password" size="small">
      <form className="form" {...formProps}>
        <ErrorList errors={serverErrors} />
        <TextField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          aria-invalid={errors.password || wrongCurrentPassword ? true : undefined}
          {...register('password', { onChange: () => markEdited('password') })}
        />
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          required
          hint={<PasswordTips password={newPassword} />}
          error={errors.newPassword?.message}
          {...register('newPassword', { onChange: () => markEdited('newPassword') })}
        />
        <TextField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          required
          error={mismatch ? MESSAGES.passwordConfirmationMismatch : errors.newPasswordConfirmation?.message}
          {...register('newPasswordConfirmation', {
            onChange: () => markEdited('newPasswordConfirmation'),
          })}
        />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={!allFilled || newPassword !== newPasswordConfirmation || update.isPending}
        >
          {update.isPending ? 'Updating…' : 'Update Password'}
        </button>
      </form>
    </Modal>
  );
}
