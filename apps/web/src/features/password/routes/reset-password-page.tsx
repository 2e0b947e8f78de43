import { useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../../components/link';
import { MESSAGES, resetPasswordSchema } from '@stg/domain/validation';
import { ErrorList } from '../../../components/error-list';
import { PageHeader } from '../../../components/page-header';
import { PasswordTips } from '../../../components/password-tips';
import { TextField } from '../../../components/text-field';
import { useMutationForm } from '../../../lib/use-mutation-form';
import { useResetPassword } from '../api/use-reset-password';
import { useDocumentTitle } from '../../../lib/use-document-title';

export const PASSWORD_UPDATED_PATH = '/password/reset/complete';

/**
 * /password/reset?token=… (spec §2, §5, §8): New Password with the tips and Confirm Password. The button
 * is disabled while either is empty or they differ. On success the user is signed in and sees
 * /password/reset/complete; failures show the server's messages.
 */
export function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <div className="container page page--narrow">
      <PageHeader title="Reset Password" lead="Choose a new password for your account." />
      <div className="card">
        {token ? (
          <ResetPasswordForm token={token} />
        ) : (
          <div className="stack">
            <p>
              This page needs the link from your password reset email. The link you followed has no reset
              token, so it cannot be used.
            </p>
            <p>
              <Link to="/forgot-password">Request a new reset link</Link>
            </p>
          </div>
        )}
      </div>
    </div>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const navigate = useNavigate();
  const { form, formProps, serverErrors } = useMutationForm(resetPasswordSchema, {
    defaultValues: { token, password: '', passwordConfirmation: '' },
    mutation: reset,
    submit: (values) =>
      reset.mutate(values, { onSuccess: () => void navigate(PASSWORD_UPDATED_PATH, { replace: true }) }),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const { password = '', passwordConfirmation = '' } = useWatch({ control });
  const differ = password !== passwordConfirmation;
  const showMismatch =
    passwordConfirmation !== '' && differ && passwordConfirmation.length >= password.length;

  const linkExpired = serverErrors.includes(MESSAGES.resetTokenInvalid);
  return (
    <form className="form" {...formProps}>
      <ErrorList errors={serverErrors} />
      {linkExpired && (
        <p>
          <Link to="/forgot-password">Request a new reset link</Link>
        </p>
      )}
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        required
        hint={<PasswordTips password={password} />}
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        error={showMismatch ? MESSAGES.passwordConfirmationMismatch : errors.passwordConfirmation?.message}
        {...register('passwordConfirmation')}
      />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={password === '' || passwordConfirmation === '' || differ || reset.isPending}
      >
        {reset.isPending ? 'Saving…' : 'Reset Password'}
      </button>
    </form>
  );
}
