// The demo accounts on the login page, while the site is developed: each with its email and
// password and a button that fills the form in. The server decides: it lists them only in
// development, and an empty list (anywhere else) shows nothing at all.
import { KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { shellApi } from '../../lib/shell-api';

type DemoAccount = Awaited<ReturnType<typeof shellApi.demoAccounts>>['accounts'][number];

export function DemoAccounts({ onPick }: { onPick: (account: DemoAccount) => void }) {
  const [accounts, setAccounts] = useState<DemoAccount[]>([]);
  useEffect(() => {
    let current = true;
    // A failure shows nothing: the panel is a convenience, the form works without it.
    shellApi.demoAccounts().then(
      (answer) => current && setAccounts(answer.accounts),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  if (accounts.length === 0) return null;
  return (
    <section aria-labelledby="demo-accounts-heading" className="rounded-xl border border-dashed border-amber-300 bg-amber-50 p-4 sm:p-5">
      <h2 id="demo-accounts-heading" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <KeyRound aria-hidden="true" className="size-4 text-amber-700" />
        Demo accounts
      </h2>
      <p className="mt-1 text-sm text-slate-700">Shown in development only. Unless changed in this database:</p>
      <ul className="mt-3 divide-y divide-amber-200">
        {accounts.map((account) => (
          <li key={account.email} className="flex items-center justify-between gap-3 py-2.5">
            <div className="min-w-0 text-sm">
              <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                {account.name}
                {account.role === 'admin' && <Badge tone="admin">Admin</Badge>}
              </p>
              {/* Each on its own line, so neither breaks in the middle on a phone. */}
              <p className="font-mono text-xs [overflow-wrap:anywhere] text-slate-700">{account.email}</p>
              <p className="font-mono text-xs [overflow-wrap:anywhere] text-slate-700">
                <span className="sr-only">Password: </span>
                {account.password}
              </p>
            </div>
            <Button variant="secondary" size="sm" className="shrink-0" onClick={() => onPick(account)}>
              Fill in<span className="sr-only"> {account.name}’s account</span>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
