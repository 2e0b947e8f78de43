import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { STATE, ZIP_CODES } from '@stg/domain/constants';
import { customerSignUpSchema, TEXT_LIMITS } from '@stg/domain/validation';
import { ErrorList } from '../../../components/error-list';
import { TextField } from '../../../components/text-field';
import { useMutationForm } from '../../../lib/use-mutation-form';
import type { Session } from '@stg/domain/api/session';
import { useSignUp } from '../api/use-sign-up';
import { PasswordTips } from '../../../components/password-tips';

/** Customer sign-up (spec §5): every field but street 2 required, state UT, zip from the four served. */
export function SignUpForm({ onSignedUp }: { onSignedUp: (session: Session) => void }) {
  const signUp = useSignUp();
  const { form, formProps, serverErrors } = useMutationForm(customerSignUpSchema, {
    mutation: signUp,
    submit: (values) =>
      signUp.mutate(values, {
        onSuccess: (data) =>
          onSignedUp({
            user: data.user,
            addresses: data.addresses,
            orders: [],
            vendor: null,
            bookings: [],
            guestInputs: {},
          }),
      }),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phoneNumber: '',
      password: '',
      passwordConfirmation: '',
      address: { streetAddress: '', street_address_2: '', city: '', state: STATE, zipCode: '' },
    },
  });
  const {
    register,
    control,
    setFocus,
    formState: { errors },
  } = form;
  const password = useWatch({ control, name: 'password' }) ?? '';

  useEffect(() => setFocus('firstName'), [setFocus]);

  return (
    <form className="form" {...formProps}>
      <ErrorList errors={serverErrors} />
      <div className="form__row">
        <TextField
          label="First Name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          maxLength={TEXT_LIMITS.firstName}
          {...register('firstName')}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          maxLength={TEXT_LIMITS.lastName}
          {...register('lastName')}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        maxLength={TEXT_LIMITS.email}
        {...register('email')}
      />
      <TextField
        label="Phone Number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        hint="10 digits, numbers only"
        error={errors.phoneNumber?.message}
        {...register('phoneNumber')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={<PasswordTips password={password} />}
        error={errors.password?.message}
        maxLength={TEXT_LIMITS.password}
        {...register('password')}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.passwordConfirmation?.message}
        maxLength={TEXT_LIMITS.password}
        {...register('passwordConfirmation')}
      />
      <fieldset className="form__fieldset">
        <legend>Service Address</legend>
        <TextField
          label="Street Address"
          autoComplete="address-line1"
          error={errors.address?.streetAddress?.message}
          maxLength={TEXT_LIMITS.streetAddress}
          {...register('address.streetAddress')}
        />
        <TextField
          label="Street Address 2 (Optional)"
          autoComplete="address-line2"
          error={errors.address?.street_address_2?.message}
          maxLength={TEXT_LIMITS.streetAddress2}
          {...register('address.street_address_2')}
        />
        <div className="form__row form__row--address">
          <TextField
            label="City"
            autoComplete="address-level2"
            error={errors.address?.city?.message}
            maxLength={TEXT_LIMITS.city}
            {...register('address.city')}
          />
          <TextField label="State" value={STATE} readOnly aria-readonly="true" name="state" />
          <TextField
            label="Zip Code"
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={5}
            hint={`We serve ${ZIP_CODES.join(', ')}.`}
            error={errors.address?.zipCode?.message}
            {...register('address.zipCode')}
          />
        </div>
      </fieldset>
      <button type="submit" className="button button--primary button--block" disabled={signUp.isPending}>
        Create Account
      </button>
    </form>
  );
}
