import { useState } from 'react';
import { cn } from '../../lib/cn';

const palette = [
  'bg-accent-100 text-accent-800',
  'bg-purple-100 text-purple-800',
  'bg-green-100 text-green-800',
  'bg-amber-100 text-amber-800',
  'bg-rose-100 text-rose-800',
  'bg-cyan-100 text-cyan-800',
];

/** A stable colour per name, so the same person looks the same in every list. */
function toneFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return palette[hash % palette.length]!;
}

interface UserAvatarProps {
  name: string;
  avatar?: string | null;
  className?: string;
}

/** The user's picture when there is one that loads, otherwise the first letter of the name in a circle. */
export function UserAvatar({ name, avatar, className }: UserAvatarProps) {
  const [broken, setBroken] = useState(false);
  const base = cn('inline-flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full', className);
  if (avatar && !broken) {
    return <img src={avatar} alt="" width={40} height={40} className={cn(base, 'object-cover')} onError={() => setBroken(true)} />;
  }
  const initial = (Array.from(name.trim())[0] ?? '?').toUpperCase();
  return (
    <span aria-hidden="true" className={cn(base, 'text-sm font-semibold', toneFor(name))}>
      {initial}
    </span>
  );
}

/** Avatar, name and email: the User cell of both admin user tables. */
export function UserIdentity({ name, email, avatar }: { name: string; email: string; avatar?: string | null }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <UserAvatar name={name} avatar={avatar} />
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900" title={name}>
          {name}
        </p>
        <p className="truncate text-sm text-slate-600" title={email}>
          {email}
        </p>
      </div>
    </div>
  );
}
