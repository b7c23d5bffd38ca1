// The e-mail switch of /profile: whether notices (outbid, won, sold…) also arrive by mail.
import { Skeleton } from '../../components/skeleton';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/errors';
import { useUpdateUserSettings, useUserSettings } from './api';

export function EmailNotifications() {
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  if (settings.isPending) return <Skeleton className="h-12" />;
  if (settings.isError) return <p className="text-sm text-red-700">{errorMessage(settings.error, 'Your settings could not be loaded.')}</p>;

  const on = update.isPending ? update.variables.emailNotifications : settings.data.emailNotifications;
  return (
    <div className="space-y-2">
      <div className="flex items-start justify-between gap-4">
        <div className="text-sm">
          <label htmlFor="email-notifications" className="block font-medium text-slate-900">
            E-mail me my notifications
          </label>
          <p id="email-notifications-hint" className="text-slate-600">
            Outbid, won, sold, unsold, reserve-not-met, ending-soon and saved-search notices, sent to your account’s email as well as shown
            here.
          </p>
        </div>
        <span className="flex shrink-0 items-center gap-2">
          {update.isPending && <Spinner label="Saving…" />}
          <input
            id="email-notifications"
            type="checkbox"
            role="switch"
            aria-describedby="email-notifications-hint"
            checked={on}
            disabled={update.isPending}
            onChange={(event) => update.mutate({ emailNotifications: event.target.checked })}
            className="peer relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:absolute before:left-0.5 before:top-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-accent-600 checked:before:translate-x-5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 disabled:cursor-wait motion-reduce:before:transition-none"
          />
        </span>
      </div>
      <p role="status" className="text-sm text-slate-600">
        {update.isError ? errorMessage(update.error, 'The setting was not saved. Please try again.') : mailNote(settings.data)}
      </p>
    </div>
  );
}

/** What stands between the switch and a mail: no mail server, or an address not confirmed yet. */
function mailNote({ mailEnabled, mailPrinted, emailVerified }: { mailEnabled: boolean; mailPrinted: boolean; emailVerified: boolean }) {
  if (!mailEnabled && mailPrinted) return 'No mail server is set up: in development, mails are printed in the server’s terminal instead.';
  if (!mailEnabled) return 'No mail server is set up on this site, so notices appear here only.';
  if (!emailVerified) return 'Confirm your address (above) to get them by mail.';
  return null;
}
