// The two-factor row of /privacy's Security Settings. Off: 'Enable' sets up a secret, shown as a QR
// code and as text, and a code from the app turns it on; the recovery codes are then shown once. On:
// 'Disable' asks for the password and a code (or a recovery code).
import { ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { disableTwoFactorInput, enableTwoFactorInput, TOTP_DIGITS } from '../../../shared/two-factor';
import { Badge } from '../../components/badge';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { Skeleton } from '../../components/skeleton';
import { TextField } from '../../components/text-field';
import { errorMessage } from '../../lib/errors';
import { useSchemaForm } from '../../lib/form';
import { useTimedMessage } from '../../lib/use-timed-message';
import { useAuth } from '../auth/auth-context';
import { issueFor, useDisableTwoFactor, useEnableTwoFactor, useSetupTwoFactor } from './api';
import { RecoveryCodes } from './recovery-codes';

type Stage =
  { kind: 'idle' } | { kind: 'setup'; secret: string; otpauthUrl: string } | { kind: 'codes'; codes: string[] } | { kind: 'off' };

const FAILED = 'Something went wrong. Please try again.';

export function TwoFactorSettings() {
  const { user } = useAuth();
  const on = user?.twoFactor === true;
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const setup = useSetupTwoFactor();
  const done = useTimedMessage();
  const action = useRef<HTMLButtonElement>(null);
  const backToIdle = (message?: string) => {
    setStage({ kind: 'idle' });
    if (message) done.show(message);
    // The panel that had the focus is gone: it goes back to the row's button.
    requestAnimationFrame(() => action.current?.focus());
  };

  return (
    <li className="py-4 first:pt-0">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
        <div className="flex min-w-0 gap-3">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
          <div>
            <h3 id="two-factor-heading" className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
              Two-factor authentication <Badge tone={on ? 'success' : 'muted'}>{on ? 'On' : 'Off'}</Badge>
            </h3>
            <p id="two-factor-description" className="mt-0.5 text-sm text-slate-600">
              Add a second step, such as a code from an app, when you log in.
            </p>
          </div>
        </div>
        {stage.kind === 'idle' && (
          <Button
            ref={action}
            variant="secondary"
            size="sm"
            aria-describedby="two-factor-description"
            className="shrink-0"
            loading={setup.isPending}
            onClick={() => {
              done.clear();
              if (on) setStage({ kind: 'off' });
              else setup.mutate(undefined, { onSuccess: (answer) => setStage({ kind: 'setup', ...answer }) });
            }}
          >
            {on ? 'Disable' : setup.isPending ? 'Setting up...' : 'Enable'}
          </Button>
        )}
      </div>
      {stage.kind === 'idle' && setup.error && (
        <Banner tone="error" className="mt-4">
          {errorMessage(setup.error, FAILED)}
        </Banner>
      )}
      {stage.kind === 'idle' && done.message && (
        <Banner tone="success" className="mt-4">
          {done.message}
        </Banner>
      )}
      {stage.kind === 'setup' && (
        <SetUp
          secret={stage.secret}
          otpauthUrl={stage.otpauthUrl}
          onEnabled={(codes) => setStage({ kind: 'codes', codes })}
          onCancel={() => backToIdle()}
        />
      )}
      {stage.kind === 'codes' && <RecoveryCodes codes={stage.codes} onDone={() => backToIdle()} />}
      {stage.kind === 'off' && <TurnOff onDone={(message) => backToIdle(message)} onCancel={() => backToIdle()} />}
    </li>
  );
}

/** A panel under the row, whose heading takes the focus when it opens. */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-5">
      <h4 ref={heading} tabIndex={-1} className="font-medium text-slate-900 focus:outline-none">
        {title}
      </h4>
      <div className="mt-3 space-y-4">{children}</div>
    </div>
  );
}

type QrCode = { state: 'drawing' } | { state: 'drawn'; url: string } | { state: 'failed' };

