import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema } from '@stg/domain/validation';
import type { z } from 'zod';
import { ErrorList } from '../../../components/error-list';
import { PageHeader } from '../../../components/page-header';
import { TextField } from '../../../components/text-field';
import { errorsOf } from '../../../lib/api-client';
import { useForgotPassword } from '../api/use-forgot-password';
import { useDocumentTitle } from '../../../lib/use-document-title';

type ForgotInput = z.input<typeof forgotPasswordSchema>;
type Forgot = z.output<typeof forgotPasswordSchema>;

/** /forgot-password (spec §2, §5, §8): Email and Send Link, disabled while the email is empty. */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<ForgotInput, unknown, Forgot>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const email = useWatch({ control, name: 'email' }) ?? '';

  // The form's handler does not wait: handleSubmit's promise only settles the validation (its callback
  // hands off to a mutation, which reports its own errors), hence `void onSubmit(event)` below.
  const onSubmit = handleSubmit(({ email: address }) => forgot.mutate(address));

  return (
    <div className="container page page--narrow">
      <PageHeader
        title="Forgot Password"
        lead="Enter the email address of your account and we will email you a link to choose a new password."
      />
      <div className="card">
        <form
          className="form"
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-busy={forgot.isPending}
        >
          <ErrorList errors={forgot.isError ? errorsOf(forgot.error) : []} />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...register('email')}
          />
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={email.trim() === '' || forgot.isPending}
          >
            {forgot.isPending ? 'Sending…' : 'Send Link'}
          </button>
          <p role="status" className="form__status form__status--block">
            {forgot.isSuccess ? forgot.data.message : ''}
          </p>
        </form>
      </div>
    </div>
  );
}
