import { useWatch } from 'react-hook-form';
import { generalFormErrors } from '@stg/domain/error-filters';
import { userUpdateSchema, TEXT_LIMITS } from '@stg/domain/validation';
import type { z } from 'zod';
import { ErrorList } from '../../../components/error-list';
import { TextField } from '../../../components/text-field';
import { useMutationForm } from '../../../lib/use-mutation-form';
import type { User } from '@stg/domain/api/users';
import { useUpdateUser } from '../api/use-update-user';
import { SaveRow } from './save-row';

type GeneralInput = z.input<typeof userUpdateSchema>;

const valuesOf = (user: User): GeneralInput => ({
  firstName: user.firstName,
  lastName: user.lastName,
  phoneNumber: user.phoneNumber,
  email: user.email,
});

/** Account settings, General (spec §2, §5, §8): every field required; Save disabled while one is empty. */
export function GeneralForm({ user }: { user: User }) {
  const update = useUpdateUser(user.id);
  const { form, formProps, serverErrors } = useMutationForm(userUpdateSchema, {
    defaultValues: valuesOf(user),
    mutation: update,
    submit: (values, { reset }) =>
      update.mutate(values, { onSuccess: ({ user: saved }) => reset(valuesOf(saved)) }),
    serverErrors: generalFormErrors,
  });
  const {
    register,
    control,
    formState: { errors, isDirty },
  } = form;
  const values = useWatch({ control });
  const anyEmpty = [values.firstName, values.lastName, values.phoneNumber, values.email].some(
    (v) => (v ?? '').trim() === '',
  );

  return (
    <form className="form" {...formProps}>
      <ErrorList errors={serverErrors} />
      <div className="form__row">
        <TextField
          label="First Name"
          autoComplete="given-name"
          required
          error={errors.firstName?.message}
          maxLength={TEXT_LIMITS.firstName}
          {...register('firstName')}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          required
          error={errors.lastName?.message}
          maxLength={TEXT_LIMITS.lastName}
          {...register('lastName')}
        />
      </div>
      <div className="form__row">
        <TextField
          label="Phone Number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          required
          hint="10 digits, numbers only"
          error={errors.phoneNumber?.message}
          {...register('phoneNumber')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          maxLength={TEXT_LIMITS.email}
          {...register('email')}
        />
      </div>
      <SaveRow
        disabled={anyEmpty || update.isPending}
        saving={update.isPending}
        saved={update.isSuccess && !isDirty}
      />
    </form>
  );
}
