import { useImperativeHandle, useRef, type Ref } from 'react';
import { Link } from 'react-router-dom';
import { loginInput } from '../../../shared/schemas/auth';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { paths } from '../../lib/paths';
import { useReturnTo, withReturnTo } from '../../lib/return-to';
import { useAuth } from './auth-context';
import { useAuthForm } from './use-auth-form';

/** What the login page may do to the form besides typing in it. */
export interface LoginFormHandle {
  /** Puts an email and a password in the fields (a demo account), and the focus on the button. */
  fill(email: string, password: string): void;
}

export function LoginForm({ ref }: { ref?: Ref<LoginFormHandle> }) {
  const { login } = useAuth();
  const { pending, errors, bannerMessage, onSubmit, onChange, recheck } = useAuthForm(loginInput, login);
  const form = useRef<HTMLFormElement>(null);
  useImperativeHandle(ref, () => ({
    fill(email, password) {
      const fields = form.current?.elements;
      if (!fields) return;
      (fields.namedItem('email') as HTMLInputElement).value = email;
      (fields.namedItem('password') as HTMLInputElement).value = password;
      recheck(form.current!);
      form.current!.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
    },
  }));

  return (
    <form ref={form} noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-5" aria-label="Log in">
      {bannerMessage && <Banner tone="error">{bannerMessage}</Banner>}
      <TextField label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
      <div>
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required error={errors.password} />
        <div className="mt-2 text-right">
          <Link to={paths.forgotPassword} className="text-sm font-medium text-accent-700 hover:underline">
            Forgot your password?
          </Link>
        </div>
      </div>
      <Button type="submit" fullWidth loading={pending}>
        {pending ? 'Logging in...' : 'Log in'}
      </Button>
    </form>
  );
}

/** The way to the other form keeps the page to return to. */
export function SignupPrompt() {
  const returnTo = useReturnTo();
  return (
    <>
      Don&apos;t have an account?{' '}
      <Link to={withReturnTo(paths.signup, returnTo)} className="font-medium text-accent-700 hover:underline">
        Sign up
      </Link>
    </>
  );
}
