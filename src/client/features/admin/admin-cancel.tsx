// 'Cancel auction' on the auction page for an administrator: any scheduled or open auction, with bids
// or not, after a dialog that asks the reason (its seller is told it; its bidders and watchers that
// it will not be sold). The server decides; its refusal (ended meanwhile, cancelled already) shows in the dialog.
import { Ban } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextAreaField } from '../../components/text-area-field';
import { MODERATION_REASON_MAX, reasonProblem } from '../../../shared/moderation';
import { errorMessage } from '../../lib/errors';
import { useAdminCancelAuction } from './api';

export function AdminCancel({ auction }: { auction: { _id: string; itemName: string; bidsCount: number } }) {
  const cancel = useAdminCancelAuction();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  function confirm() {
    const problem = reasonProblem(reason);
    setReasonError(problem ?? undefined);
    if (problem) return;
    cancel.mutate(
      { id: auction._id, reason: reason.trim() },
      {
        // The page now says the auction was cancelled, and the button is gone: the focus goes to the page's heading.
        onSuccess: () => setAsking(false),
        onError: (refusal) => setError(errorMessage(refusal, 'The auction could not be cancelled. Please try again.')),
      },
    );
  }

  return (
    <div className="mt-4">
      <Button
        ref={buttonRef}
        variant="secondary"
        aria-haspopup="dialog"
        icon={<Ban aria-hidden="true" className="size-4" />}
        onClick={() => {
          setReason('');
          setReasonError(undefined);
          setError(null);
          setAsking(true);
        }}
      >
        Cancel auction
      </Button>
      <ConfirmDialog
        open={asking}
        title="Cancel this auction?"
        confirmLabel="Cancel auction"
        pendingLabel="Cancelling..."
        dismissLabel="Keep auction"
        tone="danger"
        pending={cancel.isPending}
        error={error}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
        returnFocusTo={buttonRef}
      >
        <p>
          “{auction.itemName}” ends now without a sale
          {auction.bidsCount > 0
            ? `, and its ${auction.bidsCount === 1 ? 'bid no longer stands' : `${auction.bidsCount} bids no longer stand`}`
            : ''}
          . Its seller, bidders and watchers are told.
        </p>
        <TextAreaField
          className="mt-4"
          label="Reason"
          hint={`Sent to the seller; at most ${MODERATION_REASON_MAX} characters.`}
          rows={3}
          maxLength={MODERATION_REASON_MAX}
          value={reason}
          error={reasonError}
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError(undefined);
          }}
        />
      </ConfirmDialog>
    </div>
  );
}
