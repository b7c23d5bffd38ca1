// The Security Settings panel of /privacy: two-factor (not available yet) and a way to change the password.
import { KeyRound, ShieldCheck } from 'lucide-react';
import { Badge } from '../../components/badge';
import { Button, ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { paths } from '../../lib/paths';

export function SecuritySettings() {
  return (
    <Card className="p-5 sm:p-6">
      <h2 id="security-settings-heading" className="text-lg font-semibold text-slate-900">
        Security Settings
      </h2>
      <ul className="mt-4 divide-y divide-slate-200">
        <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between sm:gap-4 first:pt-0">
          <div className="flex min-w-0 gap-3">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
            <div>
              <h3 id="two-factor-heading" className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                Two-factor authentication <Badge tone="muted">Coming soon</Badge>
              </h3>
              <p id="two-factor-description" className="mt-0.5 text-sm text-slate-600">
                Add a second step, such as a code from an app, when you log in.
              </p>
            </div>
          </div>
          {/* Disabled for everyone: the feature does not exist yet (docs/rules/screens.md#forms-and-messages). */}
          <Button variant="secondary" size="sm" disabled aria-describedby="two-factor-description" className="shrink-0">
            Enable
          </Button>
        </li>
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
