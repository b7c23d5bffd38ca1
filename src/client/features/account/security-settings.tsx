// The Security Settings panel of /privacy: two-factor sign-in and a way to change the password.
import { KeyRound } from 'lucide-react';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { paths } from '../../lib/paths';
import { TwoFactorSettings } from '../two-factor/two-factor-settings';

export function SecuritySettings() {
  return (
    <Card className="p-5 sm:p-6">
      <h2 id="security-settings-heading" className="text-lg font-semibold text-slate-900">
        Security Settings
      </h2>
      <ul className="mt-4 divide-y divide-slate-200">
        <TwoFactorSettings />
        <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between sm:gap-4 last:pb-0">
          <div className="flex min-w-0 gap-3">
            <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
            <div>
              <h3 className="font-medium text-slate-900">Password</h3>
              <p id="password-description" className="mt-0.5 text-sm text-slate-600">
                Use a long password you don&apos;t use anywhere else.
              </p>
            </div>
          </div>
          <ButtonLink to={paths.profile} variant="secondary" size="sm" aria-describedby="password-description" className="shrink-0">
            Change
          </ButtonLink>
        </li>
      </ul>
    </Card>
  );
}
