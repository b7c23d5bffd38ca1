// The signed-in user on /profile: their avatar (which they may change), name and email (read-only).
import { Mail, UserRound } from 'lucide-react';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';
import type { SessionUser } from '../auth/auth-context';
import { AvatarEditor } from './avatar-editor';

export function AccountSummary({ user }: { user: SessionUser }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 id="account-heading" className="text-lg font-semibold text-slate-900">
        Account details
      </h2>
      <div className="mt-5 flex min-w-0 items-center gap-2">
        <p className="truncate text-base font-semibold text-slate-900">{user.name}</p>
        <Badge tone={user.role === 'admin' ? 'admin' : 'user'} className="capitalize">
          {user.role}
        </Badge>
      </div>
      <AvatarEditor user={user} />
      <dl className="mt-6 space-y-4 text-sm">
        <div>
          <dt className="flex items-center gap-1.5 font-medium text-slate-600">
            <UserRound aria-hidden="true" className="size-4" /> Name
          </dt>
          <dd className="mt-1 break-words rounded-lg bg-slate-50 px-3 py-2.5 text-slate-900 ring-1 ring-inset ring-slate-200">
            {user.name}
          </dd>
        </div>
        <div>
          <dt className="flex items-center gap-1.5 font-medium text-slate-600">
            <Mail aria-hidden="true" className="size-4" /> Email
          </dt>
          <dd className="mt-1 break-all rounded-lg bg-slate-50 px-3 py-2.5 text-slate-900 ring-1 ring-inset ring-slate-200">
            {user.email}
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-xs text-slate-500">Your name and email can&apos;t be changed here yet.</p>
    </Card>
  );
}
