import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '../../../components/link';
import { signInSchema, type SignIn, TEXT_LIMITS } from '@stg/domain/validation';
import type { z } from 'zod';
import { ErrorList } from '../../../components/error-list';
import { TextField } from '../../../components/text-field';
import { errorsOf } from '../../../lib/api-client';
import type { Session } from '@stg/domain/api/session';
import { useSignIn } from '../api/use-sign-in';

interface SignInFormProps {
  onSignedIn: (session: Session) => void;
  onForgotPassword: () => void;
}

export function SignInForm({ onSignedIn, onForgotPassword }: SignInFormProps) {
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<z.input<typeof signInSchema>, unknown, SignIn>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => setFocus('email'), [setFocus]);

  // The form's handler does not wait: handleSubmit's promise only settles the validation (its callback
  // hands off to a mutation, which reports its own errors), hence `void onSubmit(event)` below.
  const onSubmit = handleSubmit((values) => {
    signIn.mutate(values, { onSuccess: onSignedIn });
  });

  return (
    <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={signIn.isPending}>
      <ErrorList errors={signIn.isError ? errorsOf(signIn.error) : []} />
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
