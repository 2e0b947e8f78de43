import { STATE } from '@stg/domain/constants';
import { TEXT_LIMITS } from '@stg/domain/validation';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { CATEGORY_OPTIONS, ZIP_OPTIONS } from '../vendor-sign-up-values';
import type { BindField } from './field-binding';

/** Sign-up step 2, Your Business: how customers see and reach it. */
export function BusinessStep({ bind }: { bind: BindField }) {
  return (
    <>
      <SelectField
        label="Category"
        placeholder="Select One"
        options={CATEGORY_OPTIONS}
        {...bind('category')}
      />
      <TextField
        label="Business Name"
        autoComplete="organization"
        maxLength={TEXT_LIMITS.businessName}
        {...bind('name')}
      />
      <div className="form__row">
        <TextField
          label="Business Phone"
          type="tel"
          inputMode="numeric"
          autoComplete="off"
          hint="10 digits, numbers only"
          {...bind('phone_number')}
        />
        <TextField
          label="Business Email"
          type="email"
          autoComplete="off"
          maxLength={TEXT_LIMITS.email}
          {...bind('email')}
        />
      </div>
      <TextField
        label="Street Address"
        autoComplete="address-line1"
        maxLength={TEXT_LIMITS.streetAddress}
        {...bind('address_attributes.street_address')}
      />
      <TextField
        label="Street Address 2 (Optional)"
        autoComplete="address-line2"
        maxLength={TEXT_LIMITS.streetAddress2}
        {...bind('address_attributes.street_address_2')}
      />
      <div className="form__row form__row--address">
        <TextField
          label="City"
          autoComplete="address-level2"
          maxLength={TEXT_LIMITS.city}
          {...bind('address_attributes.city')}
        />
        <TextField label="State" value={STATE} readOnly aria-readonly="true" name="state" />
        <SelectField
          label="Zip Code"
          placeholder="Select One"
          options={ZIP_OPTIONS}
          {...bind('address_attributes.zip_code')}
        />
      </div>
    </>
  );
}
