import { useEffect } from 'react';
import { Link } from '../../../components/link';
import { signInSchema, TEXT_LIMITS } from '@stg/domain/validation';
import { ErrorList } from '../../../components/error-list';
import { TextField } from '../../../components/text-field';
import { useMutationForm } from '../../../lib/use-mutation-form';
import type { Session } from '@stg/domain/api/session';
import { useSignIn } from '../api/use-sign-in';

interface SignInFormProps {
  onSignedIn: (session: Session) => void;
  onForgotPassword: () => void;
}

export function SignInForm({ onSignedIn, onForgotPassword }: SignInFormProps) {
  const signIn = useSignIn();
  const { form, formProps, serverErrors } = useMutationForm(signInSchema, {
    defaultValues: { email: '', password: '' },
    mutation: signIn,
    submit: (values) => signIn.mutate(values, { onSuccess: onSignedIn }),
  });
  const {
    register,
    setFocus,
    formState: { errors },
  } = form;

  useEffect(() => setFocus('email'), [setFocus]);

  return (
    <form className="form" {...formProps}>
      <ErrorList errors={serverErrors} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        maxLength={TEXT_LIMITS.email}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        maxLength={TEXT_LIMITS.password}
        {...register('password')}
      />
      <p className="form__aside">
        <Link to="/forgot-password" onClick={onForgotPassword}>
          Forgot your password?
        </Link>
      </p>
      <button type="submit" className="button button--primary button--block" disabled={signIn.isPending}>
        Sign In
      </button>
    </form>
  );
}