/** The QR code of the otpauth URL as a data: URL (the page's image policy allows those), drawn in the browser. */
function useQrCode(text: string): QrCode {
  const [qr, setQr] = useState<QrCode>({ state: 'drawing' });
  useEffect(() => {
    let current = true;
    // Loaded only here: the library is not needed on any other page.
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(text, { margin: 1, width: 200, errorCorrectionLevel: 'M' }))
      .then((url) => current && setQr({ state: 'drawn', url }))
      .catch(() => current && setQr({ state: 'failed' }));
    return () => {
      current = false;
    };
  }, [text]);
  return qr;
}

/** The key in groups of four, easier to type by hand; apps ignore the spaces. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function SetUp({
  secret,
  otpauthUrl,
  onEnabled,
  onCancel,
}: {
  secret: string;
  otpauthUrl: string;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const qr = useQrCode(otpauthUrl);
  const enable = useEnableTwoFactor();
  const { errors, onSubmit, onChange } = useSchemaForm(enableTwoFactorInput, {
    onValid: (input) => enable.mutate(input, { onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes) }),
  });
  const codeIssue = enable.error ? issueFor(enable.error, 'code') : undefined;
  return (
    <Panel title="Set up your authenticator app">
      <p className="text-sm text-slate-700">
        1. Scan this QR code with an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or Aegis).
      </p>
      {qr.state === 'drawing' ? (
        <Skeleton className="size-[200px]" />
      ) : qr.state === 'failed' ? (
        <p className="text-sm text-slate-700">The QR code could not be drawn: enter the key below instead.</p>
      ) : (
        <img
          src={qr.url}
          alt="QR code for your authenticator app"
          width={200}
          height={200}
          className="rounded border border-slate-200 bg-white"
        />
      )}
      <div className="text-sm text-slate-700">
        <p id="two-factor-key-label">Can&apos;t scan it? Enter this key in the app instead:</p>
        <code
          aria-labelledby="two-factor-key-label"
          data-secret={secret}
          className="mt-1 block rounded bg-white px-3 py-2 font-mono text-base tracking-wider break-all text-slate-900 ring-1 ring-slate-200"
        >
          {grouped(secret)}
        </code>
      </div>
      <form noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-4" aria-label="Turn on two-factor sign-in">
        {enable.error && !codeIssue && <Banner tone="error">{errorMessage(enable.error, FAILED)}</Banner>}
        <TextField
          label={`2. Enter the ${TOTP_DIGITS}-digit code the app shows`}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={TOTP_DIGITS + 2}
          required
          error={errors.code ?? codeIssue}
        />
        <div className="flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">
          <Button type="submit" loading={enable.isPending}>
            {enable.isPending ? 'Turning on...' : 'Turn on'}
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </Panel>
  );
}

function TurnOff({ onDone, onCancel }: { onDone: (message: string) => void; onCancel: () => void }) {
  const disable = useDisableTwoFactor();
  const { errors, onSubmit, onChange } = useSchemaForm(disableTwoFactorInput, {
    onValid: (input) => disable.mutate(input, { onSuccess: ({ message }) => onDone(message) }),
  });
  const passwordIssue = disable.error ? issueFor(disable.error, 'password') : undefined;
  const codeIssue = disable.error ? issueFor(disable.error, 'code') : undefined;
  return (
    <Panel title="Turn off two-factor sign-in">
      <p className="text-sm text-slate-700">Your password and a code are needed: a code from your app, or one of your recovery codes.</p>
      <form noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-4" aria-label="Turn off two-factor sign-in">
        {disable.error && !passwordIssue && !codeIssue && <Banner tone="error">{errorMessage(disable.error, FAILED)}</Banner>}
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password ?? passwordIssue}
        />
        <TextField
          label="Code from your app, or a recovery code"
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={errors.code ?? codeIssue}
        />
        <div className="flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">
          <Button type="submit" variant="danger" loading={disable.isPending}>
            {disable.isPending ? 'Turning off...' : 'Turn off'}
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </Panel>
  );
}
