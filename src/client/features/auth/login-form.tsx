import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Link } from 'react-router-dom';
import { loginInput } from '../../../shared/schemas/auth';
import { loginCodeInput, TOTP_DIGITS } from '../../../shared/two-factor';
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

/** The email and password; then, for an account with two-factor sign-in, the code in a second step. */
export function LoginForm({ ref }: { ref?: Ref<LoginFormHandle> }) {
  const [challenge, setChallenge] = useState<string | null>(null);
  if (challenge !== null) return <LoginCodeForm challenge={challenge} onRestart={() => setChallenge(null)} />;
  return <PasswordStep ref={ref} onCodeAsked={setChallenge} />;
}

function PasswordStep({ ref, onCodeAsked }: { ref?: Ref<LoginFormHandle>; onCodeAsked: (challenge: string) => void }) {
  const { login } = useAuth();
  const { pending, errors, bannerMessage, onSubmit, onChange, recheck } = useAuthForm(loginInput, async (input) => {
    const outcome = await login(input);
    if ('user' in outcome) return 'done';
    onCodeAsked(outcome.challenge);
    return 'stay';
  });
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

/**
 * The second step: a code from the authenticator app, or one of the recovery codes. After a refusal
 * the field is emptied and focused again, for the next code.
 */
function LoginCodeForm({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const { loginWithCode } = useAuth();
  const [recovery, setRecovery] = useState(false);
  const code = useRef<HTMLInputElement>(null);
  const { pending, errors, bannerMessage, onSubmit, onChange } = useAuthForm(loginCodeInput, loginWithCode, () => {
    if (!code.current) return;
    code.current.value = '';
    code.current.focus();
  });
  // Arriving at this step, or switching the kind of code, the field is where the next keys go.
  useEffect(() => code.current?.focus(), [recovery]);

  return (
    <form noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-5" aria-labelledby="login-code-heading">
      <div>
        <h2 id="login-code-heading" className="text-base font-semibold text-slate-900">
          Two-factor sign-in
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {recovery
            ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once.'
            : `Enter the ${TOTP_DIGITS}-digit code your authenticator app shows for this site.`}
        </p>
      </div>
      {bannerMessage && <Banner tone="error">{bannerMessage}</Banner>}
      <input type="hidden" name="challenge" value={challenge} />
      {recovery ? (
        <TextField
          key="recovery"
          ref={code}
          label="Recovery code"
          name="code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={errors.code}
        />
      ) : (
        <TextField
          key="totp"
          ref={code}
          label="Authentication code"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={TOTP_DIGITS + 2}
          required
          error={errors.code}
        />
      )}
      <Button type="submit" fullWidth loading={pending}>
        {pending ? 'Checking...' : 'Verify and log in'}
      </Button>
      <div className="flex flex-col items-center gap-2 text-sm sm:flex-row sm:justify-between">
        <button type="button" className="font-medium text-accent-700 hover:underline" onClick={() => setRecovery(!recovery)}>
          {recovery ? 'Use a code from your app instead' : 'Use a recovery code instead'}
        </button>
        <button type="button" className="font-medium text-slate-700 hover:underline" onClick={onRestart}>
          Start over
        </button>
      </div>
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
