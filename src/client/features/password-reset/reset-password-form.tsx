// /reset-password's form: the new password twice, under the sign-up rules, with the token of the link.
import { Link } from 'react-router-dom';
import { PASSWORD_MIN } from '../../../shared/constants';
import { PASSWORD_HINT, resetPasswordInput } from '../../../shared/schemas/auth';
import { PASSWORDS_DO_NOT_MATCH } from '../../../shared/schemas/user';
import { Banner } from '../../components/banner';
import { Button, ButtonLink } from '../../components/button';
import { TextField } from '../../components/text-field';
import { errorMessage } from '../../lib/errors';
import { useSchemaForm } from '../../lib/form';
import { paths } from '../../lib/paths';
import { useResetPassword } from './api';

export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const { errors, onSubmit, onChange } = useSchemaForm<typeof resetPasswordInput, 'confirmPassword'>(resetPasswordInput, {
    check: (found, values) =>
      values.password && values.confirmPassword !== values.password ? { ...found, confirmPassword: PASSWORDS_DO_NOT_MATCH } : found,
    onValid: (input) => reset.mutate(input),
  });

  if (reset.isSuccess) {
    return (
      <div className="space-y-5">
        <Banner tone="success">{reset.data.message}</Banner>
        <ButtonLink to={paths.login} fullWidth>
          Log in
        </ButtonLink>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-5" aria-label="Choose a new password">
      {reset.isError && (
        <Banner tone="error">
          {errorMessage(reset.error, 'The password could not be changed. Please try again.')}{' '}
          <Link to={paths.forgotPassword} className="font-medium underline">
            Ask for a new link
          </Link>
        </Banner>
      )}
      <input type="hidden" name="token" value={token} />
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        hint={PASSWORD_HINT}
        error={errors.password ?? errors.token}
      />
      <TextField
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
      <Button type="submit" fullWidth loading={reset.isPending}>
        {reset.isPending ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  );
}
