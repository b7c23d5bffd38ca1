import { Link } from 'react-router-dom';
import { PASSWORD_MIN } from '../../../shared/constants';
import { PASSWORD_HINT, signupInput } from '../../../shared/schemas/auth';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { paths } from '../../lib/paths';
import { useReturnTo, withReturnTo } from '../../lib/return-to';
import { useAuth } from './auth-context';
import { useAuthForm } from './use-auth-form';

export function SignupForm() {
  const { signup } = useAuth();
  const { pending, errors, bannerMessage, onSubmit, onChange } = useAuthForm(signupInput, signup);

  return (
    <form noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-5" aria-label="Sign up">
      {bannerMessage && <Banner tone="error">{bannerMessage}</Banner>}
      <TextField label="Full Name" name="name" autoComplete="name" required error={errors.name} />
      <TextField label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        hint={PASSWORD_HINT}
        error={errors.password}
      />
      <Button type="submit" fullWidth loading={pending}>
        {pending ? 'Creating account...' : 'Sign up'}
      </Button>
    </form>
  );
}

/** The way to the other form keeps the page to return to. */
export function LoginPrompt() {
  const returnTo = useReturnTo();
  return (
    <>
      Already have an account?{' '}
      <Link to={withReturnTo(paths.login, returnTo)} className="font-medium text-accent-700 hover:underline">
        Log in
      </Link>
    </>
  );
}
