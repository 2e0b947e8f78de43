import { PasswordTips } from '../../../components/password-tips';
import { TextField } from '../../../components/text-field';
import type { BindField } from './field-binding';

/** Sign-up step 3, Create a Password, with tips for the password typed so far. */
export function PasswordStep({ bind, password }: { bind: BindField; password: string }) {
  return (
    <>
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={<PasswordTips password={password} />}
        {...bind('password')}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        {...bind('password_confirmation')}
      />
    </>
  );
}
