import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { visibleServerErrors } from '@stg/domain/error-filters';
import { MESSAGES, passwordUpdateSchema, type PasswordUpdate } from '@stg/domain/validation';
import type { z } from 'zod';
import { ErrorList } from '../../../components/error-list';
import { Modal } from '../../../components/modal/modal';
import { useModal } from '../../../components/modal/modal-provider';
import { PasswordTips } from '../../../components/password-tips';
import { TextField } from '../../../components/text-field';
import { errorsOf } from '../../../lib/api-client';
import { useUpdatePassword } from '../api/use-update-password';

type PasswordUpdateInput = z.input<typeof passwordUpdateSchema>;

interface UpdatePasswordFormProps {
  userId: number;
  /** Called after the modal closed on success, e.g. to show a confirmation on the page. */
  onUpdated?: () => void;
}

/**
 * The update-password-form modal (spec §2, §5): Current Password, New Password with the live tips, and
 * Confirm New Password. All three are required and the two new ones must match: the submit button stays
 * disabled until then, and a differing confirmation is named as soon as it is complete.
 */
export function UpdatePasswordForm({ userId, onUpdated }: UpdatePasswordFormProps) {
  const { closeModal } = useModal();
  const update = useUpdatePassword(userId);
  const {
    register,
    handleSubmit,
    control,
    setFocus,
    formState: { errors, touchedFields },
  } = useForm<PasswordUpdateInput, unknown, PasswordUpdate>({
    resolver: zodResolver(passwordUpdateSchema),
    defaultValues: { password: '', newPassword: '', newPasswordConfirmation: '' },
  });
  const { password = '', newPassword = '', newPasswordConfirmation = '' } = useWatch({ control });

  useEffect(() => setFocus('password'), [setFocus]);

  const allFilled = password !== '' && newPassword !== '' && newPasswordConfirmation !== '';
  const confirmationDone =
    newPasswordConfirmation.length >= newPassword.length || touchedFields.newPasswordConfirmation === true;
  const mismatch =
    newPasswordConfirmation !== '' && newPasswordConfirmation !== newPassword && confirmationDone;

  const onSubmit = handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: () => {
        closeModal();
        onUpdated?.();
      },
    });
  });

  return (
    <Modal title="Update Password" size="small">
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={update.isPending}>
        <ErrorList errors={update.isError ? visibleServerErrors(errorsOf(update.error)) : []} />
        <TextField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          required
          hint={<PasswordTips password={newPassword} />}
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <TextField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          required
          error={mismatch ? MESSAGES.passwordConfirmationMismatch : errors.newPasswordConfirmation?.message}
          {...register('newPasswordConfirmation')}
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
