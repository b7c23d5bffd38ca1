import { Info } from 'lucide-react';
import { LOGIN_HISTORY_RETENTION_MONTHS } from '../../shared/constants';
import { PageHeader } from '../components/page-header';
import { LoginHistory } from '../features/account/login-history';
import { SecuritySettings } from '../features/account/security-settings';

/** /privacy (signed in): the login history and the Security Settings panel. */
export function PrivacyPage() {
  return (
    <>
      <title>Privacy &amp; Security · Open Auction</title>
      <PageHeader title="Privacy & Security" description="Review recent sign-ins to your account and manage its security." />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="login-history-heading">
          <h2 id="login-history-heading" className="text-lg font-semibold text-slate-900">
            Login history
          </h2>
          <p className="mt-1 mb-4 flex items-start gap-2 text-sm text-slate-600">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              Login history is kept for {LOGIN_HISTORY_RETENTION_MONTHS} months, then deleted. If you see a sign-in you don&apos;t
              recognise, change your password.
            </span>
          </p>
          <LoginHistory />
        </section>
        <section aria-labelledby="security-settings-heading">
          <SecuritySettings />
        </section>
      </div>
    </>
  );
}
