import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PASSWORD_MIN } from '../../../shared/constants';
import { PASSWORD_HINT, signupInput, type SignupInput } from '../../../shared/schemas/auth';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { checkForm, formValues, type FieldErrors } from '../../lib/form';
import { paths } from '../../lib/paths';
import { useTimedMessage } from '../../lib/use-timed-message';
import { useAuth } from './auth-context';

export function SignupForm() {
  const { signup } = useAuth();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<SignupInput>>({});
  const banner = useTimedMessage();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    // The same schema the server enforces: a short password never leaves the browser.
    const checked = checkForm(signupInput, formValues(form));
    if (!checked.ok) {
      setErrors(checked.errors);
      form.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setErrors({});
    banner.clear();
    setPending(true);
    try {
      await signup(checked.data);
      navigate(paths.home, { replace: true });
    } catch (error) {
      banner.show(error instanceof Error && error.message ? error.message : 'something went wrong');
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Sign up">
      {banner.message && <Banner tone="error">{banner.message}</Banner>}
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

export function LoginPrompt() {
  return (
    <>
      Already have an account?{' '}
      <Link to={paths.login} className="font-medium text-accent-700 hover:underline">
        Log in
      </Link>
    </>
  );
}
