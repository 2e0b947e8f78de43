import { useWatch } from 'react-hook-form';
import { STATE, ZIP_CODES } from '@stg/domain/constants';
import { addressFormErrors } from '@stg/domain/error-filters';
import { isOneOf } from '@stg/domain/is-one-of';
import { addressInputSchema, TEXT_LIMITS } from '@stg/domain/validation';
import type { z } from 'zod';
import { ErrorList } from '../../../components/error-list';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { useMutationForm } from '../../../lib/use-mutation-form';
import type { Address } from '@stg/domain/api/users';
import { useUpdateAddress } from '../api/use-update-address';
import { SaveRow } from './save-row';

type AddressFormInput = z.input<typeof addressInputSchema>;

const ZIP_OPTIONS = ZIP_CODES.map((zip) => ({ value: zip, label: zip }));

const valuesOf = (address: Address): AddressFormInput => ({
  streetAddress: address.streetAddress,
  streetAddress2: address.streetAddress2 ?? '',
  city: address.city,
  state: STATE,
  zipCode: isOneOf(ZIP_CODES, address.zipCode) ? address.zipCode : '',
});

/**
 * Account settings, Address (spec §2, §5, §8): street, city and zip required, street 2 optional, the
 * state fixed to UT, the zip one of the four served. Save is disabled while a required field is empty.
 */
export function AddressForm({ address }: { address: Address }) {
  const update = useUpdateAddress(address.id);
  const { form, formProps, serverErrors } = useMutationForm(addressInputSchema, {
    defaultValues: valuesOf(address),
    mutation: update,
    submit: (values, { reset }) =>
      update.mutate(values, { onSuccess: ({ address: saved }) => reset(valuesOf(saved)) }),
    serverErrors: addressFormErrors,
  });
  const {
    register,
    control,
    formState: { errors, isDirty },
  } = form;
  const values = useWatch({ control });
  const anyEmpty = [values.streetAddress, values.city, values.zipCode].some((v) => (v ?? '').trim() === '');

  return (
    <form className="form" {...formProps}>
      <ErrorList errors={serverErrors} />
      <TextField
        label="Street Address"
        autoComplete="address-line1"
        required
        error={errors.streetAddress?.message}
        maxLength={TEXT_LIMITS.streetAddress}
        {...register('streetAddress')}
      />
      <TextField
        label="Street Address 2"
        autoComplete="address-line2"
        hint="Optional"
        error={errors.streetAddress2?.message}
        maxLength={TEXT_LIMITS.streetAddress2}
        {...register('streetAddress2')}
      />
      <div className="form__row form__row--address">
        <TextField
          label="City"
          autoComplete="address-level2"
          required
          error={errors.city?.message}
          maxLength={TEXT_LIMITS.city}
          {...register('city')}
        />
        <TextField label="State" readOnly aria-readonly="true" {...register('state')} />
        <SelectField
          label="Zip Code"
          autoComplete="postal-code"
          required
          placeholder="Select"
          options={ZIP_OPTIONS}
          error={errors.zipCode?.message}
          {...register('zipCode')}
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
