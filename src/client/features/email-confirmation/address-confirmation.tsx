// /profile: whether the account's address is confirmed, and, when it is not, the link again.
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Badge } from '../../components/badge';
import { Skeleton } from '../../components/skeleton';
import { errorMessage } from '../../lib/errors';
import { useUserSettings } from '../account/api';
import { SendLinkButton } from './send-link-button';

export function AddressConfirmation({ email }: { email: string }) {
  const settings = useUserSettings();
  if (settings.isPending) return <Skeleton className="h-12" />;
  if (settings.isError) return <p className="text-sm text-red-700">{errorMessage(settings.error, 'Your settings could not be loaded.')}</p>;

  const { emailVerified, mailEnabled, mailPrinted } = settings.data;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 break-all text-sm font-medium text-slate-900">{email}</p>
        {emailVerified ? (
          <Badge tone="success" className="gap-1">
            <CircleCheck aria-hidden="true" className="size-3.5" /> Confirmed
          </Badge>
        ) : (
          <Badge tone="danger" className="gap-1">
            <CircleAlert aria-hidden="true" className="size-3.5" /> Not confirmed
          </Badge>
        )}
      </div>
      {!emailVerified &&
        (mailEnabled || mailPrinted ? (
          <>
            <p className="text-sm text-slate-600">
              We mail notices only to a confirmed address. Follow the link we mailed you when you signed up, or ask for a new one.
            </p>
            <SendLinkButton />
          </>
        ) : (
          <p className="text-sm text-slate-600">No mail server is set up on this site, so the address cannot be confirmed for now.</p>
        ))}
    </div>
  );
}
