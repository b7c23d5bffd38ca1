import { LockKeyhole } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../components/card';

/** The narrow centred card that holds the login and sign-up forms. */
export function AuthCard({
  title,
  subtitle,
  reason,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  /** Why a visitor sent here from another page must sign in first, said above the form. */
  reason?: string | null;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md py-4 sm:py-10">
      <Card className="px-5 py-7 sm:px-8 sm:py-9">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
        {reason && (
          <p className="mt-5 flex items-start gap-3 rounded-lg border border-accent-200 bg-accent-50 px-4 py-3 text-sm font-medium text-accent-900">
            <LockKeyhole aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {reason}
          </p>
        )}
        <div className="mt-6">{children}</div>
      </Card>
      <p className="mt-6 text-center text-sm text-slate-600">{footer}</p>
    </div>
  );
}
