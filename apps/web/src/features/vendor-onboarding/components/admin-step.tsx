import { TEXT_LIMITS } from '@stg/domain/validation';
import { TextField } from '../../../components/text-field';
import type { BindField } from './field-binding';

/** Sign-up step 1, Account Admin: the person who manages the listing. */
export function AdminStep({ bind }: { bind: BindField }) {
  return (
    <>
      <div className="form__row">
        <TextField
          label="First Name"
          autoComplete="given-name"
          maxLength={TEXT_LIMITS.firstName}
          {...bind('first_name')}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          maxLength={TEXT_LIMITS.lastName}
          {...bind('last_name')}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        maxLength={TEXT_LIMITS.email}
        {...bind('email')}
      />
      <TextField
        label="Phone Number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        hint="10 digits, numbers only"
        {...bind('phone_number')}
      />
    </>
  );
}
