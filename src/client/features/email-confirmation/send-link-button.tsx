// Mails the signed-in user a new link that confirms their address, and says what happened.
import { Send } from 'lucide-react';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/errors';
import { useSendConfirmationEmail } from './api';

export function SendLinkButton({ label = 'Send the link again' }: { label?: string }) {
  const send = useSendConfirmationEmail();
  return (
    <div className="space-y-2">
      <Button
        variant="secondary"
        size="sm"
        loading={send.isPending}
        disabled={send.isSuccess}
        icon={<Send aria-hidden="true" className="size-4" />}
        onClick={() => send.mutate()}
      >
        {send.isPending ? 'Sending...' : label}
      </Button>
      <p role="status" className={send.isError ? 'text-sm text-red-700' : 'text-sm text-slate-600'}>
        {send.isError
          ? errorMessage(send.error, 'The link could not be sent. Please try again.')
          : send.isSuccess
            ? send.data.message
            : null}
      </p>
    </div>
  );
}
