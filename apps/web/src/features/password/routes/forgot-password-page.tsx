import { useWatch } from 'react-hook-form';
import { forgotPasswordSchema } from '@stg/domain/validation';
import { ErrorList } from '../../../components/error-list';
import { PageHeader } from '../../../components/page-header';
import { TextField } from '../../../components/text-field';
import { useMutationForm } from '../../../lib/use-mutation-form';
import { useForgotPassword } from '../api/use-forgot-password';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /forgot-password (spec §2, §5, §8): Email and Send Link, disabled while the email is empty. */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  const forgot = useForgotPassword();
  const { form, formProps, serverErrors } = useMutationForm(forgotPasswordSchema, {
    defaultValues: { email: '' },
    mutation: forgot,
    submit: ({ email: address }) => forgot.mutate(address),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const email = useWatch({ control, name: 'email' }) ?? '';

  return (
    <div className="container page page--narrow">
      <PageHeader
        title="Forgot Password"
        lead="Enter the email address of your account and we will email you a link to choose a new password."
      />
      <div className="card">
        <form className="form" {...formProps}>
          <ErrorList errors={serverErrors} />
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
