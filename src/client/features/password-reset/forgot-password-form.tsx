// /forgot-password's form: one email field, and always the same answer, whether or not an account
// uses that address.
import { forgotPasswordInput } from '../../../shared/schemas/auth';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { errorMessage } from '../../lib/errors';
import { useSchemaForm } from '../../lib/form';
import { useForgotPassword } from './api';

export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const { errors, onSubmit, onChange } = useSchemaForm(forgotPasswordInput, {
    onValid: (input) => forgot.mutate(input),
  });

  return (
    <form noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-5" aria-label="Ask for a password reset link">
      {forgot.isError && <Banner tone="error">{errorMessage(forgot.error, 'The request did not go through. Please try again.')}</Banner>}
      {forgot.isSuccess && <Banner tone="success">{forgot.data.message}</Banner>}
      <TextField label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
      <Button type="submit" fullWidth loading={forgot.isPending}>
        {forgot.isPending ? 'Sending...' : 'Send reset link'}
      </Button>
    </form>
  );
}
