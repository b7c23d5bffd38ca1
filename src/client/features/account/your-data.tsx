// "Your data" on /profile: everything the site keeps about the user, downloaded as one JSON file.
import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { exportFileName } from '../../../shared/constants';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { errorMessage } from '../../lib/errors';
import { useTRPCClient } from '../../lib/trpc';

/** Saves `data` as a file, as a link with `download` does: the browser's own download, nothing shown. */
function saveAsFile(data: unknown, name: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The download has its own copy once it has started.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function YourData() {
  const client = useTRPCClient();
  // Not a cached query: personal data is fetched on each press and kept nowhere but in the file.
  const download = useMutation({
    mutationFn: () => client.user.export.query(),
    onSuccess: (data) => saveAsFile(data, exportFileName(data.exportedAt)),
  });
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Your data</h2>
      <p className="mt-1 text-sm text-slate-600">
        One file with everything this site keeps about you: your account, sign-ins, auctions, bids, watchlist, saved searches,
        notifications, orders, messages and feedback.
      </p>
      <div className="mt-4">
        <Button variant="secondary" loading={download.isPending} onClick={() => download.mutate()}>
          {!download.isPending && <Download aria-hidden="true" className="size-4" />}
          {download.isPending ? 'Preparing your file…' : 'Download my data'}
        </Button>
      </div>
      <p role="status" className="mt-2 text-sm empty:hidden">
        {download.isError ? (
          <span className="text-red-700">{errorMessage(download.error, 'Your data could not be prepared. Please try again.')}</span>
        ) : download.isSuccess ? (
          <span className="text-slate-600">Your file is downloaded.</span>
        ) : null}
      </p>
    </Card>
  );
}
