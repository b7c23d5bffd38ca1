// The signed-in user's login history on /privacy: one card per sign-in, newest first.
import { Globe, History, MapPin, Monitor, Network, Smartphone, type LucideIcon } from 'lucide-react';
import { Badge } from '../../components/badge';
import { Banner } from '../../components/banner';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { Skeleton } from '../../components/skeleton';
import { errorMessage } from '../../lib/errors';
import { useLoginHistory } from './api';

// Created once: the viewer's locale and time zone, with the weekday so a recent entry is easy to place.
const loginTime = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function isMobile(device: string): boolean {
  return /android|ios|iphone|ipad|mobile/i.test(device);
}

export function LoginHistory() {
  const logins = useLoginHistory();

  if (logins.isPending) return <LoginHistorySkeleton />;
  if (logins.isError)
    return <Banner tone="error">{errorMessage(logins.error, 'Could not load your login history. Please try again.')}</Banner>;
  if (logins.data.length === 0) {
    return (
      <EmptyState
        icon={History}
        title="No sign-ins recorded yet"
        description="Each time you log in, the time, address and device appear here."
      />
    );
  }

  return (
    <ul className="space-y-3" aria-label="Login history">
      {logins.data.map((entry, index) => {
        const DeviceIcon = isMobile(entry.device) ? Smartphone : Monitor;
        return (
          <li key={entry.id}>
            <Card className="p-4 sm:p-5">
              <div className="flex items-start gap-3 sm:gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-50 text-accent-700">
                  <DeviceIcon aria-hidden="true" className="size-5" />
                </span>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <h3 className="font-semibold text-slate-900">
                      <time dateTime={entry.dateTime}>{loginTime.format(new Date(entry.dateTime))}</time>
                    </h3>
                    {index === 0 && <Badge tone="accent">Most recent</Badge>}
                  </div>
                  <p className="mt-0.5 text-sm text-slate-700">{entry.device}</p>
                  <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
                    <Detail icon={Globe} label="IP address" value={entry.ipAddress} mono />
                    <Detail icon={MapPin} label="Location" value={entry.location} />
                    <Detail icon={Network} label="ISP" value={entry.isp} />
                  </dl>
                </div>
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

function Detail({ icon: Icon, label, value, mono = false }: { icon: LucideIcon; label: string; value: string; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-slate-500">
        <Icon aria-hidden="true" className="size-3.5" />
        {label}
      </dt>
      <dd className={mono ? 'mt-0.5 break-all font-mono text-slate-800' : 'mt-0.5 break-words text-slate-800'}>{value}</dd>
    </div>
  );
}

function LoginHistorySkeleton() {
  return (
    <div role="status" aria-label="Loading login history" className="space-y-3">
      {[0, 1, 2].map((i) => (
        <Card key={i} className="p-4 sm:p-5">
          <div className="flex items-start gap-4">
            <Skeleton className="size-10 shrink-0 rounded-lg" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-5 w-48" />
              <Skeleton className="h-4 w-32" />
              <div className="grid gap-3 pt-2 sm:grid-cols-3">
                <Skeleton className="h-8" />
                <Skeleton className="h-8" />
                <Skeleton className="h-8" />
              </div>
            </div>
          </div>
        </Card>
      ))}
    </div>
  );
}
